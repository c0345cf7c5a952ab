import { currencyDecimals, toMajor } from '../shared/money.ts';

/**
 * Money and dates as the browser's locale writes them (from Accept-Language), money in the
 * accommodation's currency, instants where the homes are. Formatters are cached per locale and
 * currency: the calendar page formats thousands of prices.
 */
export interface Formatter {
  readonly locale: string;
  money(minor: number, currency: string): string;
  /** `YYYY-MM-DD` as a short date, e.g. "Sat, 14 Feb 2027". */
  date(isoDate: string): string;
  /**
   * An ISO instant, date and time in a home's time zone (`zone`: the home it is about); without
   * one, where the homes are when they share a zone, else in UTC. The zone is named after the
   * time ("14:05 (Europe/Zurich)") when the host's homes are in several zones, so no time reads
   * as another zone's.
   */
  instant(iso: string, zone?: string): string;
  /** Where the homes are when they share a time zone, else UTC: the zone of an instant without a home. */
  readonly zone: string;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The first locale of an Accept-Language header that Intl supports, else en-GB. */
export function localeFrom(acceptLanguage: string | undefined): string {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    if (tag === '' || tag === '*' || tag.length > 35) continue;
    try {
      const [supported] = Intl.NumberFormat.supportedLocalesOf([tag]);
      if (supported !== undefined) return supported;
    } catch {
      // not a well-formed language tag
    }
  }
  return 'en-GB';
}

function numberFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = numberFormats.get(key);
  if (f === undefined) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency });
    if (numberFormats.size > 500) numberFormats.clear();
    numberFormats.set(key, f);
  }
  return f;
}

function dateFormat(locale: string, kind: 'date' | 'instant', zone = 'UTC'): Intl.DateTimeFormat {
  const key = `${locale}|${kind}|${zone}`;
  let f = dateFormats.get(key);
  if (f === undefined) {
    f =
      kind === 'date'
        ? new Intl.DateTimeFormat(locale, {
            weekday: 'short',
            day: 'numeric',
            month: 'short',
            year: 'numeric',
            timeZone: 'UTC',
          })
        : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
    if (dateFormats.size > 500) dateFormats.clear();
    dateFormats.set(key, f);
  }
  return f;
}

/**
 * A formatter for the browser's locale; `homeZones` are the time zones of the host's homes
 * (console-queries.ts `homeZones`), which say where an instant is shown and whether it names its zone.
 */
export function formatter(acceptLanguage: string | undefined, homeZones: readonly string[] = []): Formatter {
  const locale = localeFrom(acceptLanguage);
  const shared = homeZones.length === 1 ? (homeZones[0] ?? 'UTC') : 'UTC';
  const named = homeZones.length > 1;
  return {
    locale,
    zone: shared,
    money: (minor, currency) => numberFormat(locale, currency).format(toMajor(minor, currencyDecimals(currency) ?? 2)),
    date: (isoDate) => dateFormat(locale, 'date').format(new Date(`${isoDate}T00:00:00Z`)),
    instant: (iso, zone) => {
      const where = zone ?? shared;
      const text = dateFormat(locale, 'instant', where).format(new Date(iso));
      return named ? `${text} (${where})` : text;
    },
  };
}

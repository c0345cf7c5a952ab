import { currencyDecimals, toMajor } from './money.ts';

/**
 * The languages guests are written to in (mails and invoices), and their formats: dates,
 * numbers and money as Intl writes them for the language. The words themselves are kept by
 * each feature beside its texts (mail/mail-words.ts, invoices/invoice-words.ts).
 */

export const GUEST_LANGUAGES = ['en', 'de', 'fr', 'es', 'it'] as const;
export type GuestLanguage = (typeof GUEST_LANGUAGES)[number];

export const LANGUAGE_NAMES: Readonly<Record<GuestLanguage, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
};

/** The offered language a tag names by its primary subtag ("de-CH" → de), or null. */
export function guestLanguageOf(tag: string | null | undefined): GuestLanguage | null {
  const primary = (tag ?? '').trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return (GUEST_LANGUAGES as readonly string[]).includes(primary) ? (primary as GuestLanguage) : null;
}

/** The locale each language is formatted in: English as written in the UK (day month year, 24 h). */
const LOCALES: Readonly<Record<GuestLanguage, string>> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
};

export interface GuestFormats {
  /** `YYYY-MM-DD` as a long date: "1 July 2031", "1. Juli 2031", "1 juillet 2031". */
  date(isoDate: string): string;
  /** Minor units of a currency: "€932.80", "932,80 €". */
  money(minor: number, currency: string): string;
  /** A percentage from parts per million, up to two decimals: "10%", "10 %". */
  percent(ppm: number): string;
}

const kept = new Map<string, GuestFormats>();

export function guestFormats(language: GuestLanguage): GuestFormats {
  const cached = kept.get(language);
  if (cached !== undefined) return cached;
  const locale = LOCALES[language];
  const dates = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  const money = new Map<string, Intl.NumberFormat>();
  const formats: GuestFormats = {
    date: (isoDate) => dates.format(new Date(`${isoDate}T00:00:00Z`)),
    money: (minor, currency) => {
      let f = money.get(currency);
      if (f === undefined) {
        f = new Intl.NumberFormat(locale, { style: 'currency', currency });
        money.set(currency, f);
      }
      return f.format(toMajor(minor, currencyDecimals(currency) ?? 2));
    },
    percent: (ppm) => percent.format(ppm / 1_000_000),
  };
  kept.set(language, formats);
  return formats;
}

/** Words that mails and invoices share. */
export interface CommonWords {
  nights(n: number): string;
  guests(adults: number, children: number, babies: number): string;
  bank: { holder: string; iban: string; bic: string; bank: string };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const list = (parts: (string | null)[]) => parts.filter((p): p is string => p !== null).join(', ');
const some = (n: number, text: string) => (n > 0 ? text : null);

export const COMMON_WORDS: Readonly<Record<GuestLanguage, CommonWords>> = {
  en: {
    nights: (n) => count(n, 'night', 'nights'),
    guests: (a, c, b) =>
      list([count(a, 'adult', 'adults'), some(c, count(c, 'child', 'children')), some(b, count(b, 'baby', 'babies'))]),
    bank: { holder: 'Account holder', iban: 'IBAN', bic: 'BIC', bank: 'Bank' },
  },
  de: {
    nights: (n) => count(n, 'Nacht', 'Nächte'),
    guests: (a, c, b) =>
      list([
        count(a, 'Erwachsener', 'Erwachsene'),
        some(c, count(c, 'Kind', 'Kinder')),
        some(b, count(b, 'Baby', 'Babys')),
      ]),
    bank: { holder: 'Kontoinhaber', iban: 'IBAN', bic: 'BIC', bank: 'Bank' },
  },
  fr: {
    nights: (n) => count(n, 'nuit', 'nuits'),
    guests: (a, c, b) =>
      list([count(a, 'adulte', 'adultes'), some(c, count(c, 'enfant', 'enfants')), some(b, count(b, 'bébé', 'bébés'))]),
    bank: { holder: 'Titulaire du compte', iban: 'IBAN', bic: 'BIC', bank: 'Banque' },
  },
  es: {
    nights: (n) => count(n, 'noche', 'noches'),
    guests: (a, c, b) =>
      list([count(a, 'adulto', 'adultos'), some(c, count(c, 'niño', 'niños')), some(b, count(b, 'bebé', 'bebés'))]),
    bank: { holder: 'Titular de la cuenta', iban: 'IBAN', bic: 'BIC', bank: 'Banco' },
  },
  it: {
    nights: (n) => count(n, 'notte', 'notti'),
    guests: (a, c, b) =>
      list([
        count(a, 'adulto', 'adulti'),
        some(c, count(c, 'bambino', 'bambini')),
        some(b, count(b, 'neonato', 'neonati')),
      ]),
    bank: { holder: 'Intestatario del conto', iban: 'IBAN', bic: 'BIC', bank: 'Banca' },
  },
};

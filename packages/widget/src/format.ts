import type { Messages } from './messages.ts';
import { fill } from './messages.ts';

/** Dates, amounts and counts in the page's language (Intl); amounts in `currency` when the page names one. */
export function createFormat(lang: string, currency: string | null, messages: Messages) {
  const utc = { timeZone: 'UTC' } as const;
  const full = new Intl.DateTimeFormat(lang, { ...utc, dateStyle: 'full' });
  const short = new Intl.DateTimeFormat(lang, { ...utc, weekday: 'short', day: 'numeric', month: 'short' });
  const monthTitle = new Intl.DateTimeFormat(lang, { ...utc, month: 'long', year: 'numeric' });
  const weekdayShort = new Intl.DateTimeFormat(lang, { ...utc, weekday: 'short' });
  const weekdayLong = new Intl.DateTimeFormat(lang, { ...utc, weekday: 'long' });
  const plain = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const plainWhole = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  const inCurrency = currencyFormats(lang, currency);
  // A code Intl refuses (not three letters, say) is written after the plain number.
  const suffix = currency && inCurrency === null ? ` ${currency}` : '';
  const money = inCurrency?.money ?? plain;
  const wholeMoney = inCurrency?.whole ?? plainWhole;
  const plural = new Intl.PluralRules(lang);
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 });
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  return {
    fullDate: (iso: string) => full.format(day(iso)),
    shortDate: (iso: string) => short.format(day(iso)),
    month: (month: string) => monthTitle.format(day(`${month}-01`)),
    weekday: (iso: string) => ({ short: weekdayShort.format(day(iso)), long: weekdayLong.format(day(iso)) }),
    money: (amount: number) => money.format(amount) + suffix,
    price: (amount: number) => wholeMoney.format(amount) + suffix,
    percent: (rate: number) => percent.format(rate),
    nights: (n: number) => fill(plural.select(n) === 'one' ? messages.nightOne : messages.nightOther, { n }),
  };
}

function currencyFormats(
  lang: string,
  currency: string | null,
): { money: Intl.NumberFormat; whole: Intl.NumberFormat } | null {
  if (!currency) return null;
  try {
    return {
      money: new Intl.NumberFormat(lang, { style: 'currency', currency }),
      whole: new Intl.NumberFormat(lang, { style: 'currency', currency, maximumFractionDigits: 0 }),
    };
  } catch {
    return null;
  }
}

export type Format = ReturnType<typeof createFormat>;

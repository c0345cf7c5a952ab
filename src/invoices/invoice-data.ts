import { bookingsWithGuest, type BookingWithGuest } from '../db/booking-with-guest.ts';
import type { Executor } from '../db/store.ts';
import { parseAddress } from '../guests/stored-address.ts';
import { parseExtras } from '../pricing/booked-extras.ts';
import {
  COMMON_WORDS,
  guestFormats,
  guestLanguageOf,
  type GuestFormats,
  type GuestLanguage,
} from '../shared/guest-language.ts';
import { includedTax } from '../shared/money.ts';
import { printedIban, readHostIdentity, type HostIdentity } from '../settings/host-identity.ts';
import type { InvoiceData, InvoiceLine } from './invoice-pdf.ts';
import { INVOICE_WORDS, type InvoiceWords } from './invoice-words.ts';

/** The invoice's issuer block: the business's name, address, tax id and contact, as set. */
function issuerOf(host: HostIdentity, w: InvoiceWords): InvoiceData['issuer'] {
  const b = host.business;
  if (b === null) return null;
  const lines = [...(b.address ?? '').split('\n').map((l) => l.trim()), b.email ?? '', b.phone ?? ''].filter(
    (l) => l !== '',
  );
  if (b.tax_id !== null) lines.push(`${w.taxId}: ${b.tax_id}`);
  return { name: b.name, lines };
}

function bankLines(host: HostIdentity, language: GuestLanguage): string[] {
  const bank = host.bank_details;
  if (bank === null) return [];
  const label = COMMON_WORDS[language].bank;
  return [
    `${label.holder}: ${bank.account_holder}`,
    `${label.iban}: ${printedIban(bank.iban)}`,
    ...(bank.bic === null ? [] : [`${label.bic}: ${bank.bic}`]),
    ...(bank.bank_name === null ? [] : [`${label.bank}: ${bank.bank_name}`]),
  ];
}

const discountKind = (name: string | null): 'weekly' | 'monthly' | null =>
  name === 'weekly' || name === 'monthly' ? name : null;

/**
 * The invoice of the booking whose invoice token this is, or undefined, in the guest's language
 * (the booking's, else its accommodation's) with dates and amounts formatted for it. A cancelled
 * booking has no invoice (docs/api.md#invoices): its address answers 404 like an unknown token.
 */
export async function findInvoiceData(db: Executor, token: string): Promise<InvoiceData | undefined> {
  const row = await bookingsWithGuest(db)
    .where('b.invoice_token', '=', token)
    .where('b.status', '!=', 'cancelled')
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const host = await readHostIdentity(db);
  const language = guestLanguageOf(row.language) ?? guestLanguageOf(row.accommodation_language) ?? 'en';
  const w = INVOICE_WORDS[language];
  const common = COMMON_WORDS[language];
  const f = guestFormats(language);
  const money = (minor: number) => f.money(minor, row.currency);
  const { lines, tax } = priceLines(row, w, common.nights(row.nights), f, money);
  const address = parseAddress(row.guest_address);
  return {
    language,
    words: { title: w.title, number: w.number, issued: w.issued, status: w.status, guest: w.guest, stay: w.stay },
    issuer: issuerOf(host, w),
    number: row.confirmation_code,
    issuedOn: f.date(row.created_at.slice(0, 10)),
    status: w.statuses[row.status] ?? row.status,
    accommodation: row.accommodation_name,
    guest: {
      name: [row.guest_title, row.guest_first_name, row.guest_last_name].filter(Boolean).join(' '),
      email: row.guest_email,
      address: [
        address.street,
        address.line2,
        [address.zip, address.city].filter(Boolean).join(' '),
        address.country,
      ].filter((l): l is string => !!l),
    },
    stayLine: w.stayLine(
      f.date(row.checkin),
      f.date(row.checkout),
      common.nights(row.nights),
      common.guests(row.adults, row.children, row.babies),
    ),
    lines,
    taxLine: { label: w.tax(f.percent(row.tax_rate_ppm)), amount: money(tax) },
    total: { label: w.total, amount: money(row.total) },
    paymentNote:
      row.payment_method === 'bank_transfer'
        ? [w.transfer(row.confirmation_code), ...bankLines(host, language)]
        : row.payment_method === 'cash'
          ? [w.cash]
          : [w.card],
  };
}

type PricedRow = Pick<
  BookingWithGuest,
  | 'base_price'
  | 'discount'
  | 'discount_name'
  | 'discount_ppm'
  | 'extras'
  | 'cleaning_fee'
  | 'tax'
  | 'tax_rate_ppm'
  | 'total'
>;

/**
 * The invoice's price lines and the tax it states. A computed price shows its parts (nights,
 * discount, extras, cleaning fee) and its tax. A price the host set by hand replaced only the
 * total, so those parts no longer add up to it: the invoice then shows one line, the stay at the
 * price agreed with the host, and the tax that price contains at the accommodation's rate.
 */
function priceLines(
  row: PricedRow,
  w: InvoiceWords,
  nights: string,
  f: GuestFormats,
  money: (minor: number) => string,
): { lines: InvoiceLine[]; tax: number } {
  const extras = Object.entries(parseExtras(row.extras));
  const computed =
    row.base_price - row.discount + row.cleaning_fee + row.tax + extras.reduce((sum, [, a]) => sum + a, 0);
  if (row.total !== computed) {
    const tax = includedTax(row.total, row.tax_rate_ppm);
    return { lines: [{ label: w.agreedPrice(nights), amount: money(row.total - tax) }], tax };
  }
  const lines: InvoiceLine[] = [{ label: w.accommodation(nights), amount: money(row.base_price) }];
  if (row.discount > 0) {
    lines.push({
      label: w.discount(discountKind(row.discount_name), f.percent(row.discount_ppm)),
      amount: money(-row.discount),
    });
  }
  for (const [name, amount] of extras) lines.push({ label: w.extras[name] ?? name, amount: money(amount) });
  lines.push({ label: w.cleaning, amount: money(row.cleaning_fee) });
  return { lines, tax: row.tax };
}

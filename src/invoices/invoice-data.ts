import { bookingsWithGuest } from '../db/booking-with-guest.ts';
import type { Executor } from '../db/store.ts';
import { decimalsOf } from '../pricing/accommodation-rules.ts';
import { parseAddress } from '../partners/stored-address.ts';
import { parseExtras } from '../pricing/booked-extras.ts';
import { ppmToRate, toMajor } from '../shared/money.ts';
import { printedIban, readHostIdentity, type HostIdentity } from '../settings/host-identity.ts';
import type { InvoiceData } from './invoice-pdf.ts';

/** The invoice's issuer block: the business's name, address, tax id and contact, as set. */
function issuerOf(host: HostIdentity): InvoiceData['issuer'] {
  const b = host.business;
  if (b === null) return null;
  const lines = [...(b.address ?? '').split('\n').map((l) => l.trim()), b.email ?? '', b.phone ?? ''].filter(
    (l) => l !== '',
  );
  if (b.tax_id !== null) lines.push(`Tax ID: ${b.tax_id}`);
  return { name: b.name, lines };
}

function bankLines(host: HostIdentity): string[] {
  const bank = host.bank_details;
  if (bank === null) return [];
  return [
    `Account holder: ${bank.account_holder}`,
    `IBAN: ${printedIban(bank.iban)}`,
    ...(bank.bic === null ? [] : [`BIC: ${bank.bic}`]),
    ...(bank.bank_name === null ? [] : [`Bank: ${bank.bank_name}`]),
  ];
}

const EXTRA_LABELS: Record<string, string> = { breakfast: 'Breakfast', linen: 'Linen', late_checkin: 'Late check-in' };

/**
 * The invoice of the booking whose invoice token this is, or undefined. A cancelled booking has
 * no invoice (docs/api.md#invoices): its address answers 404 like an unknown token.
 */
export async function findInvoiceData(db: Executor, token: string): Promise<InvoiceData | undefined> {
  const row = await bookingsWithGuest(db)
    .where('b.invoice_token', '=', token)
    .where('b.status', '!=', 'cancelled')
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const host = await readHostIdentity(db);
  const d = decimalsOf(row.currency);
  const money = (minor: number) => `${toMajor(minor, d).toFixed(d)} ${row.currency}`;
  const lines = [
    { label: `Accommodation, ${row.nights} night${row.nights === 1 ? '' : 's'}`, amount: money(row.base_price) },
  ];
  if (row.discount > 0) {
    lines.push({
      label: `${row.discount_name ?? 'Stay'} discount (${(ppmToRate(row.discount_ppm) * 100).toFixed(2)} %)`,
      amount: money(-row.discount),
    });
  }
  for (const [name, amount] of Object.entries(parseExtras(row.extras))) {
    lines.push({ label: EXTRA_LABELS[name] ?? name, amount: money(amount) });
  }
  lines.push({ label: 'Cleaning fee', amount: money(row.cleaning_fee) });
  const address = parseAddress(row.guest_address);
  const guests = [`${row.adults} adult${row.adults === 1 ? '' : 's'}`];
  if (row.children > 0) guests.push(`${row.children} child${row.children === 1 ? '' : 'ren'}`);
  if (row.babies > 0) guests.push(`${row.babies} bab${row.babies === 1 ? 'y' : 'ies'}`);
  return {
    issuer: issuerOf(host),
    number: row.confirmation_code,
    issuedOn: row.created_at.slice(0, 10),
    status: row.status,
    accommodation: row.accommodation_name,
    guest: {
      name: [row.guest_title, row.guest_first_name, row.guest_last_name].filter(Boolean).join(' '),
      email: row.guest_email,
      address: [address.street, [address.zip, address.city].filter(Boolean).join(' '), address.country].filter(
        (l): l is string => !!l,
      ),
    },
    stay: { checkin: row.checkin, checkout: row.checkout, nights: row.nights, guests: guests.join(', ') },
    lines,
    taxLine: { label: `Tax (${(ppmToRate(row.tax_rate_ppm) * 100).toFixed(2)} %)`, amount: money(row.tax) },
    total: { label: 'Total', amount: money(row.total) },
    paymentNote:
      row.payment_method === 'bank_transfer'
        ? [`Payment by bank transfer; please quote ${row.confirmation_code} as the reference.`, ...bankLines(host)]
        : row.payment_method === 'cash'
          ? ['Payment in cash on arrival.']
          : ['Payment by card.'],
  };
}

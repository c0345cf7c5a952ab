import type { PaymentMethod } from '../db/schema.ts';
import { guestAddressOf } from '../guests/stored-address.ts';
import { parseExtras } from '../pricing/booked-extras.ts';
import type { HostIdentity } from '../settings/host-identity.ts';
import { guestLanguageOf } from '../shared/guest-language.ts';
import { includedTax } from '../shared/money.ts';
import type { Billed, BilledLine } from './billed.ts';

/**
 * What a booking's document is made of: its stored columns, its home's name, rate, language and
 * registration number.
 */
export interface BilledFacts {
  language: string | null;
  accommodation_language: string;
  currency: string;
  confirmation_code: string;
  payment_method: PaymentMethod;
  guest_title: string | null;
  guest_first_name: string;
  guest_last_name: string;
  guest_email: string;
  guest_address: string | null;
  guest_company_name: string | null;
  guest_company_tax_id: string | null;
  accommodation_name: string;
  registration_number: string | null;
  tax_rate_ppm: number;
  checkin: string;
  checkout: string;
  nights: number;
  adults: number;
  children: number;
  babies: number;
  base_price: number;
  discount: number;
  discount_name: string | null;
  extra_guest_fee: number;
  cleaning_fee: number;
  extras: string;
  tax: number;
  city_tax: number;
  price_reduction: number;
  total: number;
}

const blank = (s: string | null | undefined): string | null =>
  s === undefined || s === null || s.trim() === '' ? null : s.trim();

function issuerOf(host: HostIdentity, method: PaymentMethod): Billed['issuer'] {
  const b = host.business;
  if (b === null) return null;
  return {
    name: b.name,
    address: b.address,
    tax_id: b.tax_id,
    email: b.email,
    phone: b.phone,
    bank: method === 'bank_transfer' ? host.bank_details : null,
  };
}

const discountDetail = (name: string | null): string | null => (name === 'weekly' || name === 'monthly' ? name : null);

/**
 * The lines of a booking's price, adding up to its total. A computed price shows its parts; a
 * price the host set by hand replaced only the total, so those parts no longer add up to it: then
 * one line, the stay at the agreed price less the tax it contains at the home's rate, that tax,
 * and the city tax and price reductions that sit outside it.
 */
export function billedLines(f: BilledFacts): BilledLine[] {
  const extras = Object.entries(parseExtras(f.extras));
  const extrasTotal = extras.reduce((sum, [, amount]) => sum + amount, 0);
  const computed =
    f.base_price -
    f.discount +
    f.extra_guest_fee +
    f.cleaning_fee +
    extrasTotal +
    f.tax +
    f.city_tax -
    f.price_reduction;
  const tail: BilledLine[] = [];
  if (f.city_tax !== 0) tail.push({ kind: 'city_tax', detail: null, amount: f.city_tax });
  if (f.price_reduction !== 0) tail.push({ kind: 'price_reduction', detail: null, amount: -f.price_reduction });
  const rate = String(f.tax_rate_ppm);
  if (f.total !== computed) {
    const taxable = f.total + f.price_reduction - f.city_tax;
    const tax = includedTax(taxable, f.tax_rate_ppm);
    return [
      { kind: 'agreed_price', detail: null, amount: taxable - tax },
      { kind: 'tax', detail: rate, amount: tax },
      ...tail,
    ];
  }
  const lines: BilledLine[] = [{ kind: 'nights', detail: null, amount: f.base_price }];
  if (f.extra_guest_fee !== 0) lines.push({ kind: 'extra_guest_fee', detail: null, amount: f.extra_guest_fee });
  if (f.discount !== 0) lines.push({ kind: 'discount', detail: discountDetail(f.discount_name), amount: -f.discount });
  if (f.cleaning_fee !== 0) lines.push({ kind: 'cleaning', detail: null, amount: f.cleaning_fee });
  for (const [name, amount] of extras) lines.push({ kind: 'extra', detail: name, amount });
  lines.push({ kind: 'tax', detail: rate, amount: f.tax }, ...tail);
  return lines;
}

/**
 * What a booking bills as it is now (docs/money.md#invoices-and-credit-notes): the host's business
 * (and its bank for a bank transfer), the guest with their billing address and company, the home
 * and its registration number, the stay, the lines and the total. In the guest's language (the
 * booking's, else its home's).
 */
export function billedOf(f: BilledFacts, host: HostIdentity): Billed {
  return {
    language: guestLanguageOf(f.language) ?? guestLanguageOf(f.accommodation_language) ?? 'en',
    currency: f.currency,
    confirmation_code: f.confirmation_code,
    payment_method: f.payment_method,
    issuer: issuerOf(host, f.payment_method),
    recipient: {
      name: [f.guest_title, f.guest_first_name, f.guest_last_name].filter((p) => blank(p) !== null).join(' '),
      email: f.guest_email,
      address: guestAddressOf(f.guest_address),
      company_name: blank(f.guest_company_name),
      company_tax_id: blank(f.guest_company_tax_id),
    },
    accommodation: { name: f.accommodation_name, registration_number: blank(f.registration_number) },
    stay: {
      checkin: f.checkin,
      checkout: f.checkout,
      nights: f.nights,
      adults: f.adults,
      children: f.children,
      babies: f.babies,
    },
    lines: billedLines(f),
    total: f.total,
  };
}

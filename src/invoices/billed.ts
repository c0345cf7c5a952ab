import type { GuestLanguage } from '../shared/guest-language.ts';

/** One line of a document, in minor units (negative for a discount or a reduction). */
export interface BilledLine {
  kind:
    | 'nights'
    | 'agreed_price'
    | 'extra_guest_fee'
    | 'discount'
    | 'cleaning'
    | 'extra'
    | 'tax'
    | 'city_tax'
    | 'price_reduction'
    | 'cancellation_fee';
  /** The extra's name for `extra` ('breakfast', 'linen', 'late_checkin'); the tax rate in ppm for `tax`. */
  detail: string | null;
  amount: number;
}

export interface BilledAddress {
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
}

/**
 * What a document bills: everything printed on it but its number, date and payments. Stored as
 * JSON with each document; a booking whose current `Billed` differs from its last invoice's gets a
 * credit note and a new invoice (docs/money.md#invoices-and-credit-notes).
 */
export interface Billed {
  language: GuestLanguage;
  currency: string;
  confirmation_code: string;
  payment_method: string;
  issuer: {
    name: string;
    address: string | null;
    tax_id: string | null;
    email: string | null;
    phone: string | null;
    /** Where a bank transfer goes, printed on invoices of bookings paid by bank transfer. */
    bank: { account_holder: string; iban: string; bic: string | null; bank_name: string | null } | null;
  } | null;
  recipient: {
    name: string;
    email: string;
    address: BilledAddress | null;
    company_name: string | null;
    company_tax_id: string | null;
  };
  accommodation: { name: string; registration_number: string | null };
  stay: { checkin: string; checkout: string; nights: number; adults: number; children: number; babies: number };
  lines: BilledLine[];
  total: number;
}

export interface DocumentPayment {
  received_on: string;
  method: string;
  amount: number;
}

/** Everything a document's PDF is drawn from. */
export interface DocumentPdfInput {
  kind: 'invoice' | 'credit_note' | 'pro_forma';
  /** null for a pro-forma, which has no number. */
  number: string | null;
  issued_on: string;
  /** The invoice number a credit note cancels. */
  corrects: string | null;
  billed: Billed;
  payments: DocumentPayment[];
  /** Drawn for a test-mode booking: marked as a test, never a document to hand out. */
  test?: boolean;
}

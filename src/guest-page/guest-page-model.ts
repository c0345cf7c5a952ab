import type { BookingStatus, RecordedPaymentMethod } from '../db/schema.ts';
import { paymentSummary } from '../pricing/payment-summary.ts';
import { guestLanguageOf, type GuestLanguage } from '../shared/guest-language.ts';
import { accessOf, type Access } from './door-code.ts';

/**
 * What a guest's page shows (pure; docs/guest-page.md): read from the booking, its home, its
 * payments and refunds and its issued documents as the queries found them, and today's date
 * where the home is. The HTML (guest-page-html.ts) only writes this down in the guest's words.
 */

export interface GuestPageFacts {
  booking: {
    confirmation_code: string;
    status: BookingStatus;
    checkin: string;
    checkout: string;
    nights: number;
    adults: number;
    children: number;
    babies: number;
    guest_first_name: string;
    language: string | null;
    currency: string;
    total: number;
    amount_paid: number;
    processor_paid: number;
    cancellation_fee: number | null;
    cancelled_at: string | null;
    confirmed_at: string | null;
  };
  home: {
    name: string;
    language: string;
    checkin_time: string;
    checkout_time: string;
    address: string | null;
    arrival_instructions: string | null;
    door_code: string | null;
    door_code_days: number;
    wifi_name: string | null;
    wifi_password: string | null;
  };
  /** Payments recorded and not undone, oldest first. */
  payments: readonly { received_on: string; method: RecordedPaymentMethod; amount: number }[];
  /** Money given back, oldest first (created_at an instant). */
  refunds: readonly { created_at: string; method: RecordedPaymentMethod; amount: number }[];
  documents: readonly { number: string; kind: 'invoice' | 'credit_note'; issued_on: string; total_amount: number }[];
  /** The card processor's secret key is set: the balance may be paid by card. */
  cardPayments: boolean;
  /** Today where the home is. */
  today: string;
  /** A language the guest chose on the page (`?lang=`), else the booking's, else the home's. */
  chosenLanguage: GuestLanguage | null;
}

export type MoneyLineKind = RecordedPaymentMethod | 'card_processor' | 'refund';

export interface GuestPageModel {
  language: GuestLanguage;
  confirmationCode: string;
  firstName: string;
  /** `awaiting_payment`: a card draft its partner's payment has not confirmed. */
  state: 'confirmed' | 'cancelled' | 'awaiting_payment';
  /** The day it was cancelled (YYYY-MM-DD of the instant, UTC), and the fee it keeps (minor units). */
  cancellation: { on: string; fee: number } | null;
  stay: {
    home: string;
    checkin: string;
    checkout: string;
    checkinTime: string;
    checkoutTime: string;
    nights: number;
    adults: number;
    children: number;
    babies: number;
  };
  address: string | null;
  arrivalInstructions: string | null;
  /** Whether and when the door code and Wi-Fi show; `facts` what there is to show. */
  access: Access;
  accessFacts: { doorCode: string | null; wifiName: string | null; wifiPassword: string | null };
  money: {
    currency: string;
    due: number;
    paid: number;
    balance: number;
    /** Each payment (positive) and refund (negative), oldest first; their sum is `paid`. */
    lines: readonly { on: string; kind: MoneyLineKind; amount: number }[];
  };
  /**
   * `offered`: the pay button; `unavailable`: something is due, but card payment is not set up
   * (the page says so); `none`: nothing to pay here.
   */
  pay: 'offered' | 'unavailable' | 'none';
  documents: GuestPageFacts['documents'];
}

const day = (instant: string) => instant.slice(0, 10);

export function guestPageModel(f: GuestPageFacts): GuestPageModel {
  const b = f.booking;
  const summary = paymentSummary(b);
  const state = b.status === 'cancelled' ? 'cancelled' : b.status === 'draft' ? 'awaiting_payment' : 'confirmed';
  const lines: { on: string; kind: MoneyLineKind; amount: number }[] = [
    ...(b.processor_paid > 0
      ? [{ on: day(b.confirmed_at ?? ''), kind: 'card_processor' as const, amount: b.processor_paid }]
      : []),
    ...f.payments.map((p) => ({ on: p.received_on, kind: p.method, amount: p.amount })),
    ...f.refunds.map((r) => ({ on: day(r.created_at), kind: 'refund' as const, amount: -r.amount })),
  ];
  lines.sort((x, y) => (x.on < y.on ? -1 : x.on > y.on ? 1 : 0));
  const due = summary.balance > 0 && state === 'confirmed';
  return {
    language: f.chosenLanguage ?? guestLanguageOf(b.language) ?? guestLanguageOf(f.home.language) ?? 'en',
    confirmationCode: b.confirmation_code,
    firstName: b.guest_first_name,
    state,
    cancellation: state === 'cancelled' ? { on: day(b.cancelled_at ?? ''), fee: b.cancellation_fee ?? 0 } : null,
    stay: {
      home: f.home.name,
      checkin: b.checkin,
      checkout: b.checkout,
      checkinTime: f.home.checkin_time,
      checkoutTime: f.home.checkout_time,
      nights: b.nights,
      adults: b.adults,
      children: b.children,
      babies: b.babies,
    },
    address: state === 'cancelled' ? null : f.home.address,
    arrivalInstructions: state === 'cancelled' ? null : f.home.arrival_instructions,
    access: accessOf({
      standing: state === 'confirmed',
      checkin: b.checkin,
      checkout: b.checkout,
      today: f.today,
      daysBefore: f.home.door_code_days,
      balance: summary.balance,
    }),
    accessFacts: { doorCode: f.home.door_code, wifiName: f.home.wifi_name, wifiPassword: f.home.wifi_password },
    money: {
      currency: b.currency,
      due: summary.amount_due,
      paid: summary.amount_paid,
      balance: summary.balance,
      lines,
    },
    pay: !due ? 'none' : f.cardPayments ? 'offered' : 'unavailable',
    documents: f.documents,
  };
}

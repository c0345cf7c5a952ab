import type { BookingStatus, PaymentMethod } from '../db/schema.ts';
import { isDraft } from './booking-transitions.ts';

export interface NextStepsInput {
  /** A new booking is a draft (card payment) or confirmed at once. */
  status: Extract<BookingStatus, 'draft' | 'confirmed'>;
  paymentMethod: PaymentMethod;
  confirmationCode: string;
  bookingId: number;
  email: string;
  nights: number;
  total: string;
  holdExpiresAt: string | null;
  invoiceUrl: string;
  bookingPath: string;
}

/** `next_steps`: what happened and what the caller does next, in plain words. */
export function nextSteps(i: NextStepsInput): string[] {
  if (isDraft(i.status)) {
    return [
      `Draft booking ${i.confirmationCode} created; ` +
        `its ${i.nights} night(s) are held until ${i.holdExpiresAt ?? 'payment'}.`,
      `Create a card payment of ${i.total} at the card processor ` +
        `with metadata.booking_reference = ${i.confirmationCode}.`,
      'The booking is confirmed, and the guest e-mailed, when the processor reports the payment; ' +
        `poll GET ${i.bookingPath} until status is confirmed.`,
      `Unpaid drafts are cancelled when the hold ends and the nights become free again.`,
      `Invoice: ${i.invoiceUrl}`,
    ];
  }
  const steps = [
    `Booking ${i.confirmationCode} confirmed; calendar updated (${i.nights} night(s) reserved).`,
    `Confirmation e-mail queued for ${i.email}.`,
  ];
  if (i.paymentMethod === 'bank_transfer') {
    steps.push(
      `The guest pays ${i.total} by bank transfer with reference ${i.confirmationCode}; ` +
        'the e-mail contains the instructions.',
    );
  } else {
    steps.push(`The guest pays ${i.total} in cash on arrival.`);
  }
  steps.push(`Invoice: ${i.invoiceUrl}`);
  return steps;
}

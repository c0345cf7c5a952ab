import type { Booking, RecordedPaymentMethod } from '../db/schema.ts';
import type { Unit } from '../db/unit-of-work.ts';
import { conflict, notFound } from '../http/errors.ts';
import { paymentSummary, type PaymentFacts } from '../pricing/payment-summary.ts';
import { formatMoney } from '../shared/money.ts';
import {
  actorRef,
  bookingEventRow,
  onLockedBooking,
  type BookingActor,
  type BookingCommand,
  type LifecycleContext,
} from './booking-lifecycle.ts';

/**
 * The host's payment ledger of a booking (docs/api.md#admin-bookings): a payment recorded, or a wrong
 * one undone. Each runs under the booking's lock, like every verb, and writes the payment row, the
 * booking's running sum (`amount_paid`) and a history row naming the actor together; two payments
 * recorded at once are both kept, one after the other. Undoing marks the row undone, so the
 * history keeps both.
 */

export interface RecordPaymentCommand extends BookingCommand {
  /** Minor units: above zero a payment, below zero a refund (money given back). */
  amount: number;
  method: RecordedPaymentMethod;
  /** YYYY-MM-DD. */
  receivedOn: string;
  reference?: string | undefined;
}

/** Who recorded or undid a payment, as the payment row keeps it. */
function actorLabel(actor: BookingActor): string {
  const ref = actorRef(actor);
  return ref === null ? actor.kind : `${actor.kind}:${ref}`;
}

/** What has been paid of a booking and not given back, as its payment summary counts it. */
const paidOf = (booking: PaymentFacts) => paymentSummary(booking).amount_paid;

/** Records a payment, or a refund (a negative amount, no more than what was paid); returns its id. */
export async function recordPayment(ctx: LifecycleContext, command: RecordPaymentCommand): Promise<number> {
  return onLockedBooking(ctx, command.bookingId, undefined, async (unit, booking) => {
    if (paidOf(booking) + command.amount < 0) {
      throw conflict(
        'refund_exceeds_paid',
        `A refund of ${formatMoney(-command.amount, booking.currency)} is more than the ${formatMoney(
          paidOf(booking),
          booking.currency,
        )} paid for booking ${booking.confirmation_code}.`,
        { parameter: 'amount', received: command.amount },
      );
    }
    return writePayment(unit, booking, command);
  });
}

/**
 * Writes a payment (or refund) of a booking whose row the caller has locked: the ledger row, the
 * running sum and a history entry naming the actor, in the caller's transaction. Also used by a
 * card payment of a booking's balance (src/bookings/confirm-booking.ts).
 */
export async function writePayment(
  unit: Unit,
  booking: Pick<Booking, 'id' | 'status' | 'currency'>,
  command: Omit<RecordPaymentCommand, 'bookingId'>,
): Promise<number> {
  const now = unit.now.toISOString();
  const reference = command.reference?.trim() ? command.reference.trim() : null;
  const inserted = await unit.trx
    .insertInto('booking_payments')
    .values({
      booking_id: booking.id,
      amount: command.amount,
      method: command.method,
      received_on: command.receivedOn,
      reference,
      recorded_by: actorLabel(command.actor),
      created_at: now,
      undone_at: null,
      undone_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addToPaid(unit, booking.id, command.amount, now);
  const refund = command.amount < 0;
  const amount = formatMoney(Math.abs(command.amount), booking.currency);
  const when = `${refund ? 'given back' : 'received'} ${command.receivedOn}`;
  const what = `${refund ? 'refund' : 'payment'} ${inserted.id}: ${amount} by ${command.method}, ${when}${
    reference === null ? '' : `, reference ${reference}`
  }`;
  await unit.trx
    .insertInto('booking_events')
    .values(bookingEventRow(booking.id, 'payment_recorded', booking.status, command.actor, what, now))
    .execute();
  return inserted.id;
}

export interface UndoPaymentCommand extends BookingCommand {
  paymentId: number;
}

/** Undoes a recorded payment: it stays in the ledger marked undone, and no longer counts. */
export async function undoPayment(ctx: LifecycleContext, command: UndoPaymentCommand): Promise<void> {
  await onLockedBooking(ctx, command.bookingId, undefined, async (unit, booking) => {
    const now = unit.now.toISOString();
    const payment = await unit.trx
      .selectFrom('booking_payments')
      .selectAll()
      .where('id', '=', command.paymentId)
      .where('booking_id', '=', booking.id)
      .executeTakeFirst();
    if (payment === undefined) {
      throw notFound('payment_not_found', `Booking ${booking.confirmation_code} has no payment ${command.paymentId}.`, {
        parameter: 'paymentId',
        received: command.paymentId,
      });
    }
    if (payment.undone_at !== null) {
      throw conflict('payment_already_undone', `Payment ${payment.id} was undone at ${payment.undone_at}.`, {
        parameter: 'paymentId',
        received: payment.id,
      });
    }
    if (paidOf(booking) - payment.amount < 0) {
      throw conflict(
        'refund_exceeds_paid',
        `Payment ${payment.id} was given back by a refund of booking ${booking.confirmation_code}: ` +
          'undo the refund first.',
        { parameter: 'paymentId', received: payment.id },
      );
    }
    await unit.trx
      .updateTable('booking_payments')
      .set({ undone_at: now, undone_by: actorLabel(command.actor) })
      .where('id', '=', payment.id)
      .execute();
    await addToPaid(unit, booking.id, -payment.amount, now);
    const what = `${payment.amount < 0 ? 'refund' : 'payment'} ${payment.id} of ${formatMoney(
      Math.abs(payment.amount),
      booking.currency,
    )} undone`;
    await unit.trx
      .insertInto('booking_events')
      .values(bookingEventRow(booking.id, 'payment_undone', booking.status, command.actor, what, now))
      .execute();
  });
}

async function addToPaid(unit: Unit, bookingId: number, amount: number, now: string): Promise<void> {
  await unit.trx
    .updateTable('bookings')
    .set((eb) => ({ amount_paid: eb('amount_paid', '+', amount), updated_at: now }))
    .where('id', '=', bookingId)
    .execute();
}

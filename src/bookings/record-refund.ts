import type { RecordedPaymentMethod } from '../db/schema.ts';
import { conflict } from '../http/errors.ts';
import { syncDocuments } from '../invoices/sync-documents.ts';
import { paymentSummary } from '../pricing/payment-summary.ts';
import { formatMoney } from '../shared/money.ts';
import {
  actorRef,
  bookingEventRow,
  onLockedBooking,
  type BookingCommand,
  type LifecycleContext,
} from './booking-lifecycle.ts';

/**
 * Money given back to a guest (docs/money.md#refunds), told apart by what it does to the price:
 * `reducePrice` lowers the booking's price by the amount (bookings.total, with the sum kept in
 * price_reduction; its documents follow: a credit note and a new invoice), so a paid booking
 * stays paid; without it the price stands and the money returned is due again. Either way what
 * was paid goes down by the amount (paid = payments − refunds), which may not exceed it.
 */

export interface RefundCommand extends BookingCommand {
  /** Minor units, above 0. */
  amount: number;
  method: RecordedPaymentMethod;
  reason?: string | undefined;
  reducePrice: boolean;
}

/** Records a refund; returns its id. */
export async function recordRefund(ctx: LifecycleContext, command: RefundCommand): Promise<number> {
  return onLockedBooking(ctx, command.bookingId, undefined, async (unit, booking) => {
    const code = booking.confirmation_code;
    const money = (minor: number) => formatMoney(minor, booking.currency);
    if (command.reducePrice && booking.status === 'cancelled')
      throw conflict('booking_cancelled', `Booking ${code} is cancelled: its price can no longer be lowered.`, {
        parameter: 'reduce_price',
        expected: 'false for a cancelled booking',
        received: true,
      });
    if (command.reducePrice && command.amount > booking.total)
      throw conflict(
        'refund_exceeds_price',
        `A refund of ${money(command.amount)} is more than the ${money(booking.total)} price of booking ${code}.`,
        {
          parameter: 'amount',
          expected: `at most ${money(booking.total)}`,
          received: command.amount,
        },
      );
    const paid = paymentSummary(booking).amount_paid;
    if (command.amount > paid)
      throw conflict(
        'refund_exceeds_paid',
        `A refund of ${money(command.amount)} is more than the ${money(paid)} paid for booking ${code}.`,
        {
          parameter: 'amount',
          expected: `at most ${money(Math.max(paid, 0))}`,
          received: command.amount,
        },
      );
    const now = unit.now.toISOString();
    const reason = command.reason?.trim() ? command.reason.trim() : null;
    const ref = actorRef(command.actor);
    const inserted = await unit.trx
      .insertInto('booking_refunds')
      .values({
        booking_id: booking.id,
        amount: command.amount,
        method: command.method,
        reason,
        effect: command.reducePrice ? 'price_reduced' : 'money_returned',
        recorded_by: ref === null ? command.actor.kind : `${command.actor.kind}:${ref}`,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await unit.trx
      .updateTable('bookings')
      .set((eb) => ({
        amount_paid: eb('amount_paid', '-', command.amount),
        ...(command.reducePrice
          ? { total: eb('total', '-', command.amount), price_reduction: eb('price_reduction', '+', command.amount) }
          : {}),
        updated_at: now,
      }))
      .where('id', '=', booking.id)
      .execute();
    const effect = command.reducePrice
      ? `price lowered to ${money(booking.total - command.amount)}`
      : 'price unchanged';
    const because = reason === null ? '' : ` (${reason})`;
    const said = `refund ${inserted.id}: ${money(command.amount)} by ${command.method}, ${effect}${because}`;
    await unit.trx
      .insertInto('booking_events')
      .values(bookingEventRow(booking.id, 'refund_recorded', booking.status, command.actor, said, now))
      .execute();
    if (command.reducePrice) await syncDocuments(unit, booking.id);
    return inserted.id;
  });
}

import type { Booking, DepositState } from '../db/schema.ts';
import { badRequest, conflict } from '../http/errors.ts';
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
 * A booking's damage deposit, its own ledger beside the price (docs/money.md#damage-deposits):
 * collected (due → held), returned in full (held → returned), or kept with a reason, in full
 * (held → kept) or in part (held → partly_kept, the rest returned). Each move writes its
 * movements, the booking's deposit columns and a history entry together, under the booking's
 * lock. A deposit is never part of the price, the payments or the revenue.
 */

export type DepositAction = 'collect' | 'return' | 'keep';

export interface DepositCommand extends BookingCommand {
  action: DepositAction;
  /** Minor units. collect: what was taken (default: the amount asked); keep: how much (default: all held). */
  amount?: number | undefined;
  /** Why it is kept; required for keep. */
  reason?: string | undefined;
}

type Deposit = Pick<Booking, 'id' | 'status' | 'currency' | 'confirmation_code' | 'deposit_amount' | 'deposit_state'>;

type DepositEvent = 'deposit_collected' | 'deposit_returned' | 'deposit_kept';

interface Movement {
  action: DepositAction;
  amount: number;
}

/** What a command does to a deposit: its movements, the state and amounts after, and what history says. */
function planOf(
  b: Deposit,
  command: DepositCommand,
): { movements: Movement[]; state: DepositState; amount: number; kept: number; event: DepositEvent; said: string } {
  const code = b.confirmation_code;
  const money = (minor: number) => formatMoney(minor, b.currency);
  if (b.deposit_amount === null || b.deposit_state === null)
    throw conflict('no_deposit', `Booking ${code} has no damage deposit.`, {
      parameter: 'action',
      received: command.action,
    });
  const held = b.deposit_amount;
  if (command.action === 'collect') {
    if (b.deposit_state !== 'due')
      throw conflict('deposit_already_collected', `The damage deposit of booking ${code} was collected already.`, {
        parameter: 'action',
        expected: 'return or keep',
        received: 'collect',
      });
    const amount = command.amount ?? held;
    if (amount <= 0) throw invalidAmount(command.amount);
    return {
      movements: [{ action: 'collect', amount }],
      state: 'held',
      amount,
      kept: 0,
      event: 'deposit_collected',
      said: `damage deposit of ${money(amount)} collected`,
    };
  }
  if (b.deposit_state !== 'held')
    throw conflict(
      'deposit_not_held',
      `The damage deposit of booking ${code} is ` +
        `${b.deposit_state === 'due' ? 'not collected yet' : b.deposit_state.replace('_', ' ')}.`,
      {
        parameter: 'action',
        expected: b.deposit_state === 'due' ? 'collect' : 'nothing more',
        received: command.action,
      },
    );
  if (command.action === 'return') {
    if (command.amount !== undefined && command.amount !== held)
      throw invalidAmount(command.amount, 'the whole deposit held');
    return {
      movements: [{ action: 'return', amount: held }],
      state: 'returned',
      amount: held,
      kept: 0,
      event: 'deposit_returned',
      said: `damage deposit of ${money(held)} returned`,
    };
  }
  const reason = command.reason?.trim() ?? '';
  if (reason === '')
    throw badRequest('reason_required', 'Say why the damage deposit is kept.', {
      parameter: 'reason',
      expected: 'why the deposit, or part of it, is kept',
      received: command.reason ?? null,
    });
  const kept = command.amount ?? held;
  if (kept <= 0) throw invalidAmount(command.amount);
  if (kept > held)
    throw conflict('keep_exceeds_deposit', `Only ${money(held)} of damage deposit is held for booking ${code}.`, {
      parameter: 'amount',
      expected: `at most ${money(held)}`,
      received: command.amount ?? null,
    });
  const returned = held - kept;
  return {
    movements:
      returned === 0
        ? [{ action: 'keep', amount: kept }]
        : [
            { action: 'keep', amount: kept },
            { action: 'return', amount: returned },
          ],
    state: returned === 0 ? 'kept' : 'partly_kept',
    amount: held,
    kept,
    event: 'deposit_kept',
    said: `damage deposit: ${money(kept)} kept${returned === 0 ? '' : `, ${money(returned)} returned`} (${reason})`,
  };
}

function invalidAmount(received: number | undefined, expected = 'an amount above 0') {
  return badRequest('invalid_amount', `The deposit amount must be ${expected}.`, {
    parameter: 'amount',
    expected,
    received: received ?? null,
  });
}

/** Who moved a deposit, as its movement row keeps it. */
function actorLabel(actor: BookingActor): string {
  const ref = actorRef(actor);
  return ref === null ? actor.kind : `${actor.kind}:${ref}`;
}

/** Collects, returns or keeps a booking's damage deposit (409s and 400s as planOf says). */
export async function recordDeposit(ctx: LifecycleContext, command: DepositCommand): Promise<void> {
  await onLockedBooking(ctx, command.bookingId, undefined, async (unit, booking) => {
    const plan = planOf(booking, command);
    const now = unit.now.toISOString();
    const reason = command.action === 'keep' ? (command.reason?.trim() ?? null) : null;
    await unit.trx
      .insertInto('deposit_movements')
      .values(
        plan.movements.map((m) => ({
          booking_id: booking.id,
          action: m.action,
          amount: m.amount,
          reason: m.action === 'keep' ? reason : null,
          recorded_by: actorLabel(command.actor),
          created_at: now,
        })),
      )
      .execute();
    await unit.trx
      .updateTable('bookings')
      .set({ deposit_state: plan.state, deposit_amount: plan.amount, deposit_kept: plan.kept, updated_at: now })
      .where('id', '=', booking.id)
      .execute();
    await unit.trx
      .insertInto('booking_events')
      .values(bookingEventRow(booking.id, plan.event, booking.status, command.actor, plan.said, now))
      .execute();
  });
}

import { lockRows } from '../db/row-locks.ts';
import type { Db, Executor, Tx } from '../db/store.ts';
import { badRequest, conflict, notFound, type AppError } from '../http/errors.ts';
import { echo } from '../http/validation-errors.ts';
import { todayIn } from '../shared/dates.ts';
import type { FieldError, RegistrationInput } from './registration-fields.ts';
import { loadRegistration, replaceRegistration, type StoredRegistration } from './registration-repository.ts';
import { registrationState, type RegistrationState } from './registration-state.ts';
import { validateRegistration } from './validate-registration.ts';

/**
 * Saves a booking's check-in (docs/guest-page.md#online-check-in): checked against the booking
 * (its adults and children, today where the home is), then stored whole in place of what was
 * there, under the booking's lock. A refused field stores nothing: the answer lists every
 * refused field, so the guest corrects them all at once.
 */

/** The booking's party: who registers. */
export interface Party {
  adults: number;
  children: number;
}

export type SaveOutcome =
  | { saved: true; state: RegistrationState; registration: StoredRegistration; party: Party }
  | { saved: false; errors: FieldError[]; party: Party };

async function bookingToRegister(trx: Executor, bookingId: number) {
  // The booking's row alone, locked as every change of a booking locks it (booking-lifecycle.ts):
  // a lock taken through the join would lock the home's row too, which a booking's change takes
  // after its booking's (the turnover), and the two could wait on each other.
  const locked = await lockRows(
    trx,
    trx.selectFrom('bookings').select('id').where('id', '=', bookingId),
  ).executeTakeFirst();
  if (locked === undefined) return undefined;
  return trx
    .selectFrom('bookings as b')
    .innerJoin('accommodations as a', 'a.id', 'b.accommodation_id')
    .select(['b.id', 'b.status', 'b.adults', 'b.children', 'b.checkout', 'a.timezone'])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
}

async function saveIn(
  trx: Tx,
  bookingId: number,
  input: RegistrationInput,
  now: Date,
  refused: readonly FieldError[],
): Promise<SaveOutcome> {
  const booking = await bookingToRegister(trx, bookingId);
  if (booking === undefined)
    throw notFound('booking_not_found', `No booking with id ${bookingId}.`, { parameter: 'id', received: bookingId });
  if (booking.status === 'cancelled')
    throw conflict('booking_cancelled', 'The booking is cancelled: there is no stay to check in to.', {
      received: booking.status,
    });
  if (booking.status === 'draft')
    throw conflict('booking_not_confirmed', 'The booking awaits its card payment: check-in opens once it is paid.', {
      received: booking.status,
    });
  const today = todayIn(booking.timezone, now);
  // After the stay, the check-in is what was reported: it is not sent again.
  if (today > booking.checkout)
    throw conflict('stay_ended', 'The stay has ended: its check-in can no longer be changed.', {
      received: booking.checkout,
    });
  const party = { adults: booking.adults, children: booking.children };
  const guests = party.adults + party.children;
  const checked = validateRegistration(input, { guests, today });
  const errors = [...refused, ...checked.errors];
  if (errors.length > 0) return { saved: false, errors, party };
  await replaceRegistration(trx, bookingId, checked.registration, now);
  const registration = await loadRegistration(trx, bookingId);
  return { saved: true, state: registrationState(guests, registration), registration, party };
}

/**
 * Checks and stores `input` as the booking's check-in, in the caller's transaction (`trx`) or in
 * one of its own (`db`). `refused`: fields the body's parser could not read
 * (parse-registration.ts); any of them, like any field validation refuses, stores nothing.
 * An unknown booking is a 404 `booking_not_found`; a cancelled one a 409 `booking_cancelled`, a
 * draft awaiting payment `booking_not_confirmed`, one whose departure day has passed `stay_ended`.
 */
export async function saveRegistration(
  on: Db | Tx,
  bookingId: number,
  input: RegistrationInput,
  now: Date,
  refused: readonly FieldError[] = [],
): Promise<SaveOutcome> {
  if (on.isTransaction) return saveIn(on as Tx, bookingId, input, now, refused);
  return on.transaction().execute((trx) => saveIn(trx, bookingId, input, now, refused));
}

/**
 * The 400 of the JSON body: the first refused field as `details` names a bad parameter
 * (docs/api.md#errors), and `details.errors` lists every one, each `{parameter, reason, expected}`.
 */
export function registrationRefusal(errors: readonly FieldError[]): AppError {
  const [first] = errors;
  const parameter = first?.field ?? 'body';
  return badRequest(
    first?.reason ?? 'invalid',
    `The check-in has ${errors.length} refused field(s); the first is "${parameter}".`,
    {
      parameter,
      expected: first?.expected ?? 'a check-in body',
      received: echo(first?.received, parameter),
      errors: errors.map((e) => ({ parameter: e.field, reason: e.reason, expected: e.expected })),
    },
  );
}

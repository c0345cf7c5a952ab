import { Type, type Static } from 'typebox';
import { storedDecimals, toMinorOrFail } from '../accommodations/accommodation-mapper.ts';
import { realDate } from '../accommodations/night-range.ts';
import type { AppContext } from '../app-context.ts';
import type { BookingActor } from '../bookings/booking-lifecycle.ts';
import { cancelBooking } from '../bookings/cancel-booking.ts';
import { correctGuestDetails } from '../bookings/correct-guest-details.ts';
import { createHostBooking } from '../bookings/create-host-booking.ts';
import { modifyBooking, type ModifyCommand } from '../bookings/modify-booking.ts';
import { recordDeposit } from '../bookings/record-deposit.ts';
import { recordPayment, undoPayment } from '../bookings/record-payment.ts';
import { recordRefund } from '../bookings/record-refund.ts';
import { reinstateBooking, type ReinstateCommand } from '../bookings/reinstate-booking.ts';
import { renewGuestUrl } from '../bookings/renew-guest-url.ts';
import { badRequest, isAppError, notFound } from '../http/errors.ts';
import { IdInteger } from '../http/ids.ts';
import { todayIn } from '../shared/dates.ts';
import { inUnit } from '../db/unit-of-work.ts';
import { syncDocuments } from '../invoices/sync-documents.ts';
import { MAX_AMOUNT_MINOR } from '../shared/money.ts';
import { DateString } from '../http/admin-params.ts';
import { findBookingRow, type BookingRow } from './booking-queries.ts';

/**
 * The host's booking desk (docs/api.md#admin-bookings): the admin API's request bodies and their
 * reading into the lifecycle verbs (src/bookings), which the admin API's routes and the console's
 * forms share, so both apply the same rules, races and mails.
 */

const Text = (max: number, description?: string) =>
  Type.String({ maxLength: max, ...(description === undefined ? {} : { description }) });
const Count = (min: number) => Type.Integer({ minimum: min, maximum: 100 });
const Amount = Type.Number({ minimum: 0, maximum: MAX_AMOUNT_MINOR, description: 'major units' });

export const CreateHostBookingBody = Type.Object(
  {
    accommodation_id: IdInteger,
    checkin_date: DateString,
    checkout_date: DateString,
    adults_count: Count(1),
    children_count: Type.Optional(Count(0)),
    babies_count: Type.Optional(Count(0)),
    guest: Type.Object(
      {
        first_name: Type.String({ minLength: 1, maxLength: 100 }),
        last_name: Type.String({ minLength: 1, maxLength: 100 }),
        email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
        phone: Type.Optional(Text(50)),
      },
      { additionalProperties: false },
    ),
    source: Type.Optional(
      Type.String({ minLength: 1, maxLength: 50, description: 'phone (default), walk_in, owner, another channel' }),
    ),
    payment_method: Type.Optional(Type.Enum(['bank_transfer', 'cash', 'card_processor', 'other'])),
    total_amount: Type.Optional(Amount),
    price_note: Type.Optional(Text(500, 'why the price was set by hand')),
    internal_note: Type.Optional(Text(2000, "the host's own note: never shown to the guest or mailed")),
    notify_guest: Type.Optional(Type.Boolean({ description: 'default: true when the guest has an e-mail' })),
    override_rules: Type.Optional(Type.Boolean({ description: 'skip the minimum and maximum stay only' })),
  },
  { additionalProperties: false },
);

const Clearable = (max: number) => Type.Union([Text(max), Type.Null()]);

/**
 * The guest and billing details a host corrects (docs/money.md#guest-and-billing-details): any
 * subset; `null` clears an optional field, and an address is corrected field by field.
 */
export const GuestDetailsBody = Type.Object(
  {
    first_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    last_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    phone: Type.Optional(Clearable(50)),
    address: Type.Optional(
      Type.Union([
        Type.Object(
          {
            line1: Type.Optional(Clearable(200)),
            line2: Type.Optional(Clearable(200)),
            postal_code: Type.Optional(Clearable(20)),
            city: Type.Optional(Clearable(100)),
            country: Type.Optional(
              Type.Union([Type.String({ maxLength: 2, description: 'ISO 3166-1 alpha-2, e.g. DE' }), Type.Null()]),
            ),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ]),
    ),
    company_name: Type.Optional(Clearable(200)),
    company_tax_id: Type.Optional(Clearable(50)),
  },
  { additionalProperties: false },
);

export const EditBookingBody = Type.Object(
  {
    checkin_date: Type.Optional(DateString),
    checkout_date: Type.Optional(DateString),
    adults_count: Type.Optional(Count(1)),
    children_count: Type.Optional(Count(0)),
    babies_count: Type.Optional(Count(0)),
    internal_note: Type.Optional(Text(2000)),
    total_amount: Type.Optional(Amount),
    notify_guest: Type.Optional(Type.Boolean({ description: 'mail the guest what changed for them (default false)' })),
    guest: Type.Optional(GuestDetailsBody),
  },
  { additionalProperties: false },
);

export const CancelBody = Type.Object(
  {
    reason: Type.Optional(Text(500)),
    notify_guest: Type.Optional(Type.Boolean({ description: 'default true' })),
    waive_fee: Type.Optional(
      Type.Boolean({ description: "waive the fee the home's cancellation policy would keep (default false)" }),
    ),
  },
  { additionalProperties: false },
);

/** Nothing to send but `{}`: the booking comes back as it was confirmed, and the guest is mailed. */
export const ReinstateBody = Type.Object({}, { additionalProperties: false });

export const RecordPaymentBody = Type.Object(
  {
    amount: Type.Number({
      minimum: -MAX_AMOUNT_MINOR,
      maximum: MAX_AMOUNT_MINOR,
      description: 'major units: above 0 a payment, below 0 a refund (money given back); not 0',
    }),
    method: Type.Enum(['cash', 'bank_transfer', 'card', 'other']),
    received_on: Type.Optional(DateString),
    reference: Type.Optional(Text(200)),
  },
  { additionalProperties: false },
);

export const DepositBody = Type.Object(
  {
    action: Type.Enum(['collect', 'return', 'keep'], {
      description: 'collect (due → held), return (all held back to the guest), keep (all or part, with a reason)',
    }),
    amount: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: MAX_AMOUNT_MINOR,
        description:
          'major units; collect: what was taken (default the amount asked); keep: how much (default all held)',
      }),
    ),
    reason: Type.Optional(Text(500, 'why it is kept: required for keep')),
  },
  { additionalProperties: false },
);

export const RefundBody = Type.Object(
  {
    amount: Type.Number({ minimum: 0, maximum: MAX_AMOUNT_MINOR, description: 'major units, above 0' }),
    method: Type.Enum(['cash', 'bank_transfer', 'card', 'other']),
    reason: Type.Optional(Text(500)),
    reduce_price: Type.Optional(
      Type.Boolean({
        description:
          'true: the price drops by the amount (a credit note and a new invoice); ' +
          'false (default): money returned, due again',
      }),
    ),
  },
  { additionalProperties: false },
);

export type DepositRequest = Static<typeof DepositBody>;
export type RefundRequest = Static<typeof RefundBody>;
export type CreateHostBookingRequest = Static<typeof CreateHostBookingBody>;
export type EditBookingRequest = Static<typeof EditBookingBody>;
export type RecordPaymentRequest = Static<typeof RecordPaymentBody>;

/**
 * Runs a verb for the admin API and the console: a refusal comes in the plain error envelope (the
 * verbs add the webhook's `updated`/`new_status` fields, which only the webhook owes its callers).
 */
async function plainErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw isAppError(error) ? error.plain() : error;
  }
}

async function bookingOrFail(ctx: AppContext, id: number): Promise<BookingRow> {
  const row = await findBookingRow(ctx.db, id);
  if (row === undefined)
    throw notFound('booking_not_found', `No booking with id ${id}.`, { parameter: 'id', received: id });
  return row;
}

/** POST /bookings: a booking by hand; returns its id. */
export function createBookingByHand(
  ctx: AppContext,
  b: CreateHostBookingRequest,
  actor: BookingActor,
): Promise<number> {
  const email = b.guest.email?.trim();
  return createHostBooking(
    ctx,
    {
      accommodationId: b.accommodation_id,
      checkin: b.checkin_date,
      checkout: b.checkout_date,
      adults: b.adults_count,
      children: b.children_count ?? 0,
      babies: b.babies_count ?? 0,
      guest: b.guest,
      source: b.source?.trim() || 'phone',
      paymentMethod: b.payment_method ?? 'bank_transfer',
      total: b.total_amount,
      priceNote: b.price_note,
      internalNote: b.internal_note,
      notifyGuest: b.notify_guest ?? (email !== undefined && email !== ''),
      overrideRules: b.override_rules ?? false,
    },
    actor,
  );
}

/**
 * PATCH /bookings/:id; returns the verbs' messages. A correction of the guest's details runs in
 * the same unit as the change of the stay, so both commit or neither does, and the booking's
 * documents are brought in line once after both (one credit note and one new invoice, not two
 * of each); a body with only `guest` (a draft's or a cancelled booking's too) corrects the
 * details alone.
 */
export async function editBooking(
  ctx: AppContext,
  id: number,
  b: EditBookingRequest,
  actor: BookingActor,
): Promise<string> {
  const { guest, ...stay } = b;
  if (guest === undefined)
    return (await plainErrors(modifyBooking(ctx, await modifyCommand(ctx, id, stay, actor)))).message;
  // Read before the unit opens: the embedded store has one connection, which the unit holds.
  const stayChanges = Object.keys(stay).some((k) => k !== 'notify_guest');
  const modify = stayChanges ? await modifyCommand(ctx, id, stay, actor) : null;
  return plainErrors(
    inUnit(ctx.db, ctx.now(), async (unit) => {
      const corrected = await correctGuestDetails(
        ctx,
        { bookingId: id, actor, guest, syncDocuments: modify === null },
        unit,
      );
      if (modify === null) return corrected.message;
      const edited = await modifyBooking(ctx, modify, unit);
      await syncDocuments(unit, id);
      return `${corrected.message} ${edited.message}`;
    }),
  );
}

/** The lifecycle's modification from a PATCH body's stay fields (the price in the booking's currency). */
async function modifyCommand(
  ctx: AppContext,
  id: number,
  b: Omit<EditBookingRequest, 'guest'>,
  actor: BookingActor,
): Promise<ModifyCommand> {
  const { currency } = await bookingOrFail(ctx, id);
  const total =
    b.total_amount === undefined
      ? undefined
      : toMinorOrFail('total_amount', b.total_amount, currency, storedDecimals(currency));
  return {
    bookingId: id,
    actor,
    changes: {
      checkin_date: b.checkin_date,
      checkout_date: b.checkout_date,
      adults: b.adults_count,
      children: b.children_count,
      babies: b.babies_count,
      internal_note: b.internal_note,
      total,
    },
    notifyGuest: b.notify_guest ?? false,
    fields: { checkin: 'checkin_date', checkout: 'checkout_date', guests: 'adults_count' },
  };
}

/** POST /bookings/:id/cancel. */
export async function cancelByHost(
  ctx: AppContext,
  id: number,
  b: { reason?: string | undefined; notify_guest?: boolean | undefined; waive_fee?: boolean | undefined },
  actor: BookingActor,
): Promise<void> {
  await plainErrors(
    cancelBooking(ctx, { bookingId: id, actor, reason: b.reason, notifyGuest: b.notify_guest, waiveFee: b.waive_fee }),
  );
}

/** POST /bookings/:id/reinstate: the cancellation undone while the nights are free (else 409). */
export async function reinstateByHost(ctx: AppContext, id: number, actor: ReinstateCommand['actor']): Promise<void> {
  await plainErrors(reinstateBooking(ctx, { bookingId: id, actor }));
}

/** POST /bookings/:id/guest-url: the guest page's new address; the old one stops working. */
export async function renewGuestUrlByHost(ctx: AppContext, id: number, actor: BookingActor): Promise<void> {
  await plainErrors(renewGuestUrl(ctx, { bookingId: id, actor }));
}

/** POST /bookings/:id/payments; returns the payment's id. */
export async function recordBookingPayment(
  ctx: AppContext,
  id: number,
  b: RecordPaymentRequest,
  actor: BookingActor,
): Promise<number> {
  const row = await bookingOrFail(ctx, id);
  const amount = toMinorOrFail('amount', b.amount, row.currency, storedDecimals(row.currency));
  if (amount === 0)
    throw badRequest('invalid_amount', 'amount is 0: above 0 records a payment, below 0 a refund.', {
      parameter: 'amount',
      expected: 'a number other than 0',
      received: b.amount,
    });
  const receivedOn =
    b.received_on === undefined ? todayIn(row.timezone, ctx.now()) : realDate(b.received_on, 'received_on');
  return plainErrors(
    recordPayment(ctx, { bookingId: id, actor, amount, method: b.method, receivedOn, reference: b.reference }),
  );
}

/** An amount of a booking's currency in minor units, above 0. */
function positiveMinor(row: BookingRow, field: string, amount: number): number {
  const minor = toMinorOrFail(field, amount, row.currency, storedDecimals(row.currency));
  if (minor === 0)
    throw badRequest('invalid_amount', `${field} is 0: give an amount above 0.`, {
      parameter: field,
      expected: 'a number above 0',
      received: amount,
    });
  return minor;
}

/** POST /bookings/:id/deposit. */
export async function moveDeposit(ctx: AppContext, id: number, b: DepositRequest, actor: BookingActor): Promise<void> {
  const row = await bookingOrFail(ctx, id);
  const amount = b.amount === undefined ? undefined : positiveMinor(row, 'amount', b.amount);
  await plainErrors(recordDeposit(ctx, { bookingId: id, actor, action: b.action, amount, reason: b.reason }));
}

/** POST /bookings/:id/refunds; returns the refund's id. */
export async function refundBooking(
  ctx: AppContext,
  id: number,
  b: RefundRequest,
  actor: BookingActor,
): Promise<number> {
  const row = await bookingOrFail(ctx, id);
  return plainErrors(
    recordRefund(ctx, {
      bookingId: id,
      actor,
      amount: positiveMinor(row, 'amount', b.amount),
      method: b.method,
      reason: b.reason,
      reducePrice: b.reduce_price ?? false,
    }),
  );
}

/** DELETE /bookings/:id/payments/:paymentId. */
export async function undoBookingPayment(
  ctx: AppContext,
  id: number,
  paymentId: number,
  actor: BookingActor,
): Promise<void> {
  await plainErrors(undoPayment(ctx, { bookingId: id, actor, paymentId }));
}

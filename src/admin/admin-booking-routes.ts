import { actorNames } from '../users/actor-names.ts';
import { Type, type Static } from 'typebox';
import { listBookingEvents } from '../bookings/booking-lifecycle.ts';
import { BOOKING_STATUSES } from '../db/schema.ts';
import { realDate } from '../accommodations/night-range.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { PAYMENT_STATES } from '../pricing/payment-summary.ts';
import type { FeatureRoutes } from '../app-context.ts';
import type { Executor } from '../db/store.ts';
import type { Config } from '../config/config.ts';
import {
  adminRoute,
  DateString,
  IdParams,
  IdString,
  NullableString,
  page,
  PageQueryFields,
  toId,
} from '../http/admin-params.ts';
import {
  BOOKING_SORTS,
  findBookingRow,
  listBookingsAndStays,
  listPayments,
  listRefunds,
  type BookingFilter,
  type ListedStay,
} from './booking-queries.ts';
import { bookingToJson, importedStayToJson, paymentToJson, refundToJson } from './admin-booking-json.ts';
import { registrationStates } from '../registrations/registration-repository.ts';
import { RegistrationStateSchema } from '../registrations/registration-json.ts';
import type { RegistrationState } from '../registrations/registration-state.ts';

const Status = Type.Enum(BOOKING_STATUSES);

const Money = Type.Number({ description: 'major units of the booking currency' });

export const PaymentSummarySchema = Type.Object(
  {
    amount_due: Money,
    amount_paid: Money,
    balance: Money,
    state: Type.Enum(PAYMENT_STATES),
    schedule: Type.Array(Type.Object({ due_on: Type.String({ format: 'date' }), amount: Money }), {
      description:
        'when the price falls due under the payment terms the booking keeps (one entry when it has none or the stay ' +
        'is closer than the balance days); empty once cancelled',
    }),
  },
  {
    description:
      'what is due (the total, or the cancellation fee once cancelled), paid (recorded payments less refunds, and ' +
      "what the processor's card payment paid) and left",
  },
);

export const DepositSchema = Type.Union(
  [
    Type.Object({
      amount: Money,
      state: Type.Enum(['due', 'held', 'returned', 'kept', 'partly_kept']),
      kept_amount: Money,
    }),
    Type.Null(),
  ],
  { description: 'the damage deposit asked of this booking, outside its price; null when none' },
);

export const AdminBookingSchema = Type.Object({
  kind: Type.Literal('booking'),
  id: Type.Integer(),
  confirmation_code: Type.String(),
  accommodation_id: Type.Integer(),
  accommodation_name: Type.String(),
  status: Status,
  source: Type.String(),
  checkin_date: Type.String(),
  checkout_date: Type.String(),
  nights: Type.Integer(),
  adults: Type.Integer(),
  children: Type.Integer(),
  babies: Type.Integer(),
  guest_notes: Type.String(),
  internal_note: Type.String({ description: "the host's own note; never shown to the guest, a partner or a channel" }),
  payment_method: Type.String(),
  payment_intent_id: NullableString,
  currency: Type.String(),
  pricing: Type.Object({
    base_price: Type.Number(),
    discount: Type.Number(),
    cleaning_fee: Type.Number(),
    extras: Type.Record(Type.String(), Type.Number()),
    extra_guest_fee: Type.Number({ description: 'for guests beyond those the price includes; 0 when none' }),
    tax: Type.Number(),
    city_tax: Type.Number({ description: 'collected for the city; not revenue; 0 when none' }),
    price_reduction: Type.Number({ description: 'what refunds that lowered the price took off the total' }),
    total: Type.Number(),
  }),
  total_amount: Type.Number(),
  price_note: Type.Union([Type.String(), Type.Null()], { description: 'why the host set the price by hand' }),
  payment: PaymentSummarySchema,
  cancellation_fee: Type.Union([Type.Number(), Type.Null()], {
    description: 'once cancelled, the fee kept (0 when none applied or it was waived); null while the booking stands',
  }),
  deposit: DepositSchema,
  hold_expires_at: NullableString,
  cancel_reason: NullableString,
  partner: Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String(), phone: NullableString }),
  guest: Type.Object(
    {
      first_name: Type.String(),
      last_name: Type.String(),
      email: Type.String({ description: 'empty for a booking by hand made without one' }),
      phone: NullableString,
      address: Type.Union([
        Type.Object({
          line1: NullableString,
          line2: NullableString,
          postal_code: NullableString,
          city: NullableString,
          country: NullableString,
        }),
        Type.Null(),
      ]),
      company_name: NullableString,
      company_tax_id: NullableString,
    },
    { description: 'the guest and billing details this booking keeps (PATCH `guest` corrects them)' },
  ),
  registration_state: RegistrationStateSchema,
  created_at: Type.String(),
  updated_at: Type.String(),
  confirmed_at: NullableString,
  cancelled_at: NullableString,
  guest_url: Type.String({
    format: 'uri',
    description:
      "the guest's private page (docs/guest-page.md): whoever holds this address sees the stay, " +
      'and near arrival the door code; POST /bookings/{id}/guest-url replaces it',
  }),
});

export const ImportedStaySchema = Type.Object({
  kind: Type.Literal('import'),
  id: Type.Integer({ description: 'the imported reservation id' }),
  accommodation_id: Type.Integer(),
  accommodation_name: Type.String(),
  source: Type.String({ description: 'the name of the feed it was imported from' }),
  summary: Type.String(),
  checkin_date: Type.String(),
  checkout_date: Type.String(),
  nights: Type.Integer(),
  created_at: Type.String(),
});

export const PaymentSchema = Type.Object({
  id: Type.Integer(),
  amount: Money,
  method: Type.Enum(['cash', 'bank_transfer', 'card', 'other']),
  received_on: Type.String(),
  reference: NullableString,
  recorded_by: Type.String({ description: 'api_key:<id> or console_user:<id>' }),
  recorded_at: Type.String(),
  undone_at: NullableString,
  undone_by: NullableString,
});

export const RefundSchema = Type.Object({
  id: Type.Integer(),
  amount: Money,
  method: Type.Enum(['cash', 'bank_transfer', 'card', 'other']),
  reason: NullableString,
  effect: Type.Enum(['price_reduced', 'money_returned'], {
    description: 'price_reduced: the price went down by the amount; money_returned: the price stands',
  }),
  recorded_by: Type.String({ description: 'api_key:<id> or console_user:<id>' }),
  recorded_at: Type.String(),
});

export const BookingEventSchema = Type.Object({
  event: Type.Enum(
    [
      'created',
      'confirmed',
      'modified',
      'cancelled',
      'expired',
      'reinstated',
      'noted',
      'guest_corrected',
      'payment_recorded',
      'payment_undone',
      'cancellation_fee',
      'deposit_collected',
      'deposit_returned',
      'deposit_kept',
      'refund_recorded',
      'guest_url_renewed',
    ],
    { description: 'what happened' },
  ),
  status: Status,
  actor: Type.Object({
    kind: Type.Enum(['api_key', 'webhook', 'payment_event', 'hold_expiry', 'host', 'system'], {
      description: 'who made the change',
    }),
    ref: Type.Union([Type.String(), Type.Null()], {
      description: 'the API key id, webhook delivery id or payment event id; `console_user:<id>` for a console user',
    }),
    name: Type.Union([Type.String(), Type.Null()], {
      description: 'the name of the console user who made the change; null for any other actor',
    }),
  }),
  reason: Type.Union([Type.String(), Type.Null()], {
    description: 'why: the payment, the cancellation reason, what was modified',
  }),
  at: Type.String(),
});

/** One booking with its history, oldest change first. */
export const AdminBookingDetailSchema = Type.Object({
  ...AdminBookingSchema.properties,
  payments: Type.Array(PaymentSchema, { description: 'recorded payments, undone ones too, oldest first' }),
  refunds: Type.Array(RefundSchema, { description: 'refunds, oldest first' }),
  events: Type.Array(BookingEventSchema),
});

const BookingQuery = Type.Object(
  {
    accommodation_id: Type.Optional(IdString),
    status: Type.Optional(Status),
    from: Type.Optional(DateString),
    to: Type.Optional(DateString),
    q: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'code, full name in either order, part of a name, e-mail or phone digits; case- and accent-insensitive',
      }),
    ),
    sort: Type.Optional(
      Type.Enum(BOOKING_SORTS, { description: 'created (newest first, default), arrival or departure' }),
    ),
    payment_state: Type.Optional(Type.Enum(PAYMENT_STATES)),
    include: Type.Optional(Type.Literal('imports', { description: 'also list stays imported from channel feeds' })),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
type BookingQueryValues = Static<typeof BookingQuery>;

/** The list's filter from its query string (the JSON list, the CSV and the console share it). */
export function bookingFilterOf(
  q: Omit<BookingQueryValues, 'limit' | 'offset'>,
): Omit<BookingFilter, 'limit' | 'offset'> {
  return {
    ...(q.accommodation_id === undefined ? {} : { accommodationId: toId(q.accommodation_id) }),
    ...(q.status === undefined ? {} : { status: q.status }),
    ...(q.from === undefined ? {} : { from: realDate(q.from, 'from') }),
    ...(q.to === undefined ? {} : { to: realDate(q.to, 'to') }),
    ...(q.q === undefined ? {} : { q: q.q }),
    ...(q.sort === undefined ? {} : { sort: q.sort }),
    ...(q.payment_state === undefined ? {} : { paymentState: q.payment_state }),
  };
}

/** The most rows one CSV download holds. */
const CSV_MAX_ROWS = 50_000;

function stayToJson(
  s: ListedStay,
  states: ReadonlyMap<number, RegistrationState>,
  config: Pick<Config, 'publicBaseUrl'>,
) {
  return s.kind === 'booking'
    ? bookingToJson(s.row, states.get(s.row.id) ?? 'missing', config)
    : importedStayToJson(s.row);
}

/** Bookings, read: the filtered and searched list, as JSON or CSV, and one booking. */
export const adminBookingRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/bookings',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          'Bookings (newest first unless sorted), searched with q; from/to select those with a night in [from, to)',
        querystring: BookingQuery,
        response: {
          200: Envelope(Type.Array(Type.Union([AdminBookingSchema, ImportedStaySchema]))),
          ...commonErrorResponses,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await listBookingsAndStays(ctx.db, { ...bookingFilterOf(q), ...page(q) }, q.include === 'imports');
      const states = await registrationStates(
        ctx.db,
        rows.flatMap((s) => (s.kind === 'booking' ? [s.row] : [])),
      );
      return ok(
        rows.map((s) => stayToJson(s, states, ctx.config)),
        requestMetadata(request.id),
      );
    },
  );

  app.get(
    '/bookings.csv',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'The same list as CSV (RFC 4180, UTF-8 with a byte order mark, a header row), unpaged',
        querystring: BookingQuery,
        response: {
          200: {
            description: 'One row per booking (and imported stay with include=imports)',
            content: { 'text/csv': { schema: Type.String() } },
          },
          ...commonErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const rows = await listBookingsAndStays(
        ctx.db,
        { ...bookingFilterOf(q), limit: CSV_MAX_ROWS, offset: 0 },
        q.include === 'imports',
      );
      // csv-stringify is loaded by the first download.
      const { bookingsCsv } = await import('./bookings-csv.ts');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="bookings.csv"')
        .send(bookingsCsv(rows));
    },
  );

  app.get(
    '/bookings/:id',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'One booking, with the history of its changes (who made each and why)',
        params: IdParams,
        response: { 200: Envelope(AdminBookingDetailSchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      return ok(await bookingDetail(ctx, toId(request.params.id)), requestMetadata(request.id));
    },
  );
};

/** One booking as the admin API shows it: with its payments and history; a 404 when there is none. */
export async function bookingDetail(
  ctx: { readonly db: Executor; readonly config: Pick<Config, 'publicBaseUrl'> },
  id: number,
) {
  const { db } = ctx;
  const row = await findBookingRow(db, id);
  if (row === undefined)
    throw notFound('booking_not_found', `No booking with id ${id}.`, {
      parameter: 'id',
      expected: 'id of an existing booking',
      received: id,
    });
  const [events, payments, refunds, states] = await Promise.all([
    listBookingEvents(db, id),
    listPayments(db, id),
    listRefunds(db, id),
    registrationStates(db, [row]),
  ]);
  const names = await actorNames(
    db,
    events.map((e) => e.actor_ref),
  );
  return {
    ...bookingToJson(row, states.get(id) ?? 'missing', ctx.config),
    payments: payments.map((p) => paymentToJson(row.currency, p)),
    refunds: refunds.map((r) => refundToJson(row.currency, r)),
    events: events.map((e) => ({
      event: e.event,
      status: e.status,
      actor: { kind: e.actor_kind, ref: e.actor_ref, name: names.get(e.actor_ref ?? '') ?? null },
      reason: e.reason,
      at: e.created_at,
    })),
  };
}

import { Type, type Static } from 'typebox';
import { MAX_AMOUNT_MINOR } from '../shared/money.ts';
import { AccommodationId, DateString, ExtrasSchema } from '../http/v1-fields.ts';
import { BOOKING_STATUSES, type BookingStatus, type PaymentMethod } from '../db/schema.ts';

const Text = (max: number) => Type.String({ maxLength: max });
const Count = Type.Integer({ minimum: 0, maximum: 100 });
const Amount = Type.Number({ minimum: 0, maximum: MAX_AMOUNT_MINOR });

export const PartnerDataSchema = Type.Object({
  title: Type.Optional(Text(20)),
  first_name: Type.String({ minLength: 1, maxLength: 100 }),
  last_name: Type.String({ minLength: 1, maxLength: 100 }),
  email: Type.String({ format: 'email', maxLength: 254 }),
  phone: Type.Optional(Text(50)),
  address: Type.Optional(
    Type.Object({
      street: Type.Optional(Text(200)),
      city: Type.Optional(Text(100)),
      zip: Type.Optional(Text(20)),
      country: Type.Optional(Text(100)),
    }),
  ),
});

export const PAYMENT_METHODS = ['card_processor', 'bank_transfer', 'cash'] as const;
export const PaymentMethodSchema = Type.Union(PAYMENT_METHODS.map((m) => Type.Literal(m)));

/** A booking's status in answers (an enum, so that generated clients get a union type). */
const BookingStatusSchema = Type.Unsafe<BookingStatus>({ type: 'string', enum: [...BOOKING_STATUSES] });
/**
 * How a booking is paid, in answers: what v1 takes, and `other` for a booking the host made by
 * hand and settled some other way (docs/api.md#bookings).
 */
const PaymentMethodAnswer = Type.Unsafe<PaymentMethod>({
  type: 'string',
  enum: [...PAYMENT_METHODS, 'other'],
});

export const BookingDataSchema = Type.Object({
  checkin_date: DateString,
  checkout_date: DateString,
  adults_count: Type.Integer({ minimum: 1, maximum: 100 }),
  children_count: Count,
  babies_count: Count,
  guest_notes: Type.Optional(Text(2000)),
  payment_method: PaymentMethodSchema,
  payment_token: Type.Optional(Text(500)),
  total_amount: Type.Optional(Amount),
  expected_amount: Type.Optional(Amount),
  idempotency_key: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  payment_intent_id: Type.Optional(Text(200)),
  language: Type.Optional(
    Type.String({
      maxLength: 35,
      description:
        'the guest\'s language as a language tag (en, de, fr, es, it; "de-CH" counts as de): their mails and ' +
        "invoice are written in it; any other falls back to the accommodation's language",
    }),
  ),
});

export const CreateBookingBody = Type.Object({
  accommodation_id: AccommodationId,
  partner_data: PartnerDataSchema,
  booking_data: BookingDataSchema,
  extras: Type.Optional(ExtrasSchema),
});
export type CreateBookingInput = Static<typeof CreateBookingBody>;

export const BookingCreatedData = Type.Object({
  booking_id: Type.Integer(),
  confirmation_code: Type.String(),
  booking_reference: Type.String(),
  partner_id: Type.Integer(),
  invoice_url: Type.String({ format: 'uri' }),
  status: BookingStatusSchema,
  next_steps: Type.Array(Type.String()),
});
export type BookingCreated = Static<typeof BookingCreatedData>;

const Composition = Type.Object({ adults: Type.Integer(), children: Type.Integer(), babies: Type.Integer() });

export const BookingViewSchema = Type.Object({
  id: Type.Integer(),
  confirmation_code: Type.String(),
  booking_reference: Type.String(),
  accommodation_id: Type.Integer(),
  accommodation_name: Type.String(),
  checkin_date: Type.String(),
  checkout_date: Type.String(),
  nights: Type.Integer(),
  guest_count: Type.Integer(),
  composition: Composition,
  total_amount: Type.Number(),
  currency: Type.String(),
  status: BookingStatusSchema,
  booking_status: BookingStatusSchema,
  payment_method: PaymentMethodAnswer,
  partner: Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String(), phone: Type.String() }),
  payment: Type.Object(
    {
      state: Type.Union([
        Type.Literal('unpaid'),
        Type.Literal('partly_paid'),
        Type.Literal('paid'),
        Type.Literal('overpaid'),
      ]),
      amount_paid: Type.Number(),
      balance: Type.Number({
        description:
          'what is left to pay: total_amount - amount_paid, or cancellation_fee - amount_paid once cancelled ' +
          '(negative when overpaid: owed back)',
      }),
    },
    {
      description:
        'what has been paid: payments the host recorded, less refunds given back, and ' +
        "what the processor's card payment paid when it confirmed the booking",
    },
  ),
  hold_expires_at: Type.Union([Type.String(), Type.Null()], {
    description: 'a draft awaiting card payment: when its hold on the nights ends; otherwise null',
  }),
  cancel_reason: Type.Union([Type.String(), Type.Null()]),
  cancelled_at: Type.Union([Type.String(), Type.Null()]),
  cancellation_fee: Type.Union([Type.Number(), Type.Null()], {
    description:
      "once cancelled, the fee the home's cancellation policy keeps (0 when none applies or the host waived it); " +
      'null while the booking stands',
  }),
  updated_at: Type.String(),
});
export type BookingView = Static<typeof BookingViewSchema>;

export const BookingIdParams = Type.Object({
  booking_id: Type.String({
    pattern: '^[0-9]+$',
    description: 'integer booking id (any number of digits; an unknown one is a 404)',
  }),
});

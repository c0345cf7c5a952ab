import { Type, type Static } from 'typebox';
import { GUEST_LANGUAGES } from '../shared/guest-language.ts';
import { MAX_AMOUNT_MINOR } from '../shared/money.ts';
import { DateString } from '../http/admin-params.ts';
import { Nullable } from '../http/nullable.ts';

/**
 * The accommodation as the admin API shows and takes it (docs/api.md#admin-accommodations): amounts in major units
 * of its currency, rates as fractions. accommodation-mapper.ts converts to and from the row.
 */

const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

// The ceiling keeps every stay total far inside a safe integer of minor units.
const Amount = (description: string) =>
  Type.Number({
    minimum: 0,
    maximum: MAX_AMOUNT_MINOR,
    description:
      `${description}, major units of the currency; ` +
      `at most ${MAX_AMOUNT_MINOR} minor units (e.g. 10000000.00 EUR), else 400 amount_too_large`,
  });
const Rate = (description: string) =>
  Type.Number({ minimum: 0, maximum: 1, description: `${description}, fraction 0..1, at most 6 decimals` });
const Time = (description: string) => Type.String({ pattern: TIME_PATTERN, description: `${description}, HH:MM` });

/** A fact guest messages quote (docs/messages.md); admin API and console only, never v1 or events. */
const GuestFact = (description: string, maxLength: number) =>
  Type.Union([Type.String({ maxLength }), Type.Null()], { description: `${description}; null: none` });

/** The facts guest messages quote, as the admin API takes and shows them. */
const GUEST_FACTS = {
  address: GuestFact("the home's street address", 1000),
  arrival_instructions: GuestFact('how to get in and find the home', 4000),
  door_code: GuestFact('the door or key-box code', 200),
  wifi_name: GuestFact('the Wi-Fi network name', 200),
  wifi_password: GuestFact('the Wi-Fi password', 200),
};

/** When the guest's page shows the door code (docs/guest-page.md#the-door-code). */
const DoorCodeDays = Type.Integer({
  minimum: 0,
  maximum: 365,
  description:
    "how many days before arrival the guest's page shows the door code (0: on the day of arrival only), " +
    'and only once nothing is due; default 2',
});

export const GUEST_FACT_NAMES = Object.keys(GUEST_FACTS) as (keyof typeof GUEST_FACTS)[];

const ExtrasInput = Type.Object(
  {
    breakfast: Type.Optional(Amount('per guest per night')),
    linen: Type.Optional(Amount('per guest per stay')),
    late_checkin: Type.Optional(Amount('per stay')),
  },
  { additionalProperties: false, description: 'An extra left out is not offered.' },
);

const Days = (description: string) => Type.Integer({ minimum: 0, maximum: 3650, description });

/** The money rules of docs/money.md (null = none); each, when sent, replaces what was set. */
const MoneyRulesInput = {
  city_tax: Type.Optional(
    Nullable(
      Type.Object(
        {
          amount: Amount('per counted person per night'),
          per: Type.Optional(Type.Literal('person_night', { description: 'the only basis, default person_night' })),
          counts: Type.Optional(
            Type.Array(Type.Union([Type.Literal('adults'), Type.Literal('children')]), {
              minItems: 1,
              maxItems: 2,
              uniqueItems: true,
              description:
                'who is counted: ["adults"] (default) or ["adults","children"]; babies never (else 400 invalid_enum)',
            }),
          ),
          max_nights: Type.Optional(
            Nullable(
              Type.Integer({ minimum: 1, maximum: 3650, description: 'nights charged at most; null = every night' }),
            ),
          ),
        },
        { additionalProperties: false, description: 'Tourist tax: not discounted, not taxed, added to the total.' },
      ),
    ),
  ),
  extra_guest_fee: Type.Optional(
    Nullable(
      Type.Object(
        {
          amount: Amount('per guest beyond included_guests per night'),
          included_guests: Type.Integer({ minimum: 0, maximum: 1000, description: 'guests the price includes' }),
        },
        { additionalProperties: false, description: 'Taxed like the cleaning fee, not discounted.' },
      ),
    ),
  ),
  damage_deposit: Type.Optional(Nullable(Amount('held apart from the price and returned after the stay'))),
  cancellation_policy: Type.Optional(
    Nullable(
      Type.Array(
        Type.Object(
          {
            days_before_checkin: Days('from this many days left before check-in'),
            fee: Rate('share of the total kept'),
          },
          { additionalProperties: false },
        ),
        { maxItems: 20, description: 'Tiers, one per days_before_checkin (else 400 duplicate_tier); [] = none.' },
      ),
    ),
  ),
  payment_terms: Type.Optional(
    Nullable(
      Type.Object(
        {
          deposit_fraction: Rate('share of the total due at booking'),
          balance_days_before: Days('the rest due this many days before check-in'),
        },
        { additionalProperties: false },
      ),
    ),
  ),
  registration_number: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 64,
        description: 'short-term-rental registration number (EU 2024/1028, CIN, NRUA, ...); trimmed, blank = none',
      }),
    ),
  ),
};

export const AccommodationCreateSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, default EUR' })),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'IANA time zone, default UTC' })),
    base_price: Amount('price per night'),
    cleaning_fee: Type.Optional(Amount('per stay, default 0')),
    tax_rate: Type.Optional(Rate('default 0')),
    weekly_discount: Type.Optional(Rate('from 7 nights, default 0')),
    monthly_discount: Type.Optional(Rate('from 28 nights, default 0')),
    min_stay: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, description: 'nights, default 1' })),
    max_stay: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 3650, description: 'nights, default 365, at least min_stay' }),
    ),
    max_guests: Type.Integer({ minimum: 1, maximum: 1000 }),
    checkin_time: Type.Optional(Time('default 15:00')),
    checkout_time: Type.Optional(Time('default 10:00')),
    extras: Type.Optional(ExtrasInput),
    language: Type.Optional(
      Type.Enum(GUEST_LANGUAGES, {
        description: "guests' mails and invoices are written in it unless a booking names the guest's; default en",
      }),
    ),
    ...MoneyRulesInput,
    address: Type.Optional(GUEST_FACTS.address),
    arrival_instructions: Type.Optional(GUEST_FACTS.arrival_instructions),
    door_code: Type.Optional(GUEST_FACTS.door_code),
    wifi_name: Type.Optional(GUEST_FACTS.wifi_name),
    wifi_password: Type.Optional(GUEST_FACTS.wifi_password),
    door_code_days: Type.Optional(DoorCodeDays),
  },
  { additionalProperties: false },
);

/** Any subset of the create fields; `extras`, when sent, replaces the whole extras object. */
export const AccommodationPatchSchema = Type.Partial(AccommodationCreateSchema, { additionalProperties: false });

export const AccommodationExtrasSchema = Type.Object({
  breakfast: Type.Optional(Type.Number()),
  linen: Type.Optional(Type.Number()),
  late_checkin: Type.Optional(Type.Number()),
});

/** The money rules as shown: major units and fractions, null = none. */
const MoneyRulesShown = {
  city_tax: Nullable(
    Type.Object({
      amount: Type.Number(),
      per: Type.Literal('person_night'),
      counts: Type.Array(Type.Union([Type.Literal('adults'), Type.Literal('children')])),
      max_nights: Nullable(Type.Integer()),
    }),
  ),
  extra_guest_fee: Nullable(Type.Object({ amount: Type.Number(), included_guests: Type.Integer() })),
  damage_deposit: Nullable(Type.Number()),
  cancellation_policy: Nullable(
    Type.Array(Type.Object({ days_before_checkin: Type.Integer(), fee: Type.Number() }), {
      description: 'largest days_before_checkin first',
    }),
  ),
  payment_terms: Nullable(Type.Object({ deposit_fraction: Type.Number(), balance_days_before: Type.Integer() })),
  registration_number: Nullable(Type.String()),
};

export const AccommodationSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  currency: Type.String(),
  timezone: Type.String(),
  base_price: Type.Number(),
  cleaning_fee: Type.Number(),
  tax_rate: Type.Number(),
  weekly_discount: Type.Number(),
  monthly_discount: Type.Number(),
  min_stay: Type.Integer(),
  max_stay: Type.Integer(),
  max_guests: Type.Integer(),
  checkin_time: Type.String(),
  checkout_time: Type.String(),
  language: Type.String({ description: "the language of guests' mails and invoices" }),
  extras: AccommodationExtrasSchema,
  ...MoneyRulesShown,
  ...GUEST_FACTS,
  door_code_days: DoorCodeDays,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  archived_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'when it was archived (deleted while it had bookings): it takes no new booking; null while active',
  }),
});

export type AccommodationCreateInput = Static<typeof AccommodationCreateSchema>;
export type AccommodationPatchInput = Static<typeof AccommodationPatchSchema>;
export type AccommodationJson = Static<typeof AccommodationSchema>;

export const SetPricesBody = Type.Object(
  {
    from: DateString,
    to: DateString,
    price: Type.Union([Type.Number({ minimum: 0, maximum: MAX_AMOUNT_MINOR }), Type.Null()], {
      description: 'per night, major units; null returns the nights to the base price',
    }),
  },
  { additionalProperties: false },
);

import { Type } from 'typebox';
import { MetadataSchema } from '../http/envelope.ts';
import { AccommodationId, DateString, ExtrasSchema } from '../http/v1-fields.ts';
import { Nullable } from '../http/nullable.ts';

export const AvailabilityBody = Type.Object({
  accommodation_id: AccommodationId,
  checkin: DateString,
  checkout: DateString,
  guest_count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  extras: Type.Optional(ExtrasSchema),
  composition: Type.Optional(
    Type.Object(
      {
        adults: Type.Integer({ minimum: 1, maximum: 1000 }),
        children: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
        babies: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
      },
      {
        description:
          'Who stays, for the city tax (docs/money.md#city-tax-and-extra-guests); ' +
          'without it every guest counts as an adult. ' +
          'adults + children must equal guest_count when both are sent; babies are not guests.',
      },
    ),
  ),
});

export const PricingSchema = Type.Object({
  base_price: Type.Number(),
  avg_price_per_night: Type.Number(),
  cleaning_fee: Type.Number(),
  tax: Type.Number(),
  extras: Type.Record(Type.String(), Type.Number()),
  discounts: Type.Record(Type.String(), Type.Number()),
  city_tax: Type.Number({ description: 'per counted person per night, not discounted, not taxed; 0 when none' }),
  extra_guest_fee: Type.Number({ description: 'for guests beyond those the price includes, taxed; 0 when none' }),
  total: Type.Number({ description: 'everything above, city tax included: the amount to send when booking' }),
});

export const RestrictionsSchema = Type.Object({
  min_stay: Type.Integer(),
  max_stay: Type.Integer(),
  max_guests: Type.Integer(),
  checkin_time: Type.String(),
  checkout_time: Type.String(),
});

export const AvailabilityData = Type.Object({
  available: Type.Boolean(),
  nights: Type.Integer(),
  pricing: Nullable(PricingSchema),
  restrictions: Nullable(RestrictionsSchema),
  registration_number: Nullable(
    Type.String({ description: "the home's short-term-rental registration number (CIN, NRUA, ...); null when none" }),
  ),
  message: Type.String(),
});

/** Both answers of docs/api.md#availability: the not-available one carries no metadata. */
export const AvailabilityResponse = Type.Object({
  success: Type.Literal(true),
  data: AvailabilityData,
  metadata: Type.Optional(MetadataSchema),
});

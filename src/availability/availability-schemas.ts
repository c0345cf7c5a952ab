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
});

export const PricingSchema = Type.Object({
  base_price: Type.Number(),
  avg_price_per_night: Type.Number(),
  cleaning_fee: Type.Number(),
  tax: Type.Number(),
  extras: Type.Record(Type.String(), Type.Number()),
  discounts: Type.Record(Type.String(), Type.Number()),
  total: Type.Number(),
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
  message: Type.String(),
});

/** Both answers of docs/api.md#availability: the not-available one carries no metadata. */
export const AvailabilityResponse = Type.Object({
  success: Type.Literal(true),
  data: AvailabilityData,
  metadata: Type.Optional(MetadataSchema),
});

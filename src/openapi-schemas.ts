import { MetadataSchema, ErrorEnvelopeSchema } from './http/envelope.ts';
import { PricingSchema, RestrictionsSchema } from './availability/availability-schemas.ts';
import {
  BookingCreatedData,
  BookingDataSchema,
  BookingViewSchema,
  PartnerDataSchema,
} from './bookings/booking-schemas.ts';
import { CalendarBookingSchema } from './calendar/calendar-schemas.ts';
import { ExtrasSchema } from './http/v1-fields.ts';

/**
 * Names the OpenAPI document gives the schemas partners meet most (client generators turn them
 * into types of these names); any other schema used twice is named after the field holding it.
 */
export const NAMED_SCHEMAS: Readonly<Record<string, unknown>> = {
  ErrorEnvelope: ErrorEnvelopeSchema,
  Metadata: MetadataSchema,
  Booking: BookingViewSchema,
  BookingCreated: BookingCreatedData,
  PartnerData: PartnerDataSchema,
  BookingData: BookingDataSchema,
  Extras: ExtrasSchema,
  Pricing: PricingSchema,
  Restrictions: RestrictionsSchema,
  CalendarBooking: CalendarBookingSchema,
};

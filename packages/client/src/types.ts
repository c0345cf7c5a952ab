import type { components, operations } from './generated/openapi.ts';

/** Named types of the Staydesk API, from its OpenAPI document. */
type Schemas = components['schemas'];
type JsonBody<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type Booking = Schemas['Booking'] & {
  /** Added by the service for cancelled bookings (`payment_timeout`, a partner's or the host's reason). */
  cancel_reason?: string | null;
  hold_expires_at?: string | null;
};
export type BookingCreated = Schemas['BookingCreated'];
export type BookingStatus = Booking['status'];
export type PaymentMethod = Booking['payment_method'];
export type ErrorReason = Schemas['ErrorReason'];
export type CreateBookingRequest = JsonBody<operations['createBooking']['requestBody']>;
export type AvailabilityRequest = JsonBody<operations['checkAvailability']['requestBody']>;
export type Availability = JsonBody<operations['checkAvailability']['responses'][200]>['data'];
export type CalendarRequest = JsonBody<operations['getCalendar']['requestBody']>;
export type Calendar = JsonBody<operations['getCalendar']['responses'][200]>['data'];
/** What a test payment plays the card processor to do (test keys only). */
export type TestPaymentOutcome = JsonBody<operations['testPayment']['requestBody']>['outcome'];
export type TestPayment = JsonBody<operations['testPayment']['responses'][200]>['data'];
export type TestEventSent = JsonBody<operations['sendTestEvent']['responses'][200]>['data'];

/** An outbound event (decisions: "Partners hear about changes"). */
export interface StaydeskEvent {
  id: string;
  type:
    | 'booking.created'
    | 'booking.confirmed'
    | 'booking.modified'
    | 'booking.cancelled'
    | 'booking.expired'
    | 'payment.issue'
    | (string & {});
  timestamp: string;
  /** false for a test key's events (docs/partners.md#test-mode). */
  livemode: boolean;
  data: Booking;
}
export interface EventPage {
  events: StaydeskEvent[];
  next_cursor: string | null;
}

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

/** The types of event a booking's key hears about: each carries the booking. */
export type BookingEventType =
  'booking.created' | 'booking.confirmed' | 'booking.modified' | 'booking.cancelled' | 'booking.expired';
/** Every type of event the service sends. */
export type EventType = BookingEventType | 'payment.issue' | 'calendar.changed';

/** What every event carries beside its type and data. */
interface EventFields {
  /** `evt_<n>`: the `webhook-id` of every delivery of the event, and its id in the catch-up feed. */
  id: string;
  /** When the change happened (ISO 8601). */
  timestamp: string;
  /** `false` for the events of a test key's bookings. */
  livemode: boolean;
}

/** A booking of the key was made or changed: `data` is the booking as `getBooking` showed it then. */
export interface BookingEvent extends EventFields {
  type: BookingEventType;
  data: Booking;
}

/** What happened to a card payment that confirmed nothing. */
export interface PaymentIssue {
  kind:
    'amount_mismatch' | 'currency_mismatch' | 'refund_needed' | 'payment_failed' | 'unknown_booking' | (string & {});
  amount: number | null;
  currency: string | null;
  payment_intent_id: string | null;
}

/** A card payment of one of the key's bookings needs the host: the booking, and `issue`. */
export interface PaymentIssueEvent extends EventFields {
  type: 'payment.issue';
  data: Booking & { issue: PaymentIssue };
}

/** Nights of an accommodation changed, by any channel: from `from` up to `to` (excluded). */
export interface CalendarChange {
  accommodation_id: number;
  /** The first night that changed (`YYYY-MM-DD`). */
  from: string;
  /** The day after the last night that changed (`YYYY-MM-DD`). */
  to: string;
}

export interface CalendarChangedEvent extends EventFields {
  type: 'calendar.changed';
  data: CalendarChange;
}

/** An outbound event, as `verifyEvent` returns it: `type` tells which `data` it has. */
export type StaydeskEvent = BookingEvent | PaymentIssueEvent | CalendarChangedEvent;

/** An event of the catch-up feed (`calendar.changed` is pushed only). */
export type FeedEvent = BookingEvent | PaymentIssueEvent;

export interface EventPage {
  events: FeedEvent[];
  next_cursor: string | null;
}

type Answer<Op extends keyof operations, S extends number> = S extends keyof operations[Op]['responses']
  ? JsonBody<operations[Op]['responses'][S]> extends { data: infer D }
    ? D
    : never
  : never;

export type WebhookEndpointRequest = JsonBody<operations['createV1WebhookEndpoints']['requestBody']>;
/** A registered endpoint, with its signing secret: shown this once. */
export type WebhookEndpointCreated = Answer<'createV1WebhookEndpoints', 201>;
/** A registered endpoint (never its secret). */
export type WebhookEndpoint = Answer<'listV1WebhookEndpoints', 200>[number];
export type WebhookEndpointDeleted = Answer<'deleteV1WebhookEndpoints', 200>;
export type ConnectionTest = Answer<'testConnection', 200>;
export type CalendarHealth = Answer<'getCalendarHealth', 200>;
export type CalendarTest = Answer<'testCalendar', 200>;
export type CalendarDebug = Answer<'debugCalendar', 200>;

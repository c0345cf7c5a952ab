/**
 * The events a partner hears about (docs/decisions.md#partner-events). Booking events and
 * payment issues go only to the endpoints of the key that created the booking; calendar changes
 * (an accommodation and a date range, no guest data) to every endpoint that asks for them.
 */
export const BOOKING_EVENT_TYPES = [
  'booking.created',
  'booking.confirmed',
  'booking.modified',
  'booking.cancelled',
  'booking.expired',
  'payment.issue',
] as const;
export const CALENDAR_CHANGED = 'calendar.changed';
export const EVENT_TYPES = [...BOOKING_EVENT_TYPES, CALENDAR_CHANGED] as const;

export type BookingEventType = (typeof BOOKING_EVENT_TYPES)[number];
export type EventType = (typeof EVENT_TYPES)[number];

/** What an endpoint takes when it names no types: every booking event, not calendar changes. */
export const DEFAULT_ENDPOINT_EVENTS: readonly EventType[] = BOOKING_EVENT_TYPES;

/** An event's public id (the `webhook-id` header and the catch-up feed's `id`, `next_cursor`). */
export function eventIdOf(rowId: number): string {
  return `evt_${rowId}`;
}

/** The row id an event id names; undefined when it names none. */
export function rowIdOf(eventId: string): number | undefined {
  const match = /^evt_([1-9][0-9]{0,14})$/.exec(eventId);
  return match === null ? undefined : Number(match[1]);
}

/** The types an endpoint row takes (stored as JSON text). */
export function endpointEvents(stored: string): EventType[] {
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed)
    ? parsed.filter((t): t is EventType => (EVENT_TYPES as readonly unknown[]).includes(t))
    : [];
}

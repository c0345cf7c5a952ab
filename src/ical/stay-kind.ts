/**
 * What an imported event says about the nights. Channels publish no guest data: Airbnb writes
 * "Reserved" for a booking and "Airbnb (Not available)" for nights the host closed or beyond its
 * booking window; Booking.com writes "CLOSED - Not available" for both.
 */
export type StayKind = 'reserved' | 'not_available';

const NOT_AVAILABLE = /not available|unavailable|closed|blocked/i;

export function classifySummary(summary: string): StayKind {
  return NOT_AVAILABLE.test(summary) ? 'not_available' : 'reserved';
}

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cutNewBookingEvents, type NewBookingIds } from '../../src/events/new-booking-events.ts';
import { payloadOf, type EventToWrite } from '../../src/events/record-event.ts';

// A new booking's events are cut around its ids, so that the statement inserting the booking can
// join them again around the ids it gets (src/events/new-booking-events.ts).

const NOW = '2026-11-29T10:00:00.000Z';

function eventsWith(data: (ids: NewBookingIds) => unknown) {
  return (ids: NewBookingIds): EventToWrite[] => [
    {
      event: { apiKeyId: 7, bookingId: ids.bookingId, type: 'booking.created', data: data(ids), now: NOW },
      always: true,
    },
    {
      event: {
        apiKeyId: null,
        bookingId: null,
        type: 'calendar.changed',
        data: { accommodation_id: 3, from: '2027-01-01', to: '2027-01-03' },
        now: NOW,
      },
      always: false,
    },
  ];
}

/** What the statement makes of a cut event for the ids it inserted. */
function joined(parts: readonly string[], refs: readonly (keyof NewBookingIds)[], ids: NewBookingIds): string {
  return parts.map((part, i) => part + (refs[i] === undefined ? '' : String(ids[refs[i]]))).join('');
}

test('the events are cut where the ids go, and joined around the real ids give the events written on their own', () => {
  const view = (ids: NewBookingIds) => ({
    id: ids.bookingId,
    notes: 'room -1000000001, "id":-1000000001',
    partner: { id: ids.guestId, first_name: 'Ada' },
    nights: [1, 2],
    total_amount: -12,
  });
  const cut = cutNewBookingEvents(eventsWith(view));
  assert.ok(cut);
  assert.equal(cut.length, 2);
  const [created, calendar] = cut;
  assert.ok(created && calendar);
  assert.deepEqual(created.refs, ['bookingId', 'guestId']);
  assert.equal(created.ofBooking, true);
  const real = { bookingId: 4512, guestId: 88 };
  const [expected] = eventsWith(view)(real);
  assert.ok(expected);
  assert.equal(joined(created.parts, created.refs, real), payloadOf(expected));
  // The calendar change carries neither id.
  assert.deepEqual(calendar.refs, []);
  assert.equal(calendar.ofBooking, false);
});

test('an id inside text, or a value equal to a stand-in, leaves the events to a statement of their own', () => {
  assert.equal(
    cutNewBookingEvents(eventsWith((ids) => ({ id: ids.bookingId, link: `/bookings/${String(ids.bookingId)}` }))),
    null,
  );
  assert.equal(cutNewBookingEvents(eventsWith((ids) => ({ id: ids.bookingId, amount: -1_000_000_001 }))), null);
  // Text that reads like a stand-in inside a string is told apart by the second set of stand-ins.
  assert.equal(
    cutNewBookingEvents(eventsWith((ids) => ({ id: ids.bookingId, notes: '"id":-1000000001,"x":1' }))),
    null,
  );
  assert.ok(cutNewBookingEvents(eventsWith((ids) => ({ id: ids.bookingId, amount: -1_000_000_000 }))));
});

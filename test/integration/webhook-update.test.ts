import assert from 'node:assert/strict';
import { guestFormats } from '../../src/shared/guest-language.ts';
import { after, before, test } from 'node:test';
import { addDays, eachDate } from '../../src/shared/dates.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import {
  bookingById,
  claimedNights,
  futureStay,
  insertBooking,
  makeAccommodation,
  outboxFor,
} from '../support/factories.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { postWebhook } from '../support/webhook-client.ts';

interface UpdateAnswer {
  success: boolean;
  updated: boolean;
  message: string;
  booking_id: number;
  new_status: string | null;
}

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

const url = () => `/${t.config.slug}/webhook/update`;

test(`booking_updated with free dates moves the nights, re-prices, sets modified and queues a modification mail (${testStoreKind})`, async () => {
  const accommodation = await makeAccommodation(t.ctx.db);
  const stay = futureStay(3);
  const booking = await insertBooking(t.ctx.db, accommodation, {
    ...stay,
    status: 'confirmed',
    extras: { breakfast: true },
  });
  // 3 nights × 100 + 50 cleaning + breakfast 12 × 2 × 3 = 422, tax 42.2 → 464.20
  assert.equal(booking.total, 46420);
  const checkin = addDays(stay.checkout, 10);
  const checkout = addDays(checkin, 7);
  const res = await postWebhook(t, 'update', {
    event_type: 'booking_updated',
    booking_id: booking.id,
    new_data: { checkin_date: checkin, checkout_date: checkout, guest_count: 3, notes: 'Cot please' },
    reason: 'guest asked',
    timestamp: new Date().toISOString(),
  });
  assert.equal(res.statusCode, 200, res.body);
  const answer = res.json<UpdateAnswer>();
  assert.deepEqual(Object.keys(answer).sort(), ['booking_id', 'message', 'new_status', 'success', 'updated']);
  assert.equal(answer.success, true);
  assert.equal(answer.updated, true);
  assert.equal(answer.booking_id, booking.id);
  assert.equal(answer.new_status, 'modified');
  assertMatchesOpenApi(t.app, 'POST', url(), res);

  const after = await bookingById(t.ctx.db, booking.id);
  assert.equal(after.status, 'modified');
  assert.equal(after.checkin, checkin);
  assert.equal(after.checkout, checkout);
  assert.equal(after.nights, 7);
  assert.equal(after.adults + after.children, 3);
  assert.equal(after.guest_notes, 'Cot please');
  // 7 × 100 = 700, weekly 10 % → 70, breakfast 12 × 3 × 7 = 252, cleaning 50: 932, tax 93.2 → 1025.20
  assert.equal(after.discount, 7000);
  assert.equal(after.extras_total, 25200);
  assert.equal(after.total, 102520);
  assert.match(answer.message, /1025\.20 EUR/);
  assert.deepEqual(await claimedNights(t.ctx.db, booking.id), eachDate(checkin, checkout));

  const mails = await outboxFor(t.ctx.db, booking.id);
  assert.equal(mails.length, 1);
  assert.equal(mails[0]?.template, 'booking_modification');
  // The accommodation writes to guests in English: dates and amounts as en-GB writes them.
  const longDate = (d: string) => guestFormats('en').date(d);
  assert.match(
    mails[0]?.body_text ?? '',
    new RegExp(`${longDate(checkin)}[\\s\\S]*${longDate(checkout)}[\\s\\S]*€1,025\\.20`),
  );
  assert.match(mails[0]?.body_text ?? '', /https?:\/\/.*\/invoices\//, 'the modification mail links to the invoice');
});

test(`"modified" with new dates that overlap another stay is a 409 with updated: false and changes nothing (${testStoreKind})`, async () => {
  const accommodation = await makeAccommodation(t.ctx.db);
  const first = futureStay(3);
  const booking = await insertBooking(t.ctx.db, accommodation, { ...first, status: 'confirmed' });
  const other = await insertBooking(t.ctx.db, accommodation, {
    checkin: first.checkout,
    checkout: addDays(first.checkout, 3),
    status: 'confirmed',
  });
  const res = await postWebhook(t, 'update', {
    event_type: 'modified',
    booking_id: booking.id,
    new_data: { checkout_date: addDays(first.checkout, 1) },
  });
  const err = assertErrorEnvelope(res, 409, 'CONFLICT', {
    extraFields: ['updated', 'message', 'booking_id', 'new_status'],
  });
  const body = res.json<UpdateAnswer>();
  assert.equal(body.updated, false);
  assert.equal(body.booking_id, booking.id);
  assert.equal(body.new_status, 'confirmed');
  assert.equal(err.error.details.reason, 'dates_unavailable');
  assert.match(err.error.message, new RegExp(other.confirmation_code));
  assertMatchesOpenApi(t.app, 'POST', url(), res);

  const after = await bookingById(t.ctx.db, booking.id);
  assert.equal(after.status, 'confirmed');
  assert.equal(after.checkout, first.checkout);
  assert.deepEqual(await claimedNights(t.ctx.db, booking.id), eachDate(first.checkin, first.checkout));
  assert.equal((await outboxFor(t.ctx.db, booking.id)).length, 0);
  // The refusal is remembered with its answer: the same bytes later get the same 409 (docs/api.md#webhook-replay).
  const events = await t.ctx.db
    .selectFrom('inbound_webhook_events')
    .select(['outcome', 'answer_status'])
    .where('booking_id', '=', booking.id)
    .execute();
  assert.deepEqual(
    events.map((e) => ({ ...e })),
    [{ outcome: 'refused', answer_status: 409 }],
  );
});

test(`extending a stay by overlapping only its own nights is allowed (the booking is excluded from the check) (${testStoreKind})`, async () => {
  const accommodation = await makeAccommodation(t.ctx.db);
  const stay = futureStay(3);
  const booking = await insertBooking(t.ctx.db, accommodation, { ...stay, status: 'confirmed' });
  const res = await postWebhook(t, 'update', {
    event_type: 'modified',
    booking_id: booking.id,
    new_data: { checkout_date: addDays(stay.checkout, 2) },
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(await claimedNights(t.ctx.db, booking.id), eachDate(stay.checkin, addDays(stay.checkout, 2)));
});

test(`new data that breaks the stay rules is a 400 with updated: false (${testStoreKind})`, async () => {
  const accommodation = await makeAccommodation(t.ctx.db, { max_guests: 4, min_stay: 2 });
  const stay = futureStay(3);
  const booking = await insertBooking(t.ctx.db, accommodation, { ...stay, status: 'confirmed' });
  const cases: [Record<string, unknown>, string, string][] = [
    [{ guest_count: 5 }, 'new_data.guest_count', 'max_guests'],
    [{ checkout_date: addDays(stay.checkin, 1) }, 'new_data.checkout_date', 'min_stay'],
    [{ checkout_date: stay.checkin }, 'new_data.checkout_date', 'invalid_range'],
    [{ checkin_date: '2031-02-30' }, 'new_data.checkin_date', 'invalid_date'],
    [{ checkin_date: '2001-01-01' }, 'new_data.checkin_date', 'past_date'],
  ];
  for (const [newData, parameter, reason] of cases) {
    const res = await postWebhook(t, 'update', {
      event_type: 'booking_updated',
      booking_id: booking.id,
      new_data: newData,
    });
    const err = assertErrorEnvelope(res, 400, 'BAD_REQUEST', {
      extraFields: ['updated', 'message', 'booking_id', 'new_status'],
    });
    assert.equal(err.error.details.parameter, parameter, JSON.stringify(newData));
    assert.equal(err.error.details.reason, reason, JSON.stringify(newData));
    assert.equal(res.json<UpdateAnswer>().updated, false);
  }
  const unknownField = await postWebhook(t, 'update', {
    event_type: 'booking_updated',
    booking_id: booking.id,
    new_data: { pets: 2 },
  });
  assert.equal(
    assertErrorEnvelope(unknownField, 400, 'BAD_REQUEST', { extraFields: ['updated'] }).error.details.parameter,
    'new_data.pets',
  );
  assert.equal(unknownField.json<UpdateAnswer>().updated, false);
  assert.equal((await bookingById(t.ctx.db, booking.id)).status, 'confirmed');
});

test(`notes only: modified, no re-claim; the same values again change nothing (${testStoreKind})`, async () => {
  const accommodation = await makeAccommodation(t.ctx.db);
  const booking = await insertBooking(t.ctx.db, accommodation, { ...futureStay(2), status: 'confirmed', notes: 'old' });
  const res = await postWebhook(t, 'update', {
    event_type: 'booking_updated',
    booking_id: booking.id,
    new_data: { notes: 'new' },
  });
  assert.equal(res.json<UpdateAnswer>().updated, true);
  const after = await bookingById(t.ctx.db, booking.id);
  assert.equal(after.guest_notes, 'new');
  assert.equal(after.total, booking.total);
  const same = await postWebhook(t, 'update', {
    event_type: 'booking_updated',
    booking_id: booking.id,
    new_data: { notes: 'new' },
    reason: 'again',
  });
  assert.equal(same.statusCode, 200);
  assert.equal(same.json<UpdateAnswer>().updated, false);
  assert.equal((await outboxFor(t.ctx.db, booking.id)).length, 1);
});

test(`cancelled frees the nights, keeps the reason and mails the guest; a second cancel is 200 updated: false (${testStoreKind})`, async () => {
  const accommodation = await makeAccommodation(t.ctx.db);
  const stay = futureStay(4);
  const booking = await insertBooking(t.ctx.db, accommodation, { ...stay, status: 'confirmed' });
  const res = await postWebhook(t, 'update', {
    event_type: 'cancelled',
    booking_id: booking.id,
    reason: 'Owner emergency',
    timestamp: new Date().toISOString(),
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(res.json<UpdateAnswer>(), {
    success: true,
    updated: true,
    message: `Booking ${booking.confirmation_code} cancelled (Owner emergency); its nights are free again and the guest has been mailed.`,
    booking_id: booking.id,
    new_status: 'cancelled',
  });
  const after = await bookingById(t.ctx.db, booking.id);
  assert.equal(after.status, 'cancelled');
  assert.equal(after.cancel_reason, 'Owner emergency');
  assert.ok(after.cancelled_at !== null);
  assert.deepEqual(await claimedNights(t.ctx.db, booking.id), []);
  const mails = await outboxFor(t.ctx.db, booking.id);
  assert.deepEqual(
    mails.map((m) => m.template),
    ['booking_cancellation'],
  );
  assert.match(mails[0]?.subject ?? '', /Booking cancelled/);

  // The nights can be booked again at once.
  await insertBooking(t.ctx.db, accommodation, { ...stay, status: 'confirmed' });

  const again = await postWebhook(t, 'update', { event_type: 'cancelled', booking_id: booking.id, reason: 'twice' });
  assert.equal(again.statusCode, 200);
  assert.equal(again.json<UpdateAnswer>().updated, false);
  assert.equal(again.json<UpdateAnswer>().new_status, 'cancelled');
  assert.equal((await bookingById(t.ctx.db, booking.id)).cancel_reason, 'Owner emergency', 'the first reason is kept');
  assert.equal((await outboxFor(t.ctx.db, booking.id)).length, 1, 'no second mail');

  const modifyCancelled = await postWebhook(t, 'update', {
    event_type: 'modified',
    booking_id: booking.id,
    new_data: { notes: 'x' },
  });
  assert.equal(
    assertErrorEnvelope(modifyCancelled, 409, 'CONFLICT', {
      extraFields: ['updated', 'message', 'booking_id', 'new_status'],
    }).error.details.reason,
    'booking_cancelled',
  );
});

test(`an unknown booking is a 404 with updated: false (${testStoreKind})`, async () => {
  for (const event_type of ['cancelled', 'booking_updated', 'modified']) {
    const res = await postWebhook(t, 'update', { event_type, booking_id: 987654, new_data: {} });
    assertErrorEnvelope(res, 404, 'NOT_FOUND', { extraFields: ['updated', 'message', 'booking_id', 'new_status'] });
    const body = res.json<UpdateAnswer>();
    assert.equal(body.updated, false);
    assert.equal(body.booking_id, 987654);
    assert.equal(body.new_status, null);
    assert.equal(body.success, false);
    assertMatchesOpenApi(t.app, 'POST', url(), res);
  }
});

test(`a draft awaiting card payment cannot be modified (its payment is for the quoted total) but can be cancelled (${testStoreKind})`, async () => {
  const accommodation = await makeAccommodation(t.ctx.db);
  const draft = await insertBooking(t.ctx.db, accommodation, { ...futureStay(2), status: 'draft' });
  const res = await postWebhook(t, 'update', {
    event_type: 'modified',
    booking_id: draft.id,
    new_data: { guest_count: 1 },
  });
  assert.equal(
    assertErrorEnvelope(res, 409, 'CONFLICT', { extraFields: ['updated', 'message', 'booking_id', 'new_status'] }).error
      .details.reason,
    'booking_not_confirmed',
  );
  const cancel = await postWebhook(t, 'update', { event_type: 'cancelled', booking_id: draft.id });
  assert.equal(cancel.json<UpdateAnswer>().new_status, 'cancelled');
  assert.equal((await bookingById(t.ctx.db, draft.id)).cancel_reason, null, 'no reason given, none invented');
});

test(`unknown top-level fields in webhook bodies are ignored, as in v1 bodies; new_data stays closed (${testStoreKind})`, async () => {
  const accommodation = await makeAccommodation(t.ctx.db);
  const booking = await insertBooking(t.ctx.db, accommodation, { ...futureStay(3), status: 'confirmed' });
  const res = await postWebhook(t, 'update', {
    event_type: 'modified',
    booking_id: booking.id,
    new_data: { notes: 'Late arrival' },
    source_system: 'pms-7',
    correlation: { id: 'abc', attempt: 2 },
    timestamp: new Date().toISOString(),
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json<UpdateAnswer>().updated, true);
  assertMatchesOpenApi(t.app, 'POST', url(), res);
  assert.equal((await bookingById(t.ctx.db, booking.id)).guest_notes, 'Late arrival');

  const sync = await postWebhook(t, 'calendar_sync', {
    accommodation_id: accommodation.id,
    action: 'sync',
    requested_by: 'channel manager',
    timestamp: new Date().toISOString(),
  });
  assert.equal(sync.statusCode, 200, sync.body);

  const nested = await postWebhook(t, 'update', {
    event_type: 'modified',
    booking_id: booking.id,
    new_data: { notes: 'x', color: 'red' },
    timestamp: new Date().toISOString(),
  });
  assert.equal(
    assertErrorEnvelope(nested, 400, 'BAD_REQUEST', { extraFields: ['updated'] }).error.details.reason,
    'unknown_parameter',
  );
});

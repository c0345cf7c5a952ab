import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { currentYearMonthIn } from '../../src/shared/dates.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { bookingBody, bookingById, futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { paymentIntentEvent, postPaymentEvent } from '../support/payment-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { postWebhook } from '../support/webhook-client.ts';

// docs/decisions.md, "Lenient input, exact output": what real clients send to fields the
// contract marks optional or loose, and the answers they get.

const PAYMENT_SECRET = 'whsec_lenient_payment_secret';
let t: TestApp;
before(async () => {
  t = await createTestApp({ PAYMENT_WEBHOOK_SECRET: PAYMENT_SECRET });
});
after(async () => {
  await t.close();
});

interface Created {
  data: { booking_id: number; confirmation_code: string; partner_id: number };
}

describe(`lenient input (${testStoreKind})`, () => {
  test('an explicit null in every optional v1 booking field means the field is absent', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const body = bookingBody(a.id, futureStay(2), {
      partner: { title: null, phone: null, address: null },
      booking: {
        guest_notes: null,
        payment_token: null,
        payment_intent_id: null,
        idempotency_key: null,
        expected_amount: null,
        total_amount: 275,
      },
    });
    const res = await t.request({ method: 'POST', url: `${t.v1}/bookings`, payload: { ...body, extras: null } });
    assert.equal(res.statusCode, 200, res.body);
    const stored = await bookingById(t.ctx.db, res.json<Created>().data.booking_id);
    assert.equal(stored.guest_notes, '');
    assert.equal(stored.payment_intent_id, null);

    const address = bookingBody(a.id, futureStay(2), {
      partner: { address: { street: null, city: 'Lyon', zip: null, country: null } },
      booking: { total_amount: 275 },
    });
    const withAddress = await t.request({ method: 'POST', url: `${t.v1}/bookings`, payload: address });
    assert.equal(withAddress.statusCode, 200, withAddress.body);
  });

  test('a null required field is still refused as missing', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const res = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(a.id, futureStay(2), { booking: { checkin_date: null, total_amount: 275 } }),
    });
    const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
    assert.equal(body.error.details.parameter, 'booking_data.checkin_date');
  });

  test('availability and calendar: null guest_count, extras and month are absent', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const availability = await t.request({
      method: 'POST',
      url: `${t.v1}/availability`,
      payload: {
        accommodation_id: a.id,
        checkin: stay.checkin,
        checkout: stay.checkout,
        guest_count: null,
        extras: null,
      },
    });
    assert.equal(availability.statusCode, 200, availability.body);
    const calendar = await t.request({
      method: 'POST',
      url: `${t.v1}/calendar`,
      payload: { accommodation_id: a.id, month: null, year: null },
    });
    assert.equal(calendar.statusCode, 200, calendar.body);
    const { year, month } = currentYearMonthIn('UTC');
    assert.deepEqual(
      {
        year: calendar.json<{ data: { year: number } }>().data.year,
        month: calendar.json<{ data: { month: number } }>().data.month,
      },
      { year, month },
    );
  });

  test('webhook: null new_data, reason and new_data fields are absent', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const booking = await insertBooking(t.ctx.db, a, { ...futureStay(2), status: 'confirmed', notes: 'keep' });
    const res = await postWebhook(t, 'update', {
      event_type: 'booking_updated',
      booking_id: booking.id,
      new_data: { checkin_date: null, checkout_date: null, guest_count: null, notes: null },
      reason: null,
      timestamp: new Date().toISOString(),
    });
    assert.equal(res.statusCode, 200, res.body);
    const cancel = await postWebhook(t, 'update', {
      event_type: 'cancelled',
      booking_id: booking.id,
      new_data: null,
      reason: null,
      timestamp: new Date().toISOString(),
    });
    assert.equal(cancel.statusCode, 200, cancel.body);
    assert.equal((await bookingById(t.ctx.db, booking.id)).status, 'cancelled');
  });

  test('an e-mail with surrounding spaces is trimmed, then checked and stored', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const email = `  trim-${randomBytes(4).toString('hex')}@example.com \t`;
    const res = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(a.id, futureStay(2), { partner: { email }, booking: { total_amount: 275 } }),
    });
    assert.equal(res.statusCode, 200, res.body);
    const got = await t.request({ method: 'GET', url: `${t.v1}/bookings/${res.json<Created>().data.booking_id}` });
    assert.equal(got.json<{ data: { partner: { email: string } } }>().data.partner.email, email.trim());
    const bad = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(a.id, futureStay(2), {
        partner: { email: '  not an address ' },
        booking: { total_amount: 275 },
      }),
    });
    assert.equal(assertErrorEnvelope(bad, 400, 'BAD_REQUEST').error.details.parameter, 'partner_data.email');
  });

  test('a booking_updated that changes nothing leaves a confirmed booking modified, as its answer says', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const booking = await insertBooking(t.ctx.db, a, { ...futureStay(2), status: 'confirmed', notes: 'same' });
    const res = await postWebhook(t, 'update', {
      event_type: 'booking_updated',
      booking_id: booking.id,
      new_data: { notes: 'same' },
      timestamp: new Date().toISOString(),
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json<{ new_status: string }>().new_status, 'modified');
    assert.equal((await bookingById(t.ctx.db, booking.id)).status, 'modified');
  });

  test('a payment_intent_id sent at creation is stored and confirms the draft by an event naming only it', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const intentId = `pi_${randomBytes(8).toString('hex')}`;
    const res = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(a.id, futureStay(2), {
        booking: { payment_method: 'card_processor', expected_amount: 275, payment_intent_id: intentId },
      }),
    });
    assert.equal(res.statusCode, 200, res.body);
    const id = res.json<Created>().data.booking_id;
    assert.equal((await bookingById(t.ctx.db, id)).payment_intent_id, intentId);
    const event = paymentIntentEvent('payment_intent.succeeded', {
      id: intentId,
      amount: 27500,
      amount_received: 27500,
      currency: 'eur',
      metadata: {},
    });
    const paid = await postPaymentEvent(t, event, { secret: PAYMENT_SECRET });
    assert.equal(paid.statusCode, 200, paid.body);
    assert.equal(paid.json<{ outcome: string }>().outcome, 'confirmed', paid.body);
    assert.equal((await bookingById(t.ctx.db, id)).status, 'confirmed');
  });

  test('the calendar answer carries Cache-Control and an ETag, and If-None-Match gets a 304', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const payload = { accommodation_id: a.id };
    const first = await t.request({ method: 'POST', url: `${t.v1}/calendar`, payload });
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['cache-control'], 'private, max-age=300');
    const etag = first.headers.etag;
    assert.ok(typeof etag === 'string' && /^(W\/)?"[^"]+"$/.test(etag), String(etag));
    const again = await t.request({
      method: 'POST',
      url: `${t.v1}/calendar`,
      payload,
      headers: { 'if-none-match': etag },
    });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
    assert.equal(again.headers.etag, etag);
    const other = await t.request({
      method: 'POST',
      url: `${t.v1}/calendar`,
      payload,
      headers: { 'if-none-match': '"something-else"' },
    });
    assert.equal(other.statusCode, 200);
    // A new booking changes the month: a new ETag.
    const { year, month } = currentYearMonthIn('UTC');
    await insertBooking(t.ctx.db, a, {
      checkin: `${year}-${String(month).padStart(2, '0')}-27`,
      checkout: `${year}-${String(month).padStart(2, '0')}-28`,
      status: 'confirmed',
    });
    t.ctx.store.changes.committed({ table: 'bookings', id: String(a.id) });
    const changed = await t.request({
      method: 'POST',
      url: `${t.v1}/calendar`,
      payload,
      headers: { 'if-none-match': etag },
    });
    assert.equal(changed.statusCode, 200);
    assert.notEqual(changed.headers.etag, etag);
  });

  test('an empty body is the missing accommodation_id answer', async () => {
    for (const url of [`${t.v1}/calendar`, `${t.v1}/availability`, `${t.v1}/bookings`]) {
      const res = await t.request({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
      assert.equal(body.error.details.reason, 'missing', url);
      assert.equal(body.error.details.parameter, 'accommodation_id', url);
      assert.equal(body.error.details.received, null, url);
    }
  });

  test('a missing payment_method names its allowed values', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const body = bookingBody(a.id, futureStay(2), { booking: { total_amount: 275 } });
    const { payment_method: _omitted, ...bookingData } = body.booking_data;
    const res = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: { ...body, booking_data: bookingData },
    });
    const error = assertErrorEnvelope(res, 400, 'BAD_REQUEST').error;
    assert.equal(error.details.parameter, 'booking_data.payment_method');
    assert.equal(error.details.expected, 'card_processor, bank_transfer, cash');
  });
});

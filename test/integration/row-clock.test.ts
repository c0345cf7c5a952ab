import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expireDueDrafts } from '../../src/bookings/expire-holds.ts';
import { addDays } from '../../src/shared/dates.ts';
import { bookingBody, futureStay, insertBooking, makeAccommodation, outboxFor } from '../support/factories.ts';
import { paymentIntentEvent, postPaymentEvent } from '../support/payment-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { postWebhook } from '../support/webhook-client.ts';

// Every row that records when something happened takes the app's clock (ctx.now), the one the
// holds, caches and answers go by, never the machine's: the mails a change queues (created_at,
// next_attempt_at) and the nights it claims (created_at). Here the clock is held two minutes
// behind the machine's (close enough that the card processor's signatures stay fresh), so a row
// that took the wall clock instead would not match it.

const SECRET = 'whsec_row_clock_secret';
const AT = new Date(Math.floor(Date.now() / 1000) * 1000 - 120_000);
const AT_ISO = AT.toISOString();

let t: TestApp;
before(async () => {
  t = await createTestApp({ PAYMENT_WEBHOOK_SECRET: SECRET });
});
after(async () => {
  await t.close();
});

/** An ISO instant as a number, whatever the store's timestamp text looks like. */
const instant = (value: string | null | undefined) => (value === null || value === undefined ? NaN : Date.parse(value));

async function claimTimes(bookingId: number): Promise<number[]> {
  const rows = await t.ctx.db
    .selectFrom('night_claims')
    .select('created_at')
    .where('booking_id', '=', bookingId)
    .execute();
  return rows.map((r) => instant(r.created_at));
}

async function mailTimes(bookingId: number, template: string): Promise<{ created: number; due: number }[]> {
  return (await outboxFor(t.ctx.db, bookingId))
    .filter((m) => m.template === template)
    .map((m) => ({ created: instant(m.created_at), due: instant(m.next_attempt_at) }));
}

/** Books the stay at the app's clock; `total` is the factory accommodation's price of it (2 nights 275, 3 nights 385). */
async function book(
  accommodationId: number,
  stay: { checkin: string; checkout: string },
  total: number,
): Promise<number> {
  const res = await t.at(AT, () =>
    t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(accommodationId, stay, { booking: { total_amount: total } }),
    }),
  );
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { booking_id: number } }>().data.booking_id;
}

describe(`rows record the app's clock (${testStoreKind})`, () => {
  test('a booking: its claimed nights and its confirmation mail', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const id = await book(a.id, futureStay(3), 385);
    assert.deepEqual(await claimTimes(id), [AT.getTime(), AT.getTime(), AT.getTime()]);
    assert.deepEqual(await mailTimes(id, 'booking_confirmation'), [{ created: AT.getTime(), due: AT.getTime() }]);
  });

  test('a webhook move: the new nights and the modification mail', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3);
    const id = await book(a.id, stay, 385);
    const moved = await t.at(AT, () =>
      postWebhook(t, 'update', {
        event_type: 'booking_updated',
        booking_id: id,
        new_data: { checkin_date: addDays(stay.checkin, 10), checkout_date: addDays(stay.checkout, 10) },
        timestamp: AT_ISO,
      }),
    );
    assert.equal(moved.statusCode, 200, moved.body);
    assert.deepEqual(await claimTimes(id), [AT.getTime(), AT.getTime(), AT.getTime()]);
    assert.deepEqual(await mailTimes(id, 'booking_modification'), [{ created: AT.getTime(), due: AT.getTime() }]);
  });

  test('a webhook cancellation: the cancellation mail', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const id = await book(a.id, futureStay(2), 275);
    const cancelled = await t.at(AT, () =>
      postWebhook(t, 'update', { event_type: 'cancelled', booking_id: id, timestamp: AT_ISO }),
    );
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.deepEqual(await mailTimes(id, 'booking_cancellation'), [{ created: AT.getTime(), due: AT.getTime() }]);
  });

  test('a hold expiry: the cancellation mail', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const draft = await insertBooking(t.ctx.db, a, {
      ...futureStay(2),
      status: 'draft',
      holdExpiresAt: new Date(AT.getTime() - 1000).toISOString(),
    });
    assert.deepEqual(await expireDueDrafts(t.ctx, AT), [draft.id]);
    assert.deepEqual(await mailTimes(draft.id, 'booking_cancellation'), [{ created: AT.getTime(), due: AT.getTime() }]);
  });

  test('a late payment: the nights claimed again and the confirmation mail', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const draft = await insertBooking(t.ctx.db, a, {
      ...futureStay(2),
      status: 'draft',
      holdExpiresAt: new Date(AT.getTime() - 60_000).toISOString(),
    });
    await expireDueDrafts(t.ctx, new Date(AT.getTime() - 30_000));
    const paid = await t.at(AT, () =>
      postPaymentEvent(
        t,
        paymentIntentEvent('payment_intent.succeeded', {
          amount: draft.total,
          amount_received: draft.total,
          currency: 'eur',
          metadata: { booking_reference: draft.confirmation_code },
        }),
        { secret: SECRET },
      ),
    );
    assert.equal(paid.json<{ outcome: string }>().outcome, 'confirmed', paid.body);
    assert.deepEqual(await claimTimes(draft.id), [AT.getTime(), AT.getTime()]);
    assert.deepEqual(await mailTimes(draft.id, 'booking_confirmation'), [{ created: AT.getTime(), due: AT.getTime() }]);
  });

  test('a block: its claimed nights', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const blocked = await t.at(AT, () =>
      t.admin('POST', `/admin/api/accommodations/${a.id}/blocks`, {
        from: stay.checkin,
        to: stay.checkout,
        reason: 'painting',
      }),
    );
    assert.ok(blocked.statusCode < 300, blocked.body);
    const rows = await t.ctx.db
      .selectFrom('night_claims')
      .select('created_at')
      .where('accommodation_id', '=', a.id)
      .where('kind', '=', 'block')
      .execute();
    assert.deepEqual(
      rows.map((r) => instant(r.created_at)),
      [AT.getTime(), AT.getTime()],
    );
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expireHolds } from '../../src/bookings/expire-holds.ts';
import { quoteStay } from '../../src/pricing/quote-stay.ts';
import { signIn } from '../support/console-client.ts';
import { bookingBody, bookingById, futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { moneyRules } from '../support/money-rules.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { postWebhook } from '../support/webhook-client.ts';

// The cancellation fee (docs/money.md#cancellation-policy) on every path that cancels — the desk,
// the console, a webhook, a partner's release of its draft, the hold expiry — by days left in the
// home's time zone under a moved clock, on the store TEST_DATABASE_URL selects.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

interface Detail {
  status: string;
  cancellation_fee: number | null;
  total_amount: number;
  payment: { amount_due: number; amount_paid: number; balance: number; state: string };
  events: { event: string; reason: string | null }[];
}

const POLICY: [number, number][] = [
  [30, 0.2],
  [7, 0.5],
  [0, 1],
];
// 3 nights at 100, cleaning 50, tax 10 %: 385.00.
const STAY = { checkin: '2030-03-10', checkout: '2030-03-13' };

async function detail(id: number): Promise<Detail> {
  const res = await t.admin('GET', `/admin/api/bookings/${id}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: Detail }>().data;
}

/** A booking at the far end of UTC+14 under `policy`, cancelled at the desk at `instant`. */
async function cancelledAt(instant: string, policy: [number, number][] | null, body: Record<string, unknown> = {}) {
  const a = await makeAccommodation(t.ctx.db, {
    timezone: 'Pacific/Kiritimati',
    ...(policy === null ? {} : moneyRules({ policy })),
  });
  const b = await insertBooking(t.ctx.db, a, STAY);
  assert.equal(b.cancellation_fee, null, 'null while the booking stands');
  const res = await t.at(new Date(instant), () => t.admin('POST', `/admin/api/bookings/${b.id}/cancel`, body));
  assert.equal(res.statusCode, 200, res.body);
  assertMatchesOpenApi(t.app, 'POST', `/admin/api/bookings/${b.id}/cancel`, res);
  return res.json<{ data: Detail }>().data;
}

describe(`cancellation fees (${testStoreKind})`, () => {
  test("the tier with the largest days_before_checkin not above the days left, counted in the home's zone", async () => {
    const cases: [string, [number, number][] | null, number, string][] = [
      ['2030-01-01T00:00:00Z', POLICY, 77, '68 days left: the 30-day tier'],
      ['2030-02-08T09:00:00Z', POLICY, 77, '23:00 on 8 February there: 30 days left'],
      ['2030-02-08T11:00:00Z', POLICY, 192.5, '01:00 on 9 February there (still the 8th in UTC): 29 days left'],
      ['2030-03-03T09:00:00Z', POLICY, 192.5, '23:00 on 3 March there: 7 days left'],
      ['2030-03-03T11:00:00Z', POLICY, 385, '01:00 on 4 March there (still the 3rd in UTC): 6 days left'],
      ['2030-03-10T11:00:00Z', POLICY, 385, 'the stay has begun there: the 0-day tier'],
      ['2030-02-28T00:00:00Z', [[30, 0.2]], 0, '10 days left: no tier applies'],
      ['2030-03-09T00:00:00Z', null, 0, 'no policy'],
      ['2030-01-01T00:00:00Z', [[0, 0.333333]], 128.33, 'a fraction of the total, rounded half away from zero'],
    ];
    for (const [instant, policy, fee, why] of cases) {
      const data = await cancelledAt(instant, policy);
      assert.equal(data.status, 'cancelled');
      assert.equal(data.cancellation_fee, fee, why);
      assert.equal(data.payment.amount_due, fee, `the amount due is the fee: ${why}`);
      const noted = data.events.filter((e) => e.event === 'cancellation_fee');
      assert.equal(noted.length, fee === 0 ? 0 : 1, why);
    }
  });

  test('the desk waives it: 0, and the history says what was waived', async () => {
    const data = await cancelledAt('2030-03-03T00:00:00Z', POLICY, { waive_fee: true, reason: 'flood' });
    assert.equal(data.cancellation_fee, 0);
    assert.equal(data.payment.amount_due, 0);
    assert.match(data.events.find((e) => e.event === 'cancellation_fee')?.reason ?? '', /192\.50 EUR waived/);
  });

  test('what was paid beyond the fee is owed back: a negative balance, overpaid', async () => {
    const a = await makeAccommodation(t.ctx.db, { timezone: 'Pacific/Kiritimati', ...moneyRules({ policy: POLICY }) });
    const b = await insertBooking(t.ctx.db, a, STAY);
    const paid = await t.admin('POST', `/admin/api/bookings/${b.id}/payments`, { amount: 385, method: 'cash' });
    assert.equal(paid.statusCode, 201, paid.body);
    const res = await t.at(new Date('2030-03-03T00:00:00Z'), () =>
      t.admin('POST', `/admin/api/bookings/${b.id}/cancel`, {}),
    );
    assert.deepEqual(res.json<{ data: Detail }>().data.payment, {
      amount_due: 192.5,
      amount_paid: 385,
      balance: -192.5,
      state: 'overpaid',
      schedule: [],
    });
  });

  test('the console cancels with the fee, or waives it; its cancel step shows the fee', async () => {
    const host = await signIn(t);
    const a = await makeAccommodation(t.ctx.db, moneyRules({ policy: [[0, 0.5]] }));
    const kept = await insertBooking(t.ctx.db, a, futureStay(3));
    const step = await host.get(`/admin/confirm?action=cancel-booking&id=${kept.id}`);
    assert.equal(step.statusCode, 200);
    assert.match(step.body, /keeps <strong>€192\.50<\/strong>|keeps <strong>192\.50/);
    assert.match(step.body, /name="waive_fee"/);
    const res = await host.post(`/admin/bookings/${kept.id}/cancel`, { reason: 'guest asked' });
    assert.equal(res.statusCode, 303, res.body);
    assert.equal((await bookingById(t.ctx.db, kept.id)).cancellation_fee, 19250);

    const waived = await insertBooking(t.ctx.db, a, futureStay(3));
    const again = await host.post(`/admin/bookings/${waived.id}/cancel`, { reason: '', waive_fee: 'on' });
    assert.equal(again.statusCode, 303, again.body);
    assert.equal((await bookingById(t.ctx.db, waived.id)).cancellation_fee, 0);
  });

  test("a webhook's cancel keeps the fee and v1 shows it; reinstating clears it", async () => {
    const a = await makeAccommodation(t.ctx.db, moneyRules({ policy: [[0, 0.25]] }));
    const stay = futureStay(3);
    const quote = await quoteStay(t.ctx.db, a, { ...stay, guests: 2, extras: {} });
    const made = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(a.id, stay, { booking: { expected_amount: quote.total / 100 } }),
    });
    const id = made.json<{ data: { booking_id: number } }>().data.booking_id;
    const v1 = async () => {
      const res = await t.checkedRequest({ method: 'GET', url: `${t.v1}/bookings/${id}` });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: { cancellation_fee: number | null; payment: { balance: number } } }>().data;
    };
    assert.equal((await v1()).cancellation_fee, null);
    const hook = await postWebhook(t, 'update', {
      event_type: 'cancelled',
      booking_id: id,
      reason: 'guest cancelled on the channel',
      timestamp: new Date().toISOString(),
    });
    assert.equal(hook.statusCode, 200, hook.body);
    const fee = Math.round(quote.total * 0.25) / 100;
    assert.deepEqual({ ...(await v1()) }.cancellation_fee, fee);
    assert.equal((await v1()).payment.balance, fee, 'nothing paid: the fee is left to pay');

    const back = await t.admin('POST', `/admin/api/bookings/${id}/reinstate`, {});
    assert.equal(back.statusCode, 200, back.body);
    assert.equal((await v1()).cancellation_fee, null);
    assert.equal((await detail(id)).payment.amount_due, quote.total / 100);
  });

  test("a draft owes nothing: a partner's release and the hold expiry set 0", async () => {
    const a = await makeAccommodation(t.ctx.db, moneyRules({ policy: [[0, 1]] }));
    const stay = futureStay(2);
    const quote = await quoteStay(t.ctx.db, a, { ...stay, guests: 2, extras: {} });
    const made = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(a.id, stay, {
        booking: { expected_amount: quote.total / 100, payment_method: 'card_processor' },
      }),
    });
    assert.equal(made.statusCode, 200, made.body);
    const id = made.json<{ data: { booking_id: number } }>().data.booking_id;
    const released = await t.request({ method: 'POST', url: `${t.v1}/bookings/${id}/cancel` });
    assert.equal(released.statusCode, 200, released.body);
    assert.equal((await bookingById(t.ctx.db, id)).cancellation_fee, 0);

    const draft = await insertBooking(t.ctx.db, a, {
      ...futureStay(2),
      status: 'draft',
      holdExpiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    assert.deepEqual(await expireHolds(t.ctx, [draft.id]), [draft.id]);
    const expired = await bookingById(t.ctx.db, draft.id);
    assert.deepEqual({ status: expired.status, fee: expired.cancellation_fee }, { status: 'cancelled', fee: 0 });
  });
});

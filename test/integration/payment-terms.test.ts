import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Accommodation } from '../../src/db/schema.ts';
import { quoteStay } from '../../src/pricing/quote-stay.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { signIn } from '../support/console-client.ts';
import { bookingBody, insertBooking, makeAccommodation, outboxFor } from '../support/factories.ts';
import { moneyRules } from '../support/money-rules.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Payment terms (docs/money.md#payment-terms): kept by each booking when booked, read into its
// schedule in the admin API, the bank transfer mail and the console; Today lists what has fallen
// due and deposits held for guests who left. On the store TEST_DATABASE_URL selects.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

type Schedule = { due_on: string; amount: number }[];
interface Detail {
  id: number;
  payment: { amount_due: number; balance: number; schedule: Schedule };
}

const TERMS = { deposit_fraction: 0.3, balance_days_before: 14 };
// Booked on 1 January 2030 (noon UTC); 3 nights at 100, cleaning 50, tax 10 %: 385.00.
const BOOKED = new Date('2030-01-01T12:00:00Z');

async function byHand(a: Accommodation, stay: { checkin: string; checkout: string }, extra = {}): Promise<Detail> {
  const res = await t.at(BOOKED, () =>
    t.admin('POST', '/admin/api/bookings', {
      accommodation_id: a.id,
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
      adults_count: 2,
      guest: { first_name: 'Jonas', last_name: 'Weiß', email: 'jonas@example.com' },
      ...extra,
    }),
  );
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: Detail }>().data;
}

async function detail(id: number): Promise<Detail> {
  const res = await t.admin('GET', `/admin/api/bookings/${id}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: Detail }>().data;
}

describe(`payment terms (${testStoreKind})`, () => {
  test('a share when booked, the balance days before check-in; one entry when the stay is closer', async () => {
    const a = await makeAccommodation(t.ctx.db, moneyRules({ terms: TERMS }));
    const far = await byHand(a, { checkin: '2030-03-01', checkout: '2030-03-04' });
    assert.deepEqual(far.payment.schedule, [
      { due_on: '2030-01-01', amount: 115.5 },
      { due_on: '2030-02-15', amount: 269.5 },
    ]);
    const near = await byHand(a, { checkin: '2030-01-10', checkout: '2030-01-13' });
    assert.deepEqual(near.payment.schedule, [{ due_on: '2030-01-01', amount: 385 }]);
    const boundary = await byHand(a, { checkin: '2030-01-15', checkout: '2030-01-18' });
    assert.deepEqual(boundary.payment.schedule, [{ due_on: '2030-01-01', amount: 385 }], '14 days: nothing to split');

    // The home's terms change later: the booking keeps those it was made with.
    await t.ctx.db.updateTable('accommodations').set({ payment_terms: null }).where('id', '=', a.id).execute();
    assert.deepEqual((await detail(far.id)).payment.schedule, far.payment.schedule);

    const none = await byHand(await makeAccommodation(t.ctx.db), { checkin: '2030-03-01', checkout: '2030-03-04' });
    assert.deepEqual(none.payment.schedule, [{ due_on: '2030-01-01', amount: 385 }], 'no terms: all at once');
  });

  test("the booked day is the home's: late on 31 December in UTC is 1 January in Auckland", async () => {
    const a = await makeAccommodation(t.ctx.db, { timezone: 'Pacific/Auckland', ...moneyRules({ terms: TERMS }) });
    const res = await t.at(new Date('2029-12-31T20:00:00Z'), () =>
      t.admin('POST', '/admin/api/bookings', {
        accommodation_id: a.id,
        checkin_date: '2030-03-01',
        checkout_date: '2030-03-04',
        adults_count: 2,
        guest: { first_name: 'Aroha', last_name: 'Ngata' },
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json<{ data: Detail }>().data.payment.schedule[0]?.due_on, '2030-01-01');
  });

  test("a v1 booking keeps the terms too; its bank transfer mail gives the schedule in the guest's language", async () => {
    const a = await makeAccommodation(t.ctx.db, { language: 'de', ...moneyRules({ terms: TERMS }) });
    const stay = { checkin: '2030-03-05', checkout: '2030-03-08' };
    const quote = await quoteStay(t.ctx.db, a, { ...stay, guests: 2, extras: {} });
    const res = await t.at(BOOKED, () =>
      t.request({
        method: 'POST',
        url: `${t.v1}/bookings`,
        payload: bookingBody(a.id, stay, { booking: { expected_amount: quote.total / 100 } }),
      }),
    );
    assert.equal(res.statusCode, 200, res.body);
    const id = res.json<{ data: { booking_id: number } }>().data.booking_id;
    assert.deepEqual((await detail(id)).payment.schedule, [
      { due_on: '2030-01-01', amount: 115.5 },
      { due_on: '2030-02-19', amount: 269.5 },
    ]);
    const mail = (await outboxFor(t.ctx.db, id))[0];
    assert.ok(mail !== undefined);
    assert.match(mail.body_text, /Zahlungsplan:\n– 115,50\s€ bis 1\. Januar 2030\n– 269,50\s€ bis 19\. Februar 2030/);
    assert.match(mail.body_html, /Zahlungsplan:/);
  });

  test('cancelled: no schedule', async () => {
    const a = await makeAccommodation(t.ctx.db, moneyRules({ terms: TERMS }));
    const b = await byHand(a, { checkin: '2030-03-01', checkout: '2030-03-04' });
    const res = await t.admin('POST', `/admin/api/bookings/${b.id}/cancel`, {});
    assert.deepEqual(res.json<{ data: Detail }>().data.payment.schedule, []);
  });

  test("Today: payments fallen due and not covered, and deposits held for guests who left; the booking page's schedule", async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Haus am See', ...moneyRules({ terms: TERMS }) });
    const today = todayIn('UTC');
    const terms = JSON.stringify({ deposit_ppm: 300_000, balance_days_before: 14 });
    const booked = new Date(Date.now() - 30 * 86_400_000).toISOString();
    // Balance due 4 days ago, only the deposit share paid.
    const owing = await insertBooking(t.ctx.db, a, {
      checkin: addDays(today, 10),
      checkout: addDays(today, 13),
      firstName: 'Owing',
      row: { payment_terms: terms, created_at: booked, amount_paid: 11550 },
    });
    // Balance due in 6 days: the deposit share is paid, nothing is due yet.
    const early = await insertBooking(t.ctx.db, a, {
      checkin: addDays(today, 20),
      checkout: addDays(today, 23),
      firstName: 'Early',
      row: { payment_terms: terms, created_at: booked, amount_paid: 11550 },
    });
    const left = await insertBooking(t.ctx.db, a, {
      checkin: addDays(today, -3),
      checkout: today,
      firstName: 'Departed',
      row: { deposit_amount: 20000, deposit_state: 'held', amount_paid: 38500 },
    });
    const staying = await insertBooking(t.ctx.db, a, {
      checkin: addDays(today, 30),
      checkout: addDays(today, 31),
      firstName: 'Staying',
      row: { deposit_amount: 20000, deposit_state: 'held', amount_paid: 21000 },
    });
    const host = await signIn(t);
    const page = await host.get('/admin');
    assert.equal(page.statusCode, 200);
    const due = page.body.split('<h2>Payments due</h2>')[1]?.split('<h2>')[0] ?? '';
    assert.match(due, new RegExp(`/admin/bookings/${owing.id}"`));
    assert.match(due, /269,50|269\.50/);
    assert.doesNotMatch(due, new RegExp(`/admin/bookings/${early.id}"`));
    const deposits = page.body.split('<h2>Deposits to return or keep</h2>')[1]?.split('<h2>')[0] ?? '';
    assert.match(deposits, new RegExp(`/admin/bookings/${left.id}"`));
    assert.doesNotMatch(deposits, new RegExp(`/admin/bookings/${staying.id}"`));

    const bookingPage = await host.get(`/admin/bookings/${owing.id}`);
    assert.match(bookingPage.body, /Payment schedule/);
    assert.match(bookingPage.body, /overdue/);
  });
});

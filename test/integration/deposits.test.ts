import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Accommodation } from '../../src/db/schema.ts';
import { quoteStay } from '../../src/pricing/quote-stay.ts';
import { assertRefused } from '../support/envelope-assertions.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { moneyRules } from '../support/money-rules.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The damage deposit (docs/money.md#damage-deposits): kept from the home when booked on every
// path, its own ledger at the desk, outside the price, on the store TEST_DATABASE_URL selects.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

interface Detail {
  id: number;
  total_amount: number;
  payment: { amount_due: number; amount_paid: number; balance: number; state: string };
  deposit: { amount: number; state: string; kept_amount: number } | null;
  events: { event: string; reason: string | null }[];
}

async function byHand(a: Accommodation): Promise<Detail> {
  const stay = futureStay(3);
  const res = await t.admin('POST', '/admin/api/bookings', {
    accommodation_id: a.id,
    checkin_date: stay.checkin,
    checkout_date: stay.checkout,
    adults_count: 2,
    guest: { first_name: 'Jana', last_name: 'Nováková' },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: Detail }>().data;
}

async function viaV1(a: Accommodation): Promise<number> {
  const stay = futureStay(2);
  const quote = await quoteStay(t.ctx.db, a, { ...stay, guests: 2, extras: {} });
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(a.id, stay, { booking: { expected_amount: quote.total / 100 } }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { booking_id: number } }>().data.booking_id;
}

async function detail(id: number): Promise<Detail> {
  const res = await t.admin('GET', `/admin/api/bookings/${id}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: Detail }>().data;
}

const deposit = (id: number, body: Record<string, unknown>) =>
  t.admin('POST', `/admin/api/bookings/${id}/deposit`, body);

describe(`damage deposits (${testStoreKind})`, () => {
  test('every path that books keeps the deposit the home asked then, due; a later change of the home does not touch it', async () => {
    const a = await makeAccommodation(t.ctx.db, moneyRules({ deposit: 20000 }));
    const desk = await byHand(a);
    assert.deepEqual(desk.deposit, { amount: 200, state: 'due', kept_amount: 0 });
    const v1 = await viaV1(a);
    assert.deepEqual((await detail(v1)).deposit, { amount: 200, state: 'due', kept_amount: 0 });
    await t.ctx.db.updateTable('accommodations').set({ damage_deposit: 50000 }).where('id', '=', a.id).execute();
    assert.deepEqual((await detail(v1)).deposit?.amount, 200);

    const none = await makeAccommodation(t.ctx.db);
    assert.equal((await byHand(none)).deposit, null);
    assert.equal((await detail(await viaV1(none))).deposit, null);
  });

  test('collected, then kept in part with a reason: the rest returned; outside the price and the payments', async () => {
    const a = await makeAccommodation(t.ctx.db, moneyRules({ deposit: 20000 }));
    const b = await byHand(a);
    const before = b.payment;

    const collected = await deposit(b.id, { action: 'collect' });
    assert.equal(collected.statusCode, 200, collected.body);
    assertMatchesOpenApi(t.app, 'POST', `/admin/api/bookings/${b.id}/deposit`, collected);
    assert.deepEqual(collected.json<{ data: Detail }>().data.deposit, { amount: 200, state: 'held', kept_amount: 0 });

    assertRefused(await deposit(b.id, { action: 'collect' }), 409, 'deposit_already_collected');
    assertRefused(await deposit(b.id, { action: 'keep', amount: 50 }), 400, 'reason_required');
    assertRefused(await deposit(b.id, { action: 'keep', amount: 50, reason: '  ' }), 400, 'reason_required');
    assertRefused(
      await deposit(b.id, { action: 'keep', amount: 250, reason: 'broken window' }),
      409,
      'keep_exceeds_deposit',
    );

    const kept = await deposit(b.id, { action: 'keep', amount: 45.5, reason: 'broken lamp' });
    assert.equal(kept.statusCode, 200, kept.body);
    const after = kept.json<{ data: Detail }>().data;
    assert.deepEqual(after.deposit, { amount: 200, state: 'partly_kept', kept_amount: 45.5 });
    assert.deepEqual(after.payment, before, 'the deposit is not a payment');
    assert.equal(after.total_amount, b.total_amount, 'nor part of the price');
    assert.deepEqual(
      after.events.filter((e) => e.event.startsWith('deposit_')).map((e) => e.event),
      ['deposit_collected', 'deposit_kept'],
    );
    assert.match(after.events.at(-1)?.reason ?? '', /45\.50 EUR kept, 154\.50 EUR returned \(broken lamp\)/);
    const movements = await t.ctx.db
      .selectFrom('deposit_movements')
      .select(['action', 'amount', 'reason'])
      .where('booking_id', '=', b.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      movements.map((m) => ({ ...m })),
      [
        { action: 'collect', amount: 20000, reason: null },
        { action: 'keep', amount: 4550, reason: 'broken lamp' },
        { action: 'return', amount: 15450, reason: null },
      ],
    );
    assertRefused(await deposit(b.id, { action: 'return' }), 409, 'deposit_not_held');
  });

  test('returned in full, or kept in full; a deposit not collected cannot be returned', async () => {
    const a = await makeAccommodation(t.ctx.db, moneyRules({ deposit: 30000 }));
    const returned = await byHand(a);
    assertRefused(await deposit(returned.id, { action: 'return' }), 409, 'deposit_not_held');
    assert.equal((await deposit(returned.id, { action: 'collect', amount: 250 })).statusCode, 200);
    assertRefused(await deposit(returned.id, { action: 'return', amount: 100 }), 400, 'invalid_amount');
    const res = await deposit(returned.id, { action: 'return' });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json<{ data: Detail }>().data.deposit, { amount: 250, state: 'returned', kept_amount: 0 });

    const keptAll = await byHand(a);
    await deposit(keptAll.id, { action: 'collect' });
    const all = await deposit(keptAll.id, { action: 'keep', reason: 'the sofa' });
    assert.equal(all.statusCode, 200, all.body);
    assert.deepEqual(all.json<{ data: Detail }>().data.deposit, { amount: 300, state: 'kept', kept_amount: 300 });
  });

  test('a booking without a deposit, an unknown booking, a bad action', async () => {
    const b = await byHand(await makeAccommodation(t.ctx.db));
    assertRefused(await deposit(b.id, { action: 'collect' }), 409, 'no_deposit');
    assertRefused(await deposit(999999, { action: 'collect' }), 404, 'booking_not_found');
    assertRefused(await deposit(b.id, { action: 'steal' }), 400, 'invalid_enum');
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MAX_KEPT_PRICES } from '../../src/accommodations/accommodation-cache.ts';
import { addDays } from '../../src/shared/dates.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { announcementsSettled } from '../support/announcements.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Accommodations are kept per process with their future nightly prices (caches.ts). Every change
// is announced by the store (migration 0007), so it is used at once wherever it was made;
// STAYDESK_CACHE_TTL_MS is only the fallback (test/unit/ttl-cache.test.ts, test/pg/dropped-connection.test.ts).

const TTL_MS = 60_000;
let t: TestApp;
before(async () => {
  t = await createTestApp({ STAYDESK_CACHE_TTL_MS: String(TTL_MS) });
});
after(async () => {
  await t.close();
});

async function quotedTotal(
  accommodationId: number,
  stay: { checkin: string; checkout: string },
  on: TestApp = t,
): Promise<number> {
  const res = await on.checkedRequest({
    method: 'POST',
    url: `${on.v1}/availability`,
    payload: { accommodation_id: accommodationId, ...stay },
  });
  assert.equal(res.statusCode, 200, res.body);
  const pricing = res.json<{ data: { pricing: { total: number } | null } }>().data.pricing;
  assert.ok(pricing !== null, res.body);
  return pricing.total;
}

async function setPrice(accommodationId: number, from: string, to: string, price: number | null): Promise<void> {
  const res = await t.request({
    method: 'PUT',
    url: `/admin/api/accommodations/${accommodationId}/prices`,
    key: t.adminKey,
    payload: { from, to, price },
  });
  assert.equal(res.statusCode, 200, res.body);
}

describe(`cached nightly prices (${testStoreKind})`, () => {
  test('a price set or cleared through the admin API is used at once by availability and bookings', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    // 2 × 100 + cleaning 50, tax 10 %.
    assert.equal(await quotedTotal(a.id, stay), 275);
    await setPrice(a.id, stay.checkin, stay.checkout, 150);
    // 2 × 150 + 50, tax 10 %.
    assert.equal(await quotedTotal(a.id, stay), 385);
    const stale = await t.checkedRequest({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(a.id, stay, { booking: { total_amount: 275 } }),
    });
    assert.equal(stale.statusCode, 409, stale.body);
    assert.equal(
      stale.json<{ error: { details: { reason: string; expected: number } } }>().error.details.expected,
      385,
    );
    await setPrice(a.id, stay.checkin, stay.checkout, null);
    const booked = await t.checkedRequest({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(a.id, stay, { booking: { total_amount: 275 } }),
    });
    assert.equal(booked.statusCode, 200, booked.body);
  });

  test('a price written straight into the store, as the CLI or another process would, is announced and used at once', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(1);
    assert.equal(await quotedTotal(a.id, stay), 165);
    // Not through the admin API: the store's triggers announce the change (migration 0007).
    await t.ctx.db
      .insertInto('nightly_prices')
      .values({ accommodation_id: a.id, night: stay.checkin, price: 20000 })
      .execute();
    // 200 + 50, tax 10 %. On PostgreSQL the announcement arrives over the listening connection.
    await announcementsSettled(t.ctx);
    assert.equal(await quotedTotal(a.id, stay), 275);
  });

  test('an accommodation with more future prices than are kept reads each stay’s prices from the store', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const first = addDays(stay.checkin, -10);
    const rows = Array.from({ length: MAX_KEPT_PRICES + 1 }, (_, i) => ({
      accommodation_id: a.id,
      night: addDays(first, i),
      price: 12000,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.ctx.db
        .insertInto('nightly_prices')
        .values(rows.slice(i, i + 500))
        .execute();
    // 2 × 120 + 50, tax 10 %.
    assert.equal(await quotedTotal(a.id, stay), 319);
    // Not kept, so a change elsewhere is seen at once, without waiting for the TTL.
    await t.ctx.db
      .updateTable('nightly_prices')
      .set({ price: 13000 })
      .where('accommodation_id', '=', a.id)
      .where('night', '=', stay.checkin)
      .execute();
    // 130 + 120 + 50, tax 10 %.
    assert.equal(await quotedTotal(a.id, stay), 330);
  });

  test('with caching off (TTL 0), a price written elsewhere is used at once', async () => {
    const uncached = await createTestApp({ STAYDESK_CACHE_TTL_MS: '0' });
    try {
      const a = await makeAccommodation(uncached.ctx.db);
      const stay = futureStay(1);
      assert.equal(await quotedTotal(a.id, stay, uncached), 165);
      await uncached.ctx.db
        .insertInto('nightly_prices')
        .values({ accommodation_id: a.id, night: stay.checkin, price: 20000 })
        .execute();
      assert.equal(await quotedTotal(a.id, stay, uncached), 275);
    } finally {
      await uncached.close();
    }
  });

  test('a currency change through the admin API re-prices at once, in the new minor units', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(1);
    await setPrice(a.id, stay.checkin, stay.checkout, 120.5);
    // 120.50 + 50, tax 10 % → 187.55.
    assert.equal(await quotedTotal(a.id, stay), 187.55);
    const res = await t.request({
      method: 'PATCH',
      url: `/admin/api/accommodations/${a.id}`,
      key: t.adminKey,
      payload: { currency: 'KWD' },
    });
    assert.equal(res.statusCode, 200, res.body);
    // Same major amounts in a three-decimal currency.
    assert.equal(await quotedTotal(a.id, stay), 187.55);
  });
});

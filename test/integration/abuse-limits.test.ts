import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { bookingBody, futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/api.md#limits and issue 9 item 8: each limit answers 429 TOO_MANY_REQUESTS in the envelope,
// with Retry-After.

async function withApp(env: Record<string, string>, body: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp(env);
  try {
    await body(t);
  } finally {
    await t.close();
  }
}

function assertLimited(res: LightMyRequestResponse, reason: string): void {
  const body = assertErrorEnvelope(res, 429, 'TOO_MANY_REQUESTS');
  assert.equal(body.error.details.reason, reason);
  const retryAfter = Number(res.headers['retry-after']);
  assert.ok(
    Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 3600,
    `Retry-After: ${String(res.headers['retry-after'])}`,
  );
}

describe(`abuse limits (${testStoreKind})`, () => {
  test('RATE_LIMIT_PER_KEY: a key past its requests a minute gets 429 with Retry-After; another key is not affected', async () => {
    await withApp({ RATE_LIMIT_PER_KEY: '3' }, async (t) => {
      for (let i = 0; i < 3; i++)
        assert.equal((await t.request({ method: 'GET', url: `${t.v1}/test` })).statusCode, 200);
      assertLimited(await t.request({ method: 'GET', url: `${t.v1}/test` }), 'rate_limited');
      assertLimited(await t.request({ method: 'POST', url: `${t.v1}/calendar/test`, payload: {} }), 'rate_limited');
      assert.equal(
        (await t.request({ method: 'GET', url: `${t.v1}/test`, key: t.adminKey })).statusCode,
        200,
        'the admin key counts on its own',
      );
    });
  });

  test('AUTH_FAILURES_PER_IP: after N failed authentications the address gets 429, whatever key it sends', async () => {
    await withApp({ AUTH_FAILURES_PER_IP: '3' }, async (t) => {
      const bad = `sdk_${randomBytes(24).toString('base64url')}`;
      assertErrorEnvelope(await t.request({ method: 'GET', url: `${t.v1}/test`, key: null }), 401, 'UNAUTHORIZED');
      assertErrorEnvelope(await t.request({ method: 'GET', url: `${t.v1}/test`, key: bad }), 401, 'UNAUTHORIZED');
      assertErrorEnvelope(
        await t.request({ method: 'GET', url: '/admin/api/settings', key: bad }),
        401,
        'UNAUTHORIZED',
      );
      assertLimited(await t.request({ method: 'GET', url: `${t.v1}/test`, key: bad }), 'rate_limited');
      assertLimited(await t.request({ method: 'GET', url: `${t.v1}/test` }), 'rate_limited');
      // Another address is not affected.
      const elsewhere = await t.app.inject({
        method: 'GET',
        url: `${t.v1}/test`,
        remoteAddress: '192.0.2.7',
        headers: { authorization: `Bearer ${t.apiKey}` },
      });
      assert.equal(elsewhere.statusCode, 200, elsewhere.body);
    });
  });

  test('RATE_LIMIT_PUBLIC_PER_IP: the public webhook, payment and invoice routes are limited per address', async () => {
    await withApp({ RATE_LIMIT_PUBLIC_PER_IP: '2' }, async (t) => {
      const slug = t.config.slug;
      assert.equal((await t.request({ method: 'GET', url: `/${slug}/webhook/test`, key: null })).statusCode, 200);
      assertErrorEnvelope(
        await t.request({ method: 'GET', url: `/${slug}/invoices/${'A'.repeat(43)}`, key: null }),
        404,
        'NOT_FOUND',
      );
      assertLimited(await t.request({ method: 'GET', url: `/${slug}/webhook/test`, key: null }), 'rate_limited');
      assertLimited(
        await t.request({ method: 'GET', url: `/${slug}/invoices/${'A'.repeat(43)}`, key: null }),
        'rate_limited',
      );
      assertLimited(
        await t.request({ method: 'POST', url: `/${slug}/api/payment/webhook`, key: null, payload: {} }),
        'rate_limited',
      );
      // Authenticated API routes count per key, not here.
      assert.equal((await t.request({ method: 'GET', url: `${t.v1}/test` })).statusCode, 200);
    });
  });

  test('DRAFTS_PER_KEY: a key holding the most live card drafts gets 429 with a clear message; expired drafts and other keys do not count', async () => {
    await withApp({ DRAFTS_PER_KEY: '2' }, async (t) => {
      const a = await makeAccommodation(t.ctx.db);
      const card = () =>
        bookingBody(a.id, futureStay(2), { booking: { payment_method: 'card_processor', total_amount: 275 } });
      // An expired draft of this key holds nothing and does not count.
      const expired = await insertBooking(t.ctx.db, a, {
        ...futureStay(2),
        status: 'draft',
        holdExpiresAt: new Date(Date.now() - 60_000).toISOString(),
      });
      const v1Key = await t.ctx.db
        .selectFrom('api_keys')
        .select('id')
        .where('name', '=', 'test v1 key')
        .executeTakeFirstOrThrow();
      await t.ctx.db.updateTable('bookings').set({ api_key_id: v1Key.id }).where('id', '=', expired.id).execute();
      for (let i = 0; i < 2; i++) {
        const res = await t.request({ method: 'POST', url: `${t.v1}/bookings`, payload: card() });
        assert.equal(res.statusCode, 200, res.body);
      }
      const third = await t.request({ method: 'POST', url: `${t.v1}/bookings`, payload: card() });
      assertLimited(third, 'draft_limit');
      assert.match(third.json<{ error: { message: string } }>().error.message, /2 unpaid card-payment drafts/);
      const bank = await t.request({
        method: 'POST',
        url: `${t.v1}/bookings`,
        payload: bookingBody(a.id, futureStay(2), { booking: { total_amount: 275 } }),
      });
      assert.equal(bank.statusCode, 200, 'bank transfers are not capped');
      const other = await t.request({ method: 'POST', url: `${t.v1}/bookings`, payload: card(), key: t.adminKey });
      assert.equal(other.statusCode, 200, 'another key has its own cap');
      const drafts = await t.ctx.db
        .selectFrom('bookings')
        .select('id')
        .where('status', '=', 'draft')
        .where('api_key_id', '=', v1Key.id)
        .execute();
      assert.equal(drafts.length, 3, 'two live drafts and the expired one; nothing written for the refused one');
    });
  });
});

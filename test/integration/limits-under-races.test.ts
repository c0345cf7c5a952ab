import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import { FAILURES_PER_IP, FAILURES_PER_LOGIN } from '../../src/console/sign-in-limits.ts';
import { createAdminUser } from '../../src/users/user-repository.ts';
import { postSignIn } from '../support/console-client.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { paymentIntentEvent, postPaymentEvent } from '../support/payment-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Issue 24, "Limits under races": each limit holds when the requests it limits arrive at once.

async function withApp(env: Record<string, string>, body: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp(env);
  try {
    await body(t);
  } finally {
    await t.close();
  }
}

describe(`limits under concurrent requests (${testStoreKind})`, () => {
  test('DRAFTS_PER_KEY holds when 150 card drafts of one key arrive at once', async () => {
    await withApp({ DRAFTS_PER_KEY: '20' }, async (t) => {
      const a = await makeAccommodation(t.ctx.db);
      const bodies = Array.from({ length: 150 }, () =>
        bookingBody(a.id, futureStay(2), { booking: { payment_method: 'card_processor', total_amount: 275 } }),
      );
      const answers = await Promise.all(
        bodies.map((payload) => t.request({ method: 'POST', url: `${t.v1}/bookings`, payload })),
      );
      const codes = answers.map((res) => res.statusCode);
      assert.equal(codes.filter((c) => c === 200).length, 20, `answers: ${JSON.stringify(tally(codes))}`);
      assert.equal(codes.filter((c) => c === 429).length, 130);
      const drafts = await t.ctx.db
        .selectFrom('bookings')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', '=', 'draft')
        .executeTakeFirstOrThrow();
      assert.equal(Number(drafts.n), 20, 'exactly the cap is stored');
    });
  });

  test('console sign-in: 31 guesses at once for one login, only the limit reach the password check', async () => {
    await withApp({}, async (t) => {
      const login = `racer-${process.pid}`;
      const { password } = await createAdminUser(t.ctx.db, login);
      const guess = (pw: string) => postSignIn(t.app, { login, password: pw });
      const answers = await Promise.all(Array.from({ length: 31 }, (_, i) => guess(`wrong-${i}`)));
      const codes = answers.map((res) => res.statusCode);
      assert.equal(codes.filter((c) => c === 401).length, FAILURES_PER_LOGIN, JSON.stringify(tally(codes)));
      assert.equal(codes.filter((c) => c === 429).length, 31 - FAILURES_PER_LOGIN);
      assert.equal((await guess(password)).statusCode, 429, 'the login stays locked, even for its password');
    });
  });

  test('console sign-in: 31 guesses at once for as many logins from one address, only the limit reach the password check', async () => {
    await withApp({}, async (t) => {
      const logins = await Promise.all(
        Array.from({ length: 31 }, async (_, i) => {
          const login = `spray-${process.pid}-${i}`;
          await createAdminUser(t.ctx.db, login);
          return login;
        }),
      );
      const answers = await Promise.all(
        logins.map((login) => postSignIn(t.app, { login, password: 'wrong' }, { remoteAddress: '10.9.8.7' })),
      );
      const codes = answers.map((res) => res.statusCode);
      assert.equal(codes.filter((c) => c === 401).length, FAILURES_PER_IP, JSON.stringify(tally(codes)));
      assert.equal(codes.filter((c) => c === 429).length, 31 - FAILURES_PER_IP);
    });
  });

  test('a Stripe-Signature header with two timestamps is refused', async () => {
    const secret = 'whsec_race_payment_secret';
    await withApp({ PAYMENT_WEBHOOK_SECRET: secret }, async (t) => {
      const payload = JSON.stringify(paymentIntentEvent('payment_intent.succeeded', { amount: 100, currency: 'eur' }));
      const future = Math.floor(Date.now() / 1000) + 3600;
      const sign = (at: number) => createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex');
      // The future timestamp first (what a guard reading the first t= sees), then a current one.
      const now = Math.floor(Date.now() / 1000);
      for (const header of [
        `t=${now},t=${future},v1=${sign(future)}`,
        `t=${future},t=${now},v1=${sign(now)}`,
        `t=${now},v1=${sign(now)},t=${now}`,
      ]) {
        const res = await postPaymentEvent(t, null, { raw: payload, header });
        assert.equal(res.statusCode, 400, header);
        assert.equal(res.json<{ error: { details: { reason: string } } }>().error.details.reason, 'invalid_signature');
      }
    });
  });
});

function tally(codes: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const c of codes) out[c] = (out[c] ?? 0) + 1;
  return out;
}

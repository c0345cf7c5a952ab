// PostgreSQL only: run by `npm run test:pg`, which sets TEST_DATABASE_URL (not part of `npm test`).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { loadConfig } from '../../src/config/config.ts';
import { createContext } from '../../src/create-app-context.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { openStore, type Store } from '../../src/db/store.ts';
import type { App } from '../../src/http/types.ts';
import { bookingBody, futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { paymentIntentEvent, stripeSignature } from '../support/payment-client.ts';
import { LIMITS_OFF } from '../support/limits-off.ts';
import { startPgProxy, type PgProxy } from '../support/pg-proxy.ts';
import { createPgDatabase, testStoreKind } from '../support/test-store.ts';
import { EVENT_TIMEOUT_MS } from '../support/timeouts.ts';

// A booking whose connection to PostgreSQL breaks while it is being committed (a proxy between
// the app and the server cuts it: before COMMIT reaches the server, or after the server has
// committed and before the app hears so). The app looks the booking up by its confirmation code
// before answering: the caller gets the 200 the booking would have had, and exactly one booking
// exists. When the server stays away, the answer is 503 outcome_unknown, and a retry with the same
// idempotency_key answers with the one booking.

let database: { url: string; drop(): Promise<void> } | null = null;
let proxy: PgProxy;
let direct: Store;
let store: Store;
let app: App;
let key = '';
let accommodationId = 0;
const PAYMENT_SECRET = 'whsec_unknown_outcome_test';

before(async () => {
  assert.equal(testStoreKind, 'postgres', 'test/pg runs only under npm run test:pg (TEST_DATABASE_URL set)');
  database = await createPgDatabase(process.env.TEST_DATABASE_URL ?? '');
  direct = openStore({ kind: 'postgres', url: database.url }, { poolSize: 2 });
  await migrateToLatest(direct.db);
  key = (await createApiKey(direct.db, { name: 'outcome', scope: 'api' })).key;
  accommodationId = (await makeAccommodation(direct.db)).id;
  const target = new URL(database.url);
  proxy = await startPgProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(database.url);
  viaProxy.host = proxy.host;
  const config = loadConfig({
    PUBLIC_BASE_URL: 'http://staydesk.test',
    LOG_LEVEL: 'silent',
    PAYMENT_WEBHOOK_SECRET: PAYMENT_SECRET,
    ...LIMITS_OFF,
  });
  config.store = { kind: 'postgres', url: viaProxy.toString() };
  store = openStore(config.store, { poolSize: 4 });
  app = await buildApp(createContext(config, store), { logger: false });
});
after(async () => {
  await app.close();
  await store.destroy();
  await direct.destroy();
  await proxy.close();
  await database?.drop();
});

let guests = 0;
function body(idempotencyKey?: string) {
  const email = `guest-${process.pid}-${++guests}@example.com`;
  const payload = bookingBody(accommodationId, futureStay(2), {
    booking: { total_amount: 275, ...(idempotencyKey === undefined ? {} : { idempotency_key: idempotencyKey }) },
    partner: { email },
  });
  return { email, payload };
}

const post = (payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/staydesk/bookings',
    headers: { authorization: `Bearer ${key}` },
    payload: payload as Record<string, unknown>,
  });

async function bookingsOf(email: string): Promise<number[]> {
  const rows = await direct.db
    .selectFrom('bookings')
    .innerJoin('guests', 'guests.id', 'bookings.guest_id')
    .select('bookings.id')
    .where('guests.email', '=', email)
    .execute();
  return rows.map((r) => r.id);
}

for (const when of ['answer', 'request'] as const) {
  test(
    `COMMIT cut (${when === 'answer' ? 'after the server committed' : 'before the server saw it'}): 200 with the one booking`,
    {
      timeout: EVENT_TIMEOUT_MS,
    },
    async () => {
      const { email, payload } = body(`outcome-${when}-${guests}`);
      const cut = proxy.cutOn('commit', when, { after: email });
      const res = await post(payload);
      await cut;
      assert.equal(res.statusCode, 200, res.body);
      const created = res.json<{ data: { booking_id: number } }>().data;
      assert.deepEqual(await bookingsOf(email), [created.booking_id]);
      // The idempotency record was stored with it: a repeat answers the same.
      const again = await post(payload);
      assert.equal(again.json<{ data: { booking_id: number } }>().data.booking_id, created.booking_id);
    },
  );
}

test(
  'a booking of one statement (no idempotency key) whose answer is lost: 200 with the one booking',
  {
    timeout: EVENT_TIMEOUT_MS,
  },
  async () => {
    const { email, payload } = body();
    // The statement carries the guest's address: the server runs it, the answer never arrives.
    const cut = proxy.cutOn(email, 'answer');
    const res = await post(payload);
    await cut;
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await bookingsOf(email), [res.json<{ data: { booking_id: number } }>().data.booking_id]);
  },
);

test(
  'when the server stays away: 503 outcome_unknown, and the retry with the same key answers the one booking',
  {
    timeout: EVENT_TIMEOUT_MS,
  },
  async () => {
    const { email, payload } = body(`outcome-away-${guests}`);
    const cut = proxy.cutOn('commit', 'answer', { after: email, thenDown: true });
    const res = await post(payload);
    await cut;
    assert.equal(res.statusCode, 503, res.body);
    const error = res.json<{ error: { message: string; details: { reason: string } } }>().error;
    assert.equal(error.details.reason, 'outcome_unknown');
    assert.match(error.message, /idempotency_key/);
    assert.equal(res.headers['retry-after'], '1');

    proxy.setDown(false);
    const [stored] = await bookingsOf(email);
    assert.ok(stored !== undefined, 'the server had committed it');
    const retry = await post(payload);
    assert.equal(retry.statusCode, 200, retry.body);
    assert.equal(retry.json<{ data: { booking_id: number } }>().data.booking_id, stored);
    assert.equal((await bookingsOf(email)).length, 1);
  },
);

test(
  'a payment event whose commit answer is lost: 200 with how it was applied, the booking confirmed once',
  {
    timeout: EVENT_TIMEOUT_MS,
  },
  async () => {
    const accommodation = await makeAccommodation(direct.db);
    const booking = await insertBooking(direct.db, accommodation, { ...futureStay(3), status: 'draft' });
    const event = paymentIntentEvent('payment_intent.succeeded', {
      amount: booking.total,
      amount_received: booking.total,
      currency: 'eur',
      metadata: { booking_reference: booking.confirmation_code },
    });
    const payload = JSON.stringify(event);
    const cut = proxy.cutOn('commit', 'answer', { after: event.id });
    const res = await app.inject({
      method: 'POST',
      url: '/staydesk/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, PAYMENT_SECRET) },
      payload,
    });
    await cut;
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json<{ outcome: string }>().outcome, 'confirmed');
    const stored = await direct.db
      .selectFrom('bookings')
      .select('status')
      .where('id', '=', booking.id)
      .executeTakeFirst();
    assert.equal(stored?.status, 'confirmed');
    const mails = await direct.db.selectFrom('outbox').select('id').where('booking_id', '=', booking.id).execute();
    assert.equal(mails.length, 1, 'one confirmation mail');
  },
);

test(
  'a webhook delivery whose commit answer is lost: 200 with its first answer, applied once',
  {
    timeout: EVENT_TIMEOUT_MS,
  },
  async () => {
    const accommodation = await makeAccommodation(direct.db);
    const booking = await insertBooking(direct.db, accommodation, { ...futureStay(3), status: 'confirmed' });
    const reason = `Owner emergency ${booking.id}`;
    const payload = JSON.stringify({
      event_type: 'cancelled',
      booking_id: booking.id,
      reason,
      timestamp: new Date().toISOString(),
    });
    const cut = proxy.cutOn('commit', 'answer', { after: reason });
    const res = await app.inject({
      method: 'POST',
      url: '/staydesk/webhook/update',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    await cut;
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      [res.json<{ updated: boolean }>().updated, res.json<{ new_status: string }>().new_status],
      [true, 'cancelled'],
    );
    const mails = await direct.db.selectFrom('outbox').select('id').where('booking_id', '=', booking.id).execute();
    assert.equal(mails.length, 1, 'one cancellation mail');
  },
);

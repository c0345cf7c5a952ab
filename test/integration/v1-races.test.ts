import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db/store.ts';
import { eachDate } from '../../src/shared/dates.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { concurrency } from '../support/test-store.ts';

// docs/api.md#stay-rules and docs/api.md#idempotency: the database decides races for nights and for idempotency keys. On
// PostgreSQL the requests below are truly concurrent transactions on a connection pool; the
// embedded store runs one transaction at a time on its one connection, but bookings sent at
// once share that transaction (group commit, each in its own savepoint), so there the
// contenders for a night meet inside one batch.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

function postBooking(payload: unknown): Promise<LightMyRequestResponse> {
  const url = `${t.v1}/bookings`;
  return t.request({ method: 'POST', url, payload: payload as Record<string, unknown> }).then((res) => {
    assertMatchesOpenApi(t.app, 'POST', url, res);
    return res;
  });
}

async function bookingsOf(accommodationId: number) {
  return t.ctx.db
    .selectFrom('bookings')
    .select(['id', 'status'])
    .where('accommodation_id', '=', accommodationId)
    .execute();
}

async function claimsOf(accommodationId: number) {
  return t.ctx.db
    .selectFrom('night_claims')
    .select(['night', 'booking_id'])
    .where('accommodation_id', '=', accommodationId)
    .orderBy('night')
    .execute();
}

// 3 nights for 2 adults: 300 + 50 cleaning + 35 tax.
const TOTAL_3_NIGHTS = 385;

type AnyFunction = (...args: unknown[]) => unknown;

/**
 * A view of the database whose first empty lookup in idempotency_keys waits until released, so
 * a request can be paused right after its idempotency lookup found nothing. The wait happens
 * after the query returned its connection (a Kysely plugin would hold it, and deadlock SQLite).
 */
function idempotencyGate(db: Db) {
  let armed = false;
  let markHeld: () => void = () => undefined;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    markHeld = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const gated = (builder: object): object =>
    new Proxy(builder, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        const fn = value as AnyFunction;
        if (prop === 'executeTakeFirst') {
          return async (...args: unknown[]) => {
            const row = await (fn.apply(target, args) as Promise<unknown>);
            if (row === undefined && armed) {
              armed = false;
              markHeld();
              await released;
            }
            return row;
          };
        }
        return (...args: unknown[]) => {
          const out = fn.apply(target, args);
          return typeof out === 'object' && out !== null && !(out instanceof Promise) ? gated(out) : out;
        };
      },
    });
  const view = new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const fn = value as AnyFunction;
      if (prop === 'selectFrom') {
        return (table: unknown) => {
          const builder = fn.call(target, table) as object;
          return table === 'idempotency_keys' ? gated(builder) : builder;
        };
      }
      return fn.bind(target);
    },
  });
  return {
    view,
    arm: () => {
      armed = true;
    },
    held,
    release: () => {
      release();
    },
  };
}

describe(`bookings sent at once (${concurrency})`, () => {
  test('25 bookings of the same nights at once: exactly one 200, 24 × 409, one booking, nights claimed once', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        postBooking(
          bookingBody(a.id, stay, {
            partner: { email: `racer${i}@example.com` },
            booking: { total_amount: TOTAL_3_NIGHTS },
          }),
        ),
      ),
    );
    const winners = answers.filter((r) => r.statusCode === 200);
    const losers = answers.filter((r) => r.statusCode !== 200);
    assert.equal(winners.length, 1, `statuses: ${answers.map((r) => r.statusCode).join(',')}`);
    assert.equal(losers.length, 24);
    for (const res of losers) {
      const body = assertErrorEnvelope(res, 409, 'CONFLICT');
      assert.equal(body.error.details.reason, 'dates_unavailable', res.body);
    }
    const winner = winners[0]?.json<{ data: { booking_id: number; confirmation_code: string } }>().data;
    assert.ok(winner !== undefined);

    const rows = await bookingsOf(a.id);
    assert.deepEqual(
      rows.map((r) => r.id),
      [winner.booking_id],
    );
    const claims = await claimsOf(a.id);
    assert.deepEqual(
      claims.map((c) => c.night),
      eachDate(stay.checkin, stay.checkout),
    );
    for (const claim of claims) assert.equal(claim.booking_id, winner.booking_id);

    // Every loser that could name the conflict names the winner.
    for (const res of losers) {
      const body = res.json<{ error: { message: string } }>();
      assert.ok(body.error.message.includes(winner.confirmation_code), body.error.message);
    }
  });

  test('25 bookings of overlapping, shifted ranges at once: the nights never double up', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const base = futureStay(8);
    // Ranges of 3 nights starting on each of the first 6 days: many overlap, some are disjoint.
    const ranges = Array.from({ length: 25 }, (_, i) => {
      const offset = i % 6;
      const nights = eachDate(base.checkin, base.checkout);
      const checkin = nights[offset] ?? base.checkin;
      const checkout = nights[offset + 3] ?? base.checkout;
      return { checkin, checkout };
    });
    const answers = await Promise.all(
      ranges.map((stay, i) =>
        postBooking(
          bookingBody(a.id, stay, {
            partner: { email: `shift${i}@example.com` },
            booking: { total_amount: TOTAL_3_NIGHTS },
          }),
        ),
      ),
    );
    for (const res of answers)
      assert.ok(res.statusCode === 200 || res.statusCode === 409, `${res.statusCode}: ${res.body}`);
    const won = answers.filter((r) => r.statusCode === 200).length;
    assert.ok(won >= 1 && won <= 2, `at most two disjoint 3-night stays fit in 8 nights of 6 start days, got ${won}`);
    const rows = await bookingsOf(a.id);
    assert.equal(rows.length, won);
    const claims = await claimsOf(a.id);
    assert.equal(claims.length, won * 3);
    assert.equal(new Set(claims.map((c) => c.night)).size, claims.length, 'no night twice');
  });

  test('24 bookings at once over 12 pairs of stays: one of each pair wins and is whole, nothing of a loser is left', async () => {
    // On the embedded store these share commits (db/group-commit.ts): winners and losers sit in
    // the same transaction, each in its own savepoint.
    const a = await makeAccommodation(t.ctx.db);
    const stays = Array.from({ length: 12 }, () => futureStay(3));
    const before = { ...t.ctx.store.groupStats };
    const requests = stays.flatMap((stay, pair) =>
      [0, 1].map((side) => ({
        pair,
        email: `pair${pair}-${side}@batch.test`,
        payload: bookingBody(a.id, stay, {
          partner: { email: `pair${pair}-${side}@batch.test` },
          booking: { total_amount: TOTAL_3_NIGHTS },
        }),
      })),
    );
    const answers = await Promise.all(requests.map((r) => postBooking(r.payload)));
    const won = requests.filter((_, i) => answers[i]?.statusCode === 200);
    assert.deepEqual(
      won.map((r) => r.pair).sort((x, y) => x - y),
      stays.map((_, pair) => pair),
      `statuses: ${answers.map((r) => r.statusCode).join(',')}`,
    );
    for (const res of answers.filter((r) => r.statusCode !== 200))
      assert.equal(assertErrorEnvelope(res, 409, 'CONFLICT').error.details.reason, 'dates_unavailable');

    const ids = answers
      .filter((r) => r.statusCode === 200)
      .map((r) => r.json<{ data: { booking_id: number } }>().data.booking_id);
    assert.deepEqual(
      (await bookingsOf(a.id)).map((r) => r.id).sort((x, y) => x - y),
      [...ids].sort((x, y) => x - y),
    );
    const claims = await claimsOf(a.id);
    assert.equal(claims.length, 12 * 3);
    for (const id of ids) {
      assert.equal(claims.filter((c) => c.booking_id === id).length, 3, `booking ${id} holds its three nights`);
      const mails = await t.ctx.db.selectFrom('outbox').select('id').where('booking_id', '=', id).execute();
      const events = await t.ctx.db.selectFrom('booking_events').select('event').where('booking_id', '=', id).execute();
      assert.equal(mails.length, 1, `booking ${id} queued its confirmation`);
      assert.deepEqual(
        events.map((e) => e.event),
        ['created'],
      );
    }
    const guests = await t.ctx.db.selectFrom('guests').select('email').where('email', 'like', '%@batch.test').execute();
    assert.deepEqual(
      guests.map((p) => p.email).sort(),
      won.map((r) => r.email).sort(),
      'a losing booking leaves no guest behind',
    );
    if (t.ctx.store.kind === 'sqlite') {
      const units = t.ctx.store.groupStats.units - before.units;
      const batches = t.ctx.store.groupStats.batches - before.batches;
      assert.ok(units >= 12 && batches < units, `bookings shared commits: ${units} units in ${batches} batches`);
      const metrics = await t.request({ method: 'GET', url: '/metrics', key: null });
      assert.match(metrics.body, new RegExp(`staydesk_group_commit_units_total ${t.ctx.store.groupStats.units}\\b`));
      assert.match(metrics.body, new RegExp(`staydesk_group_commits_total ${t.ctx.store.groupStats.batches}\\b`));
    }
  });

  test('a repeat whose idempotency lookup ran before the first request committed still gets the first answer, not 409 dates_unavailable', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const payload = bookingBody(a.id, futureStay(3), {
      booking: { total_amount: 385, idempotency_key: `gate-${Date.now()}`, payment_method: 'card_processor' },
    });
    const original = t.ctx.db;
    const gate = idempotencyGate(original);
    Object.assign(t.ctx, { db: gate.view });
    try {
      gate.arm();
      const repeat = postBooking(payload); // looks the key up, finds nothing, and waits here
      await gate.held;
      const first = await postBooking(payload); // the first attempt to finish creates the booking
      assert.equal(first.statusCode, 200, first.body);
      gate.release();
      const res = await repeat;
      assert.equal(
        res.statusCode,
        200,
        `a concurrent repeat with the same key and body must get the first answer: ${res.body}`,
      );
      assert.equal(
        res.json<{ data: { booking_id: number } }>().data.booking_id,
        first.json<{ data: { booking_id: number } }>().data.booking_id,
      );
    } finally {
      gate.release();
      Object.assign(t.ctx, { db: original });
    }
    assert.equal((await bookingsOf(a.id)).length, 1);
  });

  test('12 repeats at once of one idempotency key with the same body: all 200 with the same booking, one booking row (6 rounds)', async () => {
    for (let round = 0; round < 6; round++) {
      const a = await makeAccommodation(t.ctx.db);
      const payload = bookingBody(a.id, futureStay(3), {
        partner: { email: `repeat${round}@example.com` },
        booking: {
          total_amount: 385,
          idempotency_key: `race-${round}-${Date.now()}`,
          payment_method: 'card_processor',
        },
      });
      const answers = await Promise.all(Array.from({ length: 12 }, () => postBooking(payload)));
      for (const res of answers) assert.equal(res.statusCode, 200, `round ${round}: ${res.body}`);
      const ids = new Set(answers.map((r) => r.json<{ data: { booking_id: number } }>().data.booking_id));
      assert.equal(ids.size, 1);
      const rows = await bookingsOf(a.id);
      assert.deepEqual(
        rows.map((r) => r.id),
        [...ids],
      );
      assert.equal((await claimsOf(a.id)).length, 3);
      const keys = await t.ctx.db
        .selectFrom('idempotency_keys')
        .select('booking_id')
        .where('booking_id', '=', rows[0]?.id ?? -1)
        .execute();
      assert.equal(keys.length, 1);
    }
  });

  test('repeats at once of one idempotency key with different bodies: one booking, the rest 409', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const key = `race-diff-${process.pid}-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postBooking(
          bookingBody(a.id, futureStay(3), {
            partner: { email: `diff${i}@example.com` },
            booking: { total_amount: TOTAL_3_NIGHTS, idempotency_key: key },
          }),
        ),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    assert.equal(ok.length, 1, `statuses: ${answers.map((r) => r.statusCode).join(',')}`);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      const body = assertErrorEnvelope(res, 409, 'CONFLICT');
      assert.equal(body.error.details.reason, 'idempotency_key_reused', res.body);
    }
    assert.equal((await bookingsOf(a.id)).length, 1);
  });
});

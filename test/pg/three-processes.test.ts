// PostgreSQL only: run by `npm run test:pg`, which sets TEST_DATABASE_URL (not part of `npm test`).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { Store } from '../../src/db/store.ts';
import { addDays } from '../../src/shared/dates.ts';
import { createCliStore, runCli, type CliStore } from '../support/cli.ts';
import { bookingBody, futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { calendarOf, startFeedServer, type FeedServer } from '../support/feed-server.ts';
import { call, startServe, type Answer, type ServeProcess } from '../support/serve-cluster.ts';
import { until } from '../support/until.ts';
import { startSmtpListener, type SmtpListener } from '../support/smtp-listener.ts';
import { testStoreKind } from '../support/test-store.ts';
import { testTimeout } from '../support/timeouts.ts';

/**
 * Three `staydesk serve` processes on one PostgreSQL database, as behind a load balancer: the
 * database judges every night, the background work is done once, and a change made through
 * one process is seen by the others once its announcement reaches them (migration 0007's
 * announcements), though their caches keep entries a minute. The tests wait for events (a log
 * line, a counter in /metrics, a row's state), never for a time.
 */

/** A pulled feed is due again no sooner than this: far beyond the test's run. */
const ICAL_INTERVAL_SECONDS = 3600;
const CALENDARS = 30;

let store: CliStore | null = null;
let db: Store | null = null;
let smtp: SmtpListener | null = null;
let feeds: FeedServer | null = null;
const procs: ServeProcess[] = [];
let apiKey = '';
let adminKey = '';
/** The calendars due when the processes start: their first looks race for them. */
const calendars: { path: string; feedId: number }[] = [];

before(async () => {
  assert.equal(testStoreKind, 'postgres', 'test/pg runs only under npm run test:pg (TEST_DATABASE_URL set)');
  store = await createCliStore();
  const migrated = await runCli(['migrate'], store.env);
  assert.equal(migrated.code, 0, migrated.stderr);
  smtp = await startSmtpListener();
  feeds = await startFeedServer();
  db = store.open();
  apiKey = (await createApiKey(db.db, { name: 'load', scope: 'api' })).key;
  adminKey = (await createApiKey(db.db, { name: 'admin', scope: 'admin' })).key;
  const today = futureStay(1).checkin;
  for (let i = 0; i < CALENDARS; i++) {
    const a = await makeAccommodation(db.db);
    const path = `/three-${i}.ics`;
    feeds.set(path, calendarOf([{ uid: `t${i}`, start: addDays(today, i), end: addDays(today, i + 2) }]));
    const row = await db.db
      .insertInto('external_feeds')
      .values({
        accommodation_id: a.id,
        name: 'airbnb',
        url: feeds.url(path),
        created_at: new Date().toISOString(),
        last_synced_at: null,
        last_status: null,
        last_error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    calendars.push({ path, feedId: row.id });
  }
  const env = {
    ...store.env,
    SMTP_URL: smtp.url,
    STAYDESK_JOB_POLL_MS: '20',
    ICAL_SYNC_INTERVAL_SECONDS: String(ICAL_INTERVAL_SECONDS),
    ICAL_ALLOW_PRIVATE_NETWORKS: 'true',
    STAYDESK_CACHE_TTL_MS: '60000',
  };
  // Started together, so that their first looks for due calendars meet.
  const dir = store.dir;
  // At debug: a request's arrival is logged (src/http/request-log.ts), which the drain test waits for.
  procs.push(...(await Promise.all([0, 1, 2].map(() => startServe(env, dir, 'debug')))));
  // Every process listens for announcements before the tests rely on them.
  for (const p of procs)
    await until(
      'announcements live',
      async () => (await call(`${p.url}/metrics`)).body.includes('staydesk_cache_announcements_live 1'),
      20,
    );
});
after(async () => {
  for (const p of procs) p.cli.kill();
  await db?.destroy();
  await smtp?.close();
  await feeds?.close();
  await store?.cleanup();
});

const v1 = (p: ServeProcess) => `${p.url}/api/v1/staydesk`;
/** A series' value in a process's /metrics, summed over the series whose labels include `labels`. */
async function metric(p: ServeProcess, name: string, labels: string): Promise<number> {
  const text = (await call(`${p.url}/metrics`)).body;
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^(\w+)\{([^}]*)\} (\d+)$/.exec(line);
    if (match?.[1] === name && match[2]?.includes(labels) === true) total += Number(match[3]);
  }
  return total;
}

/**
 * Waits until every process has finished two more runs of `job`: the second began after this
 * call, so whatever a run was doing when it was called (a mail being sent, a draft expired) has
 * ended and been logged.
 */
async function jobsSettled(job: string): Promise<void> {
  const runs = (p: ServeProcess) => metric(p, 'staydesk_job_runs_total', `job="${job}"`);
  const before = await Promise.all(procs.map(runs));
  for (const [i, p] of procs.entries())
    await until(`two more ${job} runs`, async () => (await runs(p)) >= (before[i] ?? 0) + 2, 20);
}

/** How many entries of `cache` a process has dropped because an announcement said their rows changed. */
function invalidations(p: ServeProcess, cache: string): Promise<number> {
  return metric(p, 'staydesk_cache_invalidations_total', `cache="${cache}"`);
}

const overlaps = (a: { checkin: string; checkout: string }, b: { checkin: string; checkout: string }) =>
  a.checkin < b.checkout && b.checkin < a.checkout;

describe('three processes, one PostgreSQL database', () => {
  test(
    '200 concurrent bookings over overlapping nights: one winner per night, each mail sent once',
    { timeout: testTimeout(120_000) },
    async () => {
      assert.ok(db !== null && smtp !== null);
      const a = await makeAccommodation(db.db);
      const start = futureStay(40).checkin;
      // Two-night stays starting on each of 40 days, five requests each: neighbours overlap.
      const stays = Array.from({ length: 200 }, (_, i) => {
        const checkin = addDays(start, i % 40);
        return { checkin, checkout: addDays(checkin, 2) };
      });
      const answers = await Promise.all(
        stays.map((stay, i) =>
          call(`${v1(procs[i % 3] as ServeProcess)}/bookings`, {
            key: apiKey,
            body: bookingBody(a.id, stay, {
              booking: { total_amount: 275 },
              partner: { email: `guest-${i}@example.com` },
            }),
          }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      assert.ok(
        statuses.every((s) => s === 200 || s === 409),
        `only 200 and 409: ${[...new Set(statuses)].join(', ')}`,
      );
      const winners = stays.filter((_, i) => statuses[i] === 200);
      for (let i = 0; i < winners.length; i++)
        for (let j = i + 1; j < winners.length; j++)
          assert.ok(!overlaps(winners[i]!, winners[j]!), 'two winners share a night');
      stays.forEach((stay, i) => {
        if (statuses[i] === 409)
          assert.ok(
            winners.some((w) => overlaps(w, stay)),
            `request ${i} lost to nobody`,
          );
      });
      // Every night of every winner is claimed by exactly one booking, and nothing else is.
      const claims = await db.db
        .selectFrom('night_claims')
        .select(['night', 'booking_id'])
        .where('accommodation_id', '=', a.id)
        .execute();
      assert.equal(claims.length, winners.length * 2);
      assert.equal(new Set(claims.map((c) => c.booking_id)).size, winners.length);

      // The confirmation mails, spread over three workers, each arrive once.
      const conn = db.db;
      await until(
        'the outbox to drain',
        async () => (await conn.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute()).length === 0,
        50,
      );
      // A mail a second worker were sending by mistake would have arrived by the end of its run.
      await jobsSettled('deliver-mail');
      const mails = await conn.selectFrom('outbox').select(['recipient', 'subject']).execute();
      assert.ok(mails.length >= winners.length, 'a mail per booking was queued');
      assert.equal(smtp.messages.length, mails.length, 'each queued mail delivered exactly once');
      const keys = smtp.messages.map((m) => `${m.to.join(',')}|${m.subject}`);
      assert.equal(new Set(keys).size, keys.length, 'no mail delivered twice');
    },
  );

  test('each expired hold is expired by one process', { timeout: testTimeout(60_000) }, async () => {
    assert.ok(db !== null);
    const a = await makeAccommodation(db.db);
    const past = new Date(Date.now() - 1000).toISOString();
    const drafts: number[] = [];
    for (let i = 0; i < 6; i++)
      drafts.push(
        (
          await insertBooking(db.db, a, {
            ...futureStay(2),
            status: 'draft',
            paymentMethod: 'card_processor',
            holdExpiresAt: past,
          })
        ).id,
      );
    const conn = db.db;
    await until(
      'the drafts to expire',
      async () =>
        (
          await conn
            .selectFrom('bookings')
            .select('id')
            .where('id', 'in', drafts)
            .where('status', '=', 'draft')
            .execute()
        ).length === 0,
      50,
    );
    // Every expiry run that could have touched them has ended and logged what it did.
    await jobsSettled('expire-drafts');
    const expiredBy = procs.flatMap((p) =>
      p.cli
        .stdout()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .flatMap((l) => {
          const line = JSON.parse(l) as { msg?: string; booking_ids?: number[] };
          return line.msg === 'unpaid drafts expired: nights released' ? (line.booking_ids ?? []) : [];
        })
        .filter((id) => drafts.includes(id)),
    );
    assert.deepEqual(
      expiredBy.sort((x, y) => x - y),
      [...drafts].sort((x, y) => x - y),
      'each draft expired once',
    );
  });

  test('each calendar pull is done by one process', async () => {
    assert.ok(db !== null && feeds !== null);
    const server = feeds;
    const conn = db.db;
    const feedIds = calendars.map((c) => c.feedId);
    const pulled = async () =>
      (
        await conn
          .selectFrom('external_feeds')
          .select('id')
          .where('id', 'in', feedIds)
          .where('last_synced_at', 'is not', null)
          .execute()
      ).length;
    await until('every calendar pulled', async () => (await pulled()) === feedIds.length, 20);
    const reported = () =>
      procs.map((p) =>
        p.cli
          .stdout()
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as { msg?: string; feeds?: number })
          .filter((l) => l.msg === 'external calendars pulled')
          .reduce((sum, l) => sum + (l.feeds ?? 0), 0),
      );
    const total = () => reported().reduce((x, y) => x + y, 0);
    // The report line follows the last write of a run by a moment.
    await until('the pulls reported', () => total() >= feedIds.length, 20);
    assert.equal(total(), feedIds.length, `pulls reported across the processes: ${reported().join(', ')}`);
    // A pulled feed is not due again for an hour, so one hit per calendar means one process pulled
    // it; two would mean two processes took the same feed.
    for (const { path } of calendars) assert.equal(server.hits(path), 1, `${path} fetched once`);
    const imported = await conn
      .selectFrom('night_claims')
      .innerJoin('external_feeds', 'external_feeds.accommodation_id', 'night_claims.accommodation_id')
      .select('night_claims.night')
      .where('external_feeds.id', 'in', feedIds)
      .execute();
    assert.equal(imported.length, feedIds.length * 2, 'each imported stay holds its two nights once');
  });

  test('a revoked key and a new price are seen by every process once the announcements reach it', async () => {
    assert.ok(db !== null);
    const a = await makeAccommodation(db.db);
    const stay = futureStay(1);
    const temp = (await createApiKey(db.db, { name: 'temp', scope: 'api' })).key;
    const quote = async (p: ServeProcess) => {
      const res = await call(`${v1(p)}/availability`, { key: apiKey, body: { accommodation_id: a.id, ...stay } });
      assert.equal(res.status, 200, res.body);
      return (JSON.parse(res.body) as { data: { pricing: { total: number } } }).data.pricing.total;
    };
    // Warm every process's caches.
    for (const p of procs) {
      assert.equal((await call(`${v1(p)}/test`, { key: temp })).status, 200);
      assert.equal(await quote(p), 165);
    }
    const others = procs.slice(1);
    const keysDropped = await Promise.all(others.map((p) => invalidations(p, 'api_keys')));
    const pricesDropped = await Promise.all(others.map((p) => invalidations(p, 'accommodations')));
    const keys = await call(`${procs[0]!.url}/admin/api/api-keys`, { key: adminKey });
    const tempId = (JSON.parse(keys.body) as { data: { id: number; name: string }[] }).data.find(
      (k) => k.name === 'temp',
    )?.id;
    assert.equal(
      (await call(`${procs[0]!.url}/admin/api/api-keys/${tempId}`, { method: 'DELETE', key: adminKey })).status,
      200,
    );
    const priced = await call(`${procs[0]!.url}/admin/api/accommodations/${a.id}/prices`, {
      method: 'PUT',
      key: adminKey,
      body: { from: stay.checkin, to: stay.checkout, price: 200 },
    });
    assert.equal(priced.status, 200, priced.body);
    // Each process drops its kept copies when the announcement arrives (a TTL of a minute
    // would not drop them in this test's time): the answers change with the drop.
    for (const [i, p] of others.entries()) {
      await until(
        'the key dropped by an announcement and refused',
        async () =>
          (await invalidations(p, 'api_keys')) > (keysDropped[i] ?? 0) &&
          (await call(`${v1(p)}/test`, { key: temp })).status === 401,
      );
      // 200 + cleaning 50, tax 10 %.
      await until(
        'the accommodation dropped by an announcement and the new price quoted',
        async () => (await invalidations(p, 'accommodations')) > (pricesDropped[i] ?? 0) && (await quote(p)) === 275,
      );
    }
  });

  test('a booking made through one process, and a change to it, are on every process’s calendar once announced', async () => {
    assert.ok(db !== null);
    const a = await makeAccommodation(db.db);
    const stay = futureStay(2, 40);
    const [year, month] = stay.checkin.split('-').map(Number);
    const listed = async (p: ServeProcess) => {
      const res = await call(`${v1(p)}/calendar`, { key: adminKey, body: { accommodation_id: a.id, year, month } });
      assert.equal(res.status, 200, res.body);
      return (JSON.parse(res.body) as { data: { bookings: { id: number; notes: string }[] } }).data.bookings;
    };
    // Every process keeps the empty month.
    for (const p of procs) assert.deepEqual(await listed(p), []);
    // The announcement that makes a process read the month again also drops the accommodation's
    // taken nights, which each process is made to keep here: /metrics counts that drop.
    const keepNights = () =>
      Promise.all(
        procs.map(async (p) => {
          await call(`${v1(p)}/availability`, { key: apiKey, body: { accommodation_id: a.id, ...stay } });
          return invalidations(p, 'nights');
        }),
      );
    const beforeBooking = await keepNights();
    const booked = await call(`${v1(procs[0]!)}/bookings`, {
      key: apiKey,
      body: bookingBody(a.id, stay, { booking: { total_amount: 275 } }),
    });
    assert.equal(booked.status, 200, booked.body);
    const bookingId = (JSON.parse(booked.body) as { data: { booking_id: number } }).data.booking_id;
    // The process that made it applied it when it committed; the others read the month again
    // when the announcement arrives (a TTL of a minute would not, in this test's time).
    assert.equal((await listed(procs[0]!)).length, 1);
    for (const [i, p] of procs.entries()) {
      if (i === 0) continue;
      await until(
        'the booking announced and listed',
        async () => (await invalidations(p, 'nights')) > (beforeBooking[i] ?? 0) && (await listed(p)).length === 1,
      );
    }
    const beforeChange = await keepNights();
    await db.db.updateTable('bookings').set({ guest_notes: 'arriving by boat' }).where('id', '=', bookingId).execute();
    for (const [i, p] of procs.entries())
      await until(
        'the change announced and the new notes listed',
        async () =>
          (await invalidations(p, 'nights')) > (beforeChange[i] ?? 0) &&
          (await listed(p))[0]?.notes === 'arriving by boat',
      );
  });

  test('killing one process mid-load loses no acknowledged booking', { timeout: testTimeout(120_000) }, async () => {
    assert.ok(db !== null);
    const a = await makeAccommodation(db.db);
    const victim = procs[2] as ServeProcess;
    const stays = Array.from({ length: 90 }, (_, i) => {
      const checkin = addDays(futureStay(1, 900).checkin, i * 3);
      return { checkin, checkout: addDays(checkin, 2) };
    });
    // Six senders keep six bookings in flight over the three processes; the victim is killed once
    // it has acknowledged KILL_AFTER of them, so the kill lands in the middle of the load.
    const KILL_AFTER = 5;
    const answers: Answer[] = [];
    let next = 0;
    let victimAcknowledged = 0;
    let midLoad = (): void => undefined;
    const reachedMidLoad = new Promise<void>((resolve) => {
      midLoad = resolve;
    });
    const sender = async () => {
      while (next < stays.length) {
        const i = next++;
        const answer = await call(`${v1(procs[i % 3] as ServeProcess)}/bookings`, {
          key: apiKey,
          body: bookingBody(a.id, stays[i]!, { booking: { total_amount: 275 } }),
        });
        answers[i] = answer;
        if (i % 3 === 2 && answer.status === 200 && ++victimAcknowledged === KILL_AFTER) midLoad();
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, sender));
    // Should the load end first, the assertions below say what happened.
    await Promise.race([reachedMidLoad, load]);
    victim.cli.child.kill('SIGKILL');
    await load;
    const acknowledged = answers
      .filter((r) => r.status === 200)
      .map((r) => (JSON.parse(r.body) as { data: { confirmation_code: string } }).data.confirmation_code);
    assert.ok(acknowledged.length >= 60, `most bookings went through the two survivors (${acknowledged.length})`);
    assert.ok(
      answers.some((r) => r.status === 0),
      'some requests met the killed process',
    );
    const stored = await db.db
      .selectFrom('bookings')
      .select('confirmation_code')
      .where('confirmation_code', 'in', acknowledged)
      .execute();
    assert.equal(stored.length, acknowledged.length, 'every acknowledged booking is in the store');
    procs.pop();
  });

  test('SIGTERM drains the requests in flight and exits 0 within SHUTDOWN_TIMEOUT_SECONDS', async () => {
    assert.ok(db !== null);
    const a = await makeAccommodation(db.db);
    const p = procs[1] as ServeProcess;
    const incoming = () =>
      p.cli
        .stdout()
        .split('\n')
        .filter((l) => l.includes('"msg":"incoming request"') && l.includes('/availability')).length;
    const seenBefore = incoming();
    const inFlight = Array.from({ length: 20 }, () =>
      call(`${v1(p)}/availability`, { key: apiKey, body: { accommodation_id: a.id, ...futureStay(2) } }),
    );
    // Signalled once the process has taken in the first of them.
    await until('a request to reach the process', () => incoming() > seenBefore);
    p.cli.child.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    // Exit 0: the drain ended before the limit (10 s by default), which would have exited 1.
    assert.deepEqual(await p.cli.exited(), { code: 0, signal: null });
    // Requests that reached the process before it stopped listening were answered in full.
    assert.ok(
      answers.every((r) => r.status === 200 || r.status === 0 || r.status === 503),
      answers.map((r) => r.status).join(','),
    );
    assert.ok(answers.some((r) => r.status === 200));
  });
});

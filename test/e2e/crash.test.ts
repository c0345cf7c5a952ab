import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { addDays } from '../../src/shared/dates.ts';
import { createCliStore, type CliStore } from '../support/cli.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { call, startServe, type Answer, type ServeProcess } from '../support/serve-cluster.ts';
import { testStoreKind } from '../support/test-store.ts';
import { testTimeout } from '../support/timeouts.ts';

/**
 * `staydesk serve` killed with SIGKILL while bookings pour in. On the embedded store bookings
 * that arrive together share one commit (src/db/group-commit.ts): none may be answered before
 * that commit is on disk, and none may be left half-written by the kill.
 */

let s: CliStore | undefined;
let server: ServeProcess | undefined;
after(async () => {
  server?.cli.kill();
  await s?.cleanup();
});

test(
  `SIGKILL under booking load loses no acknowledged booking and leaves none half-written (${testStoreKind})`,
  { timeout: testTimeout(120_000) },
  async () => {
    s = await createCliStore();
    const setup = s.open();
    await migrateToLatest(setup.db);
    const a = await makeAccommodation(setup.db);
    const { key } = await createApiKey(setup.db, { name: 'crash', scope: 'api' });
    await setup.destroy();

    server = await startServe(s.env, s.dir);
    const url = `${server.url}/api/v1/staydesk/bookings`;
    const first = futureStay(1, 700).checkin;
    // A first booking compiles the route's validator and serializer, so the load meets a warm process.
    const warm = futureStay(2, 600);
    assert.equal(
      (await call(url, { key, body: bookingBody(a.id, warm, { booking: { total_amount: 275 } }) })).status,
      200,
    );
    // Two bookings of every stay, so batches also hold refused ones. Eight senders keep eight
    // requests in flight until the list is done; the kill comes once KILL_AFTER bookings have been
    // acknowledged, so it lands in the middle of the load whatever the machine's pace.
    const TOTAL = 240;
    const SENDERS = 8;
    const KILL_AFTER = 40;
    const answers: Answer[] = [];
    let next = 0;
    let acknowledgedSoFar = 0;
    let midLoad = (): void => undefined;
    const reachedMidLoad = new Promise<void>((resolve) => {
      midLoad = resolve;
    });
    const sender = async () => {
      while (next < TOTAL) {
        const i = next++;
        const checkin = addDays(first, 3 * Math.floor(i / 2));
        const stay = { checkin, checkout: addDays(checkin, 2) };
        const answer = await call(url, {
          key,
          body: bookingBody(a.id, stay, {
            partner: { email: `crash${i}@example.com` },
            booking: { total_amount: 275 },
          }),
        });
        answers[i] = answer;
        if (answer.status === 200 && ++acknowledgedSoFar === KILL_AFTER) midLoad();
      }
    };
    const load = Promise.all(Array.from({ length: SENDERS }, sender));
    // Should the load end before KILL_AFTER acknowledgements, the assertions below say so.
    await Promise.race([reachedMidLoad, load]);
    server.cli.child.kill('SIGKILL');
    await load;
    await server.cli.exited();

    const acknowledged = answers
      .filter((r) => r.status === 200)
      .map((r) => (JSON.parse(r.body) as { data: { booking_id: number } }).data.booking_id);
    assert.ok(
      acknowledged.length > 0,
      `some bookings were answered before the kill: ${answers
        .slice(0, 3)
        .map((r) => `${r.status} ${r.body}`)
        .join(' | ')}`,
    );
    assert.ok(
      answers.some((r) => r.status === 0),
      'some requests met the killed process',
    );
    for (const r of answers) assert.ok([0, 200, 409].includes(r.status), `${r.status}: ${r.body}`);

    const after = s.open();
    try {
      const stored = await after.db
        .selectFrom('bookings')
        .select(['id', 'nights'])
        .where('accommodation_id', '=', a.id)
        .execute();
      const storedIds = new Set(stored.map((b) => b.id));
      for (const id of acknowledged) assert.ok(storedIds.has(id), `acknowledged booking ${id} is in the store`);
      // Whatever was stored, acknowledged or not, is whole: its nights, its mail and its history.
      for (const booking of stored) {
        const claims = await after.db
          .selectFrom('night_claims')
          .select('night')
          .where('booking_id', '=', booking.id)
          .execute();
        const mails = await after.db.selectFrom('outbox').select('id').where('booking_id', '=', booking.id).execute();
        const events = await after.db
          .selectFrom('booking_events')
          .select('id')
          .where('booking_id', '=', booking.id)
          .execute();
        assert.deepEqual(
          [claims.length, mails.length, events.length],
          [booking.nights, 1, 1],
          `booking ${booking.id} is whole`,
        );
      }
    } finally {
      await after.destroy();
    }
  },
);

// PostgreSQL only: run by `npm run test:pg`, which sets TEST_DATABASE_URL (not part of `npm test`).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Store } from '../../src/db/store.ts';
import { createCliStore, runCli, type CliStore } from '../support/cli.ts';
import { bookingBody, futureStay, makeAccommodation, outboxFor } from '../support/factories.ts';
import { LIMITS_OFF } from '../support/limits-off.ts';
import { startPgProxy, type PgProxy } from '../support/pg-proxy.ts';
import { call, startServe, type ServeProcess } from '../support/serve-cluster.ts';
import { testStoreKind } from '../support/test-store.ts';
import { testTimeout } from '../support/timeouts.ts';

// A real `staydesk serve` whose connection to PostgreSQL is cut during a booking's COMMIT (a proxy
// between them drops it after the server committed, or before the server saw the COMMIT): the
// caller over HTTP gets the 200 the booking would have had, exactly one booking is stored, and
// its guest has exactly one confirmation mail queued. The same fault in one process, and the
// answers when the database stays away, are test/pg/unknown-outcome.test.ts.

let store: CliStore;
let proxy: PgProxy;
let direct: Store | null = null;
let server: ServeProcess | null = null;
let key = '';
let accommodationId = 0;

before(async () => {
  assert.equal(testStoreKind, 'postgres', 'test/pg runs only under npm run test:pg (TEST_DATABASE_URL set)');
  store = await createCliStore();
  assert.equal((await runCli(['migrate'], store.env, { cwd: store.dir })).code, 0);
  key = (await runCli(['apikey', 'create', '--name', 'commit-cut'], store.env, { cwd: store.dir })).lastLine;
  direct = store.open();
  accommodationId = (await makeAccommodation(direct.db)).id;
  const target = new URL(store.env.DATABASE_URL ?? '');
  proxy = await startPgProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(store.env.DATABASE_URL ?? '');
  viaProxy.host = proxy.host;
  server = await startServe(
    { ...store.env, ...LIMITS_OFF, DATABASE_URL: viaProxy.toString(), ICAL_SYNC_INTERVAL_SECONDS: '0' },
    store.dir,
  );
});
after(async () => {
  server?.cli.kill();
  await direct?.destroy();
  await proxy.close();
  await store.cleanup();
});

for (const when of ['answer', 'request'] as const) {
  test(
    `a real process whose COMMIT is cut (${when === 'answer' ? 'after the server committed' : 'before the server saw it'}) answers 200 with the one booking and one mail`,
    { timeout: testTimeout(60_000) },
    async () => {
      assert.ok(server !== null && direct !== null);
      const email = `cut-${when}-${process.pid}@example.com`;
      const cut = proxy.cutOn('commit', when, { after: email });
      const res = await call(`${server.url}/api/v1/staydesk/bookings`, {
        key,
        body: bookingBody(accommodationId, futureStay(2), {
          booking: { total_amount: 275, idempotency_key: `cut-${when}` },
          partner: { email },
        }),
      });
      await cut;
      assert.equal(res.status, 200, res.body);
      const bookingId = (JSON.parse(res.body) as { data: { booking_id: number } }).data.booking_id;
      const stored = await direct.db
        .selectFrom('bookings')
        .innerJoin('guests', 'guests.id', 'bookings.guest_id')
        .select('bookings.id')
        .where('guests.email', '=', email)
        .execute();
      assert.deepEqual(
        stored.map((r) => r.id),
        [bookingId],
      );
      const mails = await outboxFor(direct.db, bookingId);
      assert.equal(mails.length, 1, JSON.stringify(mails.map((m) => m.template)));
      assert.ok(!server.cli.stdout().includes('"level":50'), server.cli.stdout());
    },
  );
}

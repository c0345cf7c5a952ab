// PostgreSQL only: run by `npm run test:pg`, which sets TEST_DATABASE_URL (not part of `npm test`).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { addDays } from '../../src/shared/dates.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { waitingOnLocks } from '../support/lock-waits.ts';
import { until } from '../support/until.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A booking claims its nights in one statement, in date order. Another transaction that frees
 * a later night and then claims an earlier one (as a block change or a webhook does) can wait
 * on the booking while the booking waits on it. PostgreSQL breaks the deadlock by aborting one
 * of them; a booking it aborts runs again, so the caller gets an answer about the nights, never
 * a 500.
 */

let t: TestApp;
let other: pg.Client;
before(async () => {
  t = await createTestApp();
  if (t.config.store.kind !== 'postgres') throw new Error('test/pg runs on PostgreSQL: set TEST_DATABASE_URL');
  other = new pg.Client({ connectionString: t.config.store.url });
  await other.connect();
});
after(async () => {
  await other.end();
  await t.close();
});

test('a booking that deadlocks with another transaction is written again, and answers about the nights', async () => {
  const accommodation = await makeAccommodation(t.ctx.db);
  const stay = futureStay(2);
  const [first, second] = [stay.checkin, addDays(stay.checkin, 1)];
  const now = new Date().toISOString();
  const claim = `insert into night_claims (accommodation_id, night, kind, booking_id, external_reservation_id, reason, created_at) values ($1, $2, 'block', null, null, 'maintenance', $3)`;
  await other.query(claim, [accommodation.id, second, now]);
  const deadlocksBefore = await other.query<{ deadlocks: string }>(
    'select deadlocks from pg_stat_database where datname = current_database()',
  );

  // The other transaction frees the second night, and holds it.
  await other.query('begin');
  await other.query('delete from night_claims where accommodation_id = $1 and night = $2', [accommodation.id, second]);
  // The booking claims the first night, then waits for the second.
  const booking = t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(accommodation.id, stay, { booking: { expected_amount: 275 } }),
  });
  await until('the booking to wait on a lock', async () => (await waitingOnLocks(other)) > 0, 10);
  assert.equal(await waitingOnLocks(other), 1, 'the booking waits for the second night');
  // Now the other transaction claims the first night: each waits for the other.
  const otherClaim = await other.query(claim, [accommodation.id, first, now]).then(
    () => 'claimed',
    (error: unknown) => String((error as { code?: unknown }).code),
  );
  await other.query(otherClaim === 'claimed' ? 'commit' : 'rollback');
  const res = await booking;

  const deadlocksAfter = await other.query<{ deadlocks: string }>(
    'select deadlocks from pg_stat_database where datname = current_database()',
  );
  assert.ok(
    Number(deadlocksAfter.rows[0]?.deadlocks) > Number(deadlocksBefore.rows[0]?.deadlocks),
    'PostgreSQL saw a deadlock',
  );
  // Whichever side PostgreSQL aborted, the first or the second night is blocked when the booking is written again.
  assert.equal(res.statusCode, 409, res.body);
  const details = res.json<{ error: { details: { reason: string; conflicting_night: string } } }>().error.details;
  assert.equal(details.reason, 'dates_unavailable');
  assert.equal(details.conflicting_night, otherClaim === 'claimed' ? first : second);
  const bookings = await t.ctx.db
    .selectFrom('bookings')
    .select('id')
    .where('accommodation_id', '=', accommodation.id)
    .execute();
  assert.deepEqual(bookings, []);
});

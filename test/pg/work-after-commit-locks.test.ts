// PostgreSQL only: run by `npm run test:pg`, which sets TEST_DATABASE_URL (not part of `npm test`).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { followUpAllQueued } from '../../src/bookings/confirmed-follow-up.ts';
import { planAllQueued } from '../../src/tasks/new-stay-turnovers.ts';
import { makeAccommodation } from '../support/factories.ts';
import { waitingOnLocks } from '../support/lock-waits.ts';
import { until } from '../support/until.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The work a booking leaves queued for after its commit (a turnover planning, a follow-up) holds
 * the queued bookings before it takes the lock it then needs (the home's, the invoice series'):
 * a change to a booking locks them the same way round, so the two never wait on each other in a
 * cycle. Here another transaction holds a queued booking: the work waits for it, and meanwhile
 * leaves the home and the series free.
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

/** Whether `statement` (a row lock with NOWAIT) gets its lock at once; the lock is kept until commit. */
async function lockedAtOnce(statement: string, values: unknown[]): Promise<boolean> {
  await other.query('savepoint probe');
  try {
    await other.query(statement, values);
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code !== '55P03') throw error;
    await other.query('rollback to savepoint probe');
    return false;
  }
}

async function book(): Promise<{ bookingId: number; homeId: number }> {
  const home = await makeAccommodation(t.ctx.db);
  return { bookingId: await t.book(home.id), homeId: home.id };
}

test('a turnover planning waits for a queued booking held elsewhere, before it locks the home', async () => {
  const { bookingId, homeId } = await book();
  const booking = await t.ctx.db
    .selectFrom('bookings')
    .selectAll()
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('turnovers_to_plan')
    .values({ accommodation_id: homeId, booking_id: bookingId, start_on: booking.checkin, end_on: booking.checkout })
    .execute();

  await other.query('begin');
  await other.query('select id from bookings where id = $1 for update', [bookingId]);
  const planning = planAllQueued(t.ctx);
  await until('the planning to wait on the booking', async () => (await waitingOnLocks(other)) > 0);
  assert.equal(
    await lockedAtOnce('select id from accommodations where id = $1 for no key update nowait', [homeId]),
    true,
    'the home is free while the planning waits for the booking',
  );
  await other.query('commit');
  assert.equal(await planning, 1);
  const queued = await t.ctx.db
    .selectFrom('turnovers_to_plan')
    .select('id')
    .where('accommodation_id', '=', homeId)
    .execute();
  assert.deepEqual(queued, []);
});

test('a follow-up waits for a queued booking held elsewhere, before it takes the invoice series', async () => {
  const { bookingId } = await book();
  await t.ctx.db.insertInto('bookings_to_follow_up').values({ booking_id: bookingId }).execute();

  await other.query('begin');
  await other.query('select id from bookings where id = $1 for update', [bookingId]);
  const followUp = followUpAllQueued(t.ctx);
  await until('the follow-up to wait on the booking', async () => (await waitingOnLocks(other)) > 0);
  assert.equal(
    await lockedAtOnce('select series from document_series for update nowait', []),
    true,
    'the series is free while the follow-up waits for the booking',
  );
  await other.query('commit');
  assert.equal(await followUp, true);
  const queued = await t.ctx.db.selectFrom('bookings_to_follow_up').select('booking_id').execute();
  assert.deepEqual(queued, []);
});

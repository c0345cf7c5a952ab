import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { followUpAllQueued } from '../../src/bookings/confirmed-follow-up.ts';
import { todayIn } from '../../src/shared/dates.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { waitingOnLocks } from '../support/lock-waits.ts';
import { until } from '../support/until.ts';

// A booking confirmed as it is made has its invoice issued and its guest messages scheduled right
// after its commit, before its answer (src/bookings/confirmed-follow-up.ts); what a crash leaves
// queued, the follow-up-bookings job does, once. Its turnover planning runs at the same time.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

const numbersOf = async (bookingId: number) =>
  (
    await t.ctx.db
      .selectFrom('documents')
      .select(['number', 'kind'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute()
  ).map((d) => `${d.kind} ${d.number}`);

const scheduledFor = async (bookingId: number) =>
  (await t.ctx.db.selectFrom('scheduled_messages').select('rule_id').where('booking_id', '=', bookingId).execute())
    .length;

test(`an invoice and messages left queued by a crash are done by the job, and never twice (${testStoreKind})`, async () => {
  const template = await t.admin('POST', '/admin/api/message-templates', {
    name: 'Welcome',
    subject: { en: 'Welcome' },
    body: { en: 'See you soon.' },
  });
  assert.equal(template.statusCode, 201, template.body);
  const rule = await t.admin('POST', '/admin/api/message-rules', {
    name: 'Welcome',
    template_id: template.json<{ data: { id: number } }>().data.id,
    trigger: { event: 'before_checkin', offset_days: 1, at: '10:00' },
  });
  assert.equal(rule.statusCode, 201, rule.body);
  const home = await makeAccommodation(t.ctx.db);
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(home.id, futureStay(2), { booking: { expected_amount: 275 } }),
  });
  assert.equal(res.statusCode, 200, res.body);
  const id = res.json<{ data: { booking_id: number } }>().data.booking_id;
  const year = todayIn('UTC').slice(0, 4);
  assert.deepEqual(await numbersOf(id), [`invoice INV-${year}-0001`], 'issued before the answer');
  assert.equal(await scheduledFor(id), 1, 'its message scheduled before the answer');
  const queued = () => t.ctx.db.selectFrom('bookings_to_follow_up').select('booking_id').execute();
  assert.deepEqual(await queued(), []);

  // As a crash right after the booking's commit leaves it: queued, no invoice, the number not
  // taken, no message.
  await t.ctx.db.deleteFrom('documents').where('booking_id', '=', id).execute();
  await t.ctx.db.deleteFrom('scheduled_messages').where('booking_id', '=', id).execute();
  await t.ctx.db.updateTable('document_series').set({ last_number: 0 }).execute();
  await t.ctx.db.insertInto('bookings_to_follow_up').values({ booking_id: id }).execute();
  assert.equal(await followUpAllQueued(t.ctx), true);
  assert.deepEqual(await numbersOf(id), [`invoice INV-${year}-0001`]);
  assert.equal(await scheduledFor(id), 1);
  assert.deepEqual(await queued(), []);
  assert.equal(await followUpAllQueued(t.ctx), false, 'nothing left');

  // Queued again after its invoice was issued (by a change that issued it first): nothing more.
  await t.ctx.db.insertInto('bookings_to_follow_up').values({ booking_id: id }).execute();
  assert.equal(await followUpAllQueued(t.ctx), true);
  assert.deepEqual(await numbersOf(id), [`invoice INV-${year}-0001`]);
  assert.equal(await scheduledFor(id), 1);
});

test(`a booking's follow-up and its turnover planning run at the same time (${testStoreKind})`, async () => {
  const home = await makeAccommodation(t.ctx.db);
  const book = () =>
    t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(home.id, futureStay(2), { booking: { expected_amount: 275 } }),
    });
  const tasksOfHome = async () =>
    (await t.ctx.db.selectFrom('tasks').select('id').where('accommodation_id', '=', home.id).execute()).length;
  // The first booking makes the invoice series, so that there is a row to hold below.
  const first = await book();
  assert.equal(first.statusCode, 200, first.body);
  assert.equal(await tasksOfHome(), 1);

  if (t.config.store.kind !== 'postgres') {
    // The embedded store: the two runs go in one commit after the booking's own.
    const before = { ...t.ctx.store.groupStats };
    assert.equal((await book()).statusCode, 200);
    assert.deepEqual(
      { batches: t.ctx.store.groupStats.batches - before.batches, units: t.ctx.store.groupStats.units - before.units },
      { batches: 2, units: 3 },
      'the booking, then its follow-up and planning together',
    );
    assert.equal(await tasksOfHome(), 2);
    return;
  }
  // PostgreSQL: while another transaction holds the invoice series, the follow-up waits for it,
  // and the planning is done meanwhile; the booking answers once both are.
  const other = new pg.Client({ connectionString: t.config.store.url });
  await other.connect();
  let answered = false;
  let second: ReturnType<typeof book> | undefined;
  try {
    await other.query('begin');
    await other.query('select series from document_series for update');
    second = book().finally(() => {
      answered = true;
    });
    await until('the turnover planned while the series is held', async () => (await tasksOfHome()) === 2);
    // The follow-up runs its reads first: it may reach the series' lock after the planning ended.
    await until('the follow-up waiting for the series', async () => (await waitingOnLocks(other)) === 1);
    assert.equal(answered, false, 'the booking answers after its follow-up');
  } finally {
    await other.query('commit');
    await other.end();
  }
  assert.equal((await second).statusCode, 200);
});

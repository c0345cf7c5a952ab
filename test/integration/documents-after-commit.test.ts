import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { issueAllQueued } from '../../src/invoices/issue-queued-documents.ts';
import { todayIn } from '../../src/shared/dates.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// A booking confirmed as it is made has its invoice issued right after its commit, before its
// answer (src/invoices/issue-queued-documents.ts); what a crash leaves queued, the issue-documents
// job issues, once.

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

test(`an invoice left queued by a crash is issued by the job, and never twice (${testStoreKind})`, async () => {
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
  const queued = () => t.ctx.db.selectFrom('documents_to_issue').select('booking_id').execute();
  assert.deepEqual(await queued(), []);

  // As a crash right after the booking's commit leaves it: queued, no invoice, the number not taken.
  await t.ctx.db.deleteFrom('documents').where('booking_id', '=', id).execute();
  await t.ctx.db.updateTable('document_series').set({ last_number: 0 }).execute();
  await t.ctx.db.insertInto('documents_to_issue').values({ booking_id: id }).execute();
  assert.equal(await issueAllQueued(t.ctx), true);
  assert.deepEqual(await numbersOf(id), [`invoice INV-${year}-0001`]);
  assert.deepEqual(await queued(), []);
  assert.equal(await issueAllQueued(t.ctx), false, 'nothing left');

  // Queued again after its invoice was issued (by a change that issued it first): nothing more.
  await t.ctx.db.insertInto('documents_to_issue').values({ booking_id: id }).execute();
  assert.equal(await issueAllQueued(t.ctx), true);
  assert.deepEqual(await numbersOf(id), [`invoice INV-${year}-0001`]);
});

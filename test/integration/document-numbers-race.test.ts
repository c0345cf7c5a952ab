import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { todayIn } from '../../src/shared/dates.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { concurrency } from '../support/test-store.ts';

// docs/money.md#invoices-and-credit-notes: one gapless series, whatever the concurrency. Real HTTP
// requests on a listening server, at once: on PostgreSQL concurrent transactions on a pool that
// queue on the series row; on the embedded store bookings of one turn share a commit, each in its
// own savepoint.

let t: TestApp;
let base: string;
before(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
after(async () => {
  await t.close();
});

async function post(path: string, key: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

const bookingOf = (accommodationId: number) =>
  post(
    `${t.v1}/bookings`,
    t.apiKey,
    bookingBody(accommodationId, futureStay(2), { booking: { expected_amount: 275 } }),
  );

test(`confirmations and cancellations at once number documents with no gap and no repeat (${concurrency})`, async () => {
  const homes = await Promise.all(Array.from({ length: 4 }, () => makeAccommodation(t.ctx.db)));
  const first = await Promise.all(Array.from({ length: 12 }, (_, i) => bookingOf(homes[i % 4]?.id ?? 0)));
  const firstIds = first.map((r) => {
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return (r.json as { data: { booking_id: number } }).data.booking_id;
  });
  // 40 new bookings and 12 cancellations (a credit note each), all sent together.
  const results = await Promise.all([
    ...Array.from({ length: 40 }, (_, i) => bookingOf(homes[i % 4]?.id ?? 0)),
    ...firstIds.map((id) => post(`/admin/api/bookings/${id}/cancel`, t.adminKey, {})),
  ]);
  for (const r of results) assert.equal(r.status, 200, JSON.stringify(r.json));

  const docs = await t.ctx.db.selectFrom('documents').select(['number', 'kind', 'booking_id']).orderBy('id').execute();
  assert.equal(docs.filter((d) => d.kind === 'invoice').length, 52);
  assert.equal(docs.filter((d) => d.kind === 'credit_note').length, 12);
  const year = todayIn('UTC').slice(0, 4);
  const counters = docs.map((d) => {
    const match = new RegExp(`^INV-${year}-(\\d{4})$`).exec(d.number);
    assert.ok(match !== null, d.number);
    return Number(match[1]);
  });
  assert.deepEqual(
    [...counters].sort((a, b) => a - b),
    Array.from({ length: 64 }, (_, i) => i + 1),
    'every number from 1 to 64 exactly once',
  );
  const series = await t.ctx.db.selectFrom('document_series').selectAll().execute();
  assert.deepEqual(
    series.map((s) => ({ ...s })),
    [{ series: `INV-${year}-`, last_number: 64 }],
  );
});

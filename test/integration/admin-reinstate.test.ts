import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Accommodation } from '../../src/db/schema.ts';
import { quoteStay } from '../../src/pricing/quote-stay.ts';
import { addDays } from '../../src/shared/dates.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import {
  bookingBody,
  bookingById,
  claimedNights,
  futureStay,
  insertBooking,
  makeAccommodation,
  outboxFor,
} from '../support/factories.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// POST /admin/api/bookings/:id/reinstate, the admin API's undo of a cancellation (the lifecycle's
// reinstate-booking.ts, as the console's), on the store TEST_DATABASE_URL selects.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

interface Detail {
  id: number;
  status: string;
  cancellation_reason?: string | null;
  events: { event: string; actor: { kind: string; ref: string | null } }[];
}

const url = (id: number) => `/admin/api/bookings/${id}/reinstate`;

async function cancel(id: number): Promise<void> {
  const res = await t.admin('POST', `/admin/api/bookings/${id}/cancel`, { reason: 'guest asked' });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(await claimedNights(t.ctx.db, id), []);
}

async function v1Booking(a: Accommodation, stay: { checkin: string; checkout: string }) {
  const quote = await quoteStay(t.ctx.db, a, { ...stay, guests: 2, extras: {} });
  return t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(a.id, stay, { booking: { expected_amount: quote.total / 100 } }),
  });
}

function reasonOf(res: { json: () => unknown }): string {
  return (res.json() as { error: { details: { reason: string } } }).error.details.reason;
}

describe(`undoing a cancellation in the admin API (${testStoreKind})`, () => {
  test('confirmed again with its nights, the guest mailed, the history naming the key', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const b = await insertBooking(t.ctx.db, a, futureStay(3));
    await cancel(b.id);

    const res = await t.admin('POST', url(b.id), {});
    assert.equal(res.statusCode, 200, res.body);
    assertMatchesOpenApi(t.app, 'POST', url(b.id), res);
    const data = res.json<{ data: Detail }>().data;
    assert.equal(data.status, 'confirmed');
    const last = data.events.at(-1);
    assert.equal(last?.event, 'reinstated');
    assert.equal(last?.actor.kind, 'host');
    assert.match(last?.actor.ref ?? '', /^\d+$/, 'the admin key acting');
    assert.equal((await claimedNights(t.ctx.db, b.id)).length, 3);
    const row = await bookingById(t.ctx.db, b.id);
    assert.deepEqual(
      { status: row.status, cancel_reason: row.cancel_reason },
      { status: 'confirmed', cancel_reason: null },
    );
    assert.deepEqual(
      (await outboxFor(t.ctx.db, b.id)).map((m) => m.template),
      ['booking_cancellation', 'booking_confirmation'],
    );

    const twice = await t.admin('POST', url(b.id), {});
    assertErrorEnvelope(twice, 409, 'CONFLICT');
    assertMatchesOpenApi(t.app, 'POST', url(b.id), twice);
    assert.equal(reasonOf(twice), 'booking_not_cancelled');
  });

  test('nights taken meanwhile: 409 dates_unavailable, and the booking stays cancelled', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3);
    const b = await insertBooking(t.ctx.db, a, stay);
    await cancel(b.id);
    const other = await v1Booking(a, { checkin: addDays(stay.checkin, 2), checkout: addDays(stay.checkout, 2) });
    assert.equal(other.statusCode, 200, other.body);

    const refused = await t.admin('POST', url(b.id), {});
    assertErrorEnvelope(refused, 409, 'CONFLICT');
    assertMatchesOpenApi(t.app, 'POST', url(b.id), refused);
    assert.equal(reasonOf(refused), 'dates_unavailable');
    assert.equal((await bookingById(t.ctx.db, b.id)).status, 'cancelled');
    assert.deepEqual(await claimedNights(t.ctx.db, b.id), []);
    assert.deepEqual(
      (await outboxFor(t.ctx.db, b.id)).map((m) => m.template),
      ['booking_cancellation'],
      'no confirmation mailed',
    );
  });

  test('a draft never paid, an unknown booking and a body with a stray field are refused', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const draft = await insertBooking(t.ctx.db, a, { ...futureStay(2), status: 'draft' });
    await cancel(draft.id);
    const never = await t.admin('POST', url(draft.id), {});
    assertErrorEnvelope(never, 409, 'CONFLICT');
    assert.equal(reasonOf(never), 'never_confirmed');

    const unknown = await t.admin('POST', url(999999), {});
    assertErrorEnvelope(unknown, 404, 'NOT_FOUND');
    assert.equal(reasonOf(unknown), 'booking_not_found');

    const stray = await t.admin('POST', url(draft.id), { notify: true });
    assertErrorEnvelope(stray, 400, 'BAD_REQUEST');
    assert.equal(reasonOf(stray), 'unknown_parameter');
  });

  test('undo racing a v1 booking for the same nights: exactly one of them gets them', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await makeAccommodation(t.ctx.db);
      const stay = futureStay(2);
      const b = await insertBooking(t.ctx.db, a, stay);
      await cancel(b.id);
      const [undo, booked] = await Promise.all([t.admin('POST', url(b.id), {}), v1Booking(a, stay)]);
      const undoWon = undo.statusCode === 200;
      const v1Won = booked.statusCode === 200;
      assert.ok(undoWon !== v1Won, `round ${round}: one wins (undo ${undo.statusCode}, v1 ${booked.statusCode})`);
      const loser = undoWon ? booked : undo;
      assertErrorEnvelope(loser, 409, 'CONFLICT');
      assert.equal(reasonOf(loser), 'dates_unavailable');
      const holders = await t.ctx.db
        .selectFrom('night_claims')
        .select('booking_id')
        .where('accommodation_id', '=', a.id)
        .execute();
      assert.equal(holders.length, 2, 'each night has one holder');
      assert.equal(new Set(holders.map((h) => h.booking_id)).size, 1, 'the same winner for both');
    }
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Accommodation } from '../../src/db/schema.ts';
import { quoteStay } from '../../src/pricing/quote-stay.ts';
import { signIn, type ConsoleClient } from '../support/console-client.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { bookingBody, claimedNights, futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Deleting an accommodation that has bookings archives it (docs/decisions.md, "Archived
// accommodations"), on the store TEST_DATABASE_URL selects: through the admin API and the
// console, out of the lists, refusing new bookings from v1 and by hand, while its bookings keep
// working.

let t: TestApp;
let host: ConsoleClient;
before(async () => {
  t = await createTestApp();
  host = await signIn(t);
});
after(async () => {
  await t.close();
});

const BASE = '/admin/api/accommodations';

interface Listed {
  id: number;
  archived_at: string | null;
}

async function listedIds(query = ''): Promise<number[]> {
  const res = await t.admin('GET', `${BASE}${query}`);
  assert.equal(res.statusCode, 200, res.body);
  assertMatchesOpenApi(t.app, 'GET', BASE, res);
  return res.json<{ data: Listed[] }>().data.map((a) => a.id);
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

async function removeByApi(id: number) {
  const res = await t.admin('DELETE', `${BASE}/${id}`);
  assert.equal(res.statusCode, 200, res.body);
  assertMatchesOpenApi(t.app, 'DELETE', `${BASE}/${id}`, res);
  return res.json<{ data: { id: number; deleted: boolean; archived: boolean } }>().data;
}

describe(`archived accommodations (${testStoreKind})`, () => {
  test('DELETE deletes one without bookings, and archives one with bookings (cancelled ones count)', async () => {
    const empty = await makeAccommodation(t.ctx.db);
    assert.deepEqual(await removeByApi(empty.id), { id: empty.id, deleted: true, archived: false });
    assertErrorEnvelope(await t.admin('GET', `${BASE}/${empty.id}`), 404, 'NOT_FOUND');

    const busy = await makeAccommodation(t.ctx.db);
    await insertBooking(t.ctx.db, busy, { ...futureStay(2), status: 'cancelled' });
    assert.deepEqual(await listedIds().then((ids) => ids.includes(busy.id)), true);
    assert.deepEqual(await removeByApi(busy.id), { id: busy.id, deleted: false, archived: true });

    const read = await t.admin('GET', `${BASE}/${busy.id}`);
    assert.equal(read.statusCode, 200, 'an archived accommodation is still read by its id');
    const archivedAt = read.json<{ data: Listed }>().data.archived_at;
    assert.ok(archivedAt !== null && !Number.isNaN(Date.parse(archivedAt)), `archived_at ${String(archivedAt)}`);
    assert.equal((await listedIds()).includes(busy.id), false, 'left out of the list');
    assert.equal((await listedIds('?include=archived')).includes(busy.id), true, 'listed when asked');
    assertErrorEnvelope(await t.admin('GET', `${BASE}?include=everything`), 400, 'BAD_REQUEST');

    // Removing it again changes nothing: it stays archived since the first time.
    assert.deepEqual(await removeByApi(busy.id), { id: busy.id, deleted: false, archived: true });
    const again = (await t.admin('GET', `${BASE}/${busy.id}`)).json<{ data: Listed }>().data;
    assert.equal(again.archived_at, archivedAt);
    assertErrorEnvelope(await t.admin('DELETE', `${BASE}/999999`), 404, 'NOT_FOUND');
  });

  test('an archived accommodation takes no new booking, from v1 or by hand; availability says why', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const kept = await v1Booking(a, futureStay(2));
    assert.equal(kept.statusCode, 200, kept.body);
    await removeByApi(a.id);
    const stay = futureStay(3);

    const v1 = await v1Booking(a, stay);
    assertErrorEnvelope(v1, 409, 'CONFLICT');
    assert.equal(reasonOf(v1), 'accommodation_archived');
    assert.match(v1.json<{ error: { message: string } }>().error.message, /archived and takes no new bookings/);

    const byHand = await t.admin('POST', '/admin/api/bookings', {
      accommodation_id: a.id,
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
      adults_count: 2,
      guest: { first_name: 'Walk', last_name: 'In' },
    });
    assertErrorEnvelope(byHand, 409, 'CONFLICT');
    assertMatchesOpenApi(t.app, 'POST', '/admin/api/bookings', byHand);
    assert.equal(reasonOf(byHand), 'accommodation_archived');

    const free = await t.ctx.db
      .selectFrom('night_claims')
      .select('night')
      .where('accommodation_id', '=', a.id)
      .where('night', '>=', stay.checkin)
      .where('night', '<', stay.checkout)
      .execute();
    assert.deepEqual(free, [], 'nothing was claimed');

    const availability = await t.request({
      method: 'POST',
      url: `${t.v1}/availability`,
      payload: { accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout, guest_count: 2 },
    });
    assert.equal(availability.statusCode, 200, availability.body);
    const data = availability.json<{ data: { available: boolean; nights: number; pricing: null; message: string } }>()
      .data;
    assert.equal(data.available, false);
    assert.equal(data.nights, 0);
    assert.equal(data.pricing, null);
    assert.match(data.message, /archived/);
  });

  test('its bookings keep working: read, paid, invoiced, edited, cancelled and reinstated', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const made = await v1Booking(a, futureStay(3));
    assert.equal(made.statusCode, 200, made.body);
    const id = made.json<{ data: { booking_id: number } }>().data.booking_id;
    await removeByApi(a.id);

    const v1Read = await t.request({ method: 'GET', url: `${t.v1}/bookings/${id}` });
    assert.equal(v1Read.statusCode, 200, 'the partner still reads it');
    const adminRead = await t.admin('GET', `/admin/api/bookings/${id}`);
    assert.equal(adminRead.statusCode, 200);
    const booking = adminRead.json<{ data: { total_amount: number; checkout_date: string } }>().data;

    const paid = await t.admin('POST', `/admin/api/bookings/${id}/payments`, {
      amount: booking.total_amount,
      method: 'bank_transfer',
    });
    assert.equal(paid.statusCode, 201, paid.body);
    assert.equal(paid.json<{ data: { booking: { payment: { state: string } } } }>().data.booking.payment.state, 'paid');

    const row = await t.ctx.db
      .selectFrom('bookings')
      .select('invoice_token')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const invoice = await t.request({
      method: 'GET',
      url: `/${t.config.slug}/invoices/${row.invoice_token}`,
      key: null,
    });
    assert.equal(invoice.statusCode, 200, 'the invoice still opens');
    assert.match(String(invoice.headers['content-type']), /application\/pdf/);

    const edited = await t.admin('PATCH', `/admin/api/bookings/${id}`, { internal_note: 'last stay here' });
    assert.equal(edited.statusCode, 200, edited.body);

    const cancelled = await t.admin('POST', `/admin/api/bookings/${id}/cancel`, { notify_guest: false });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.deepEqual(await claimedNights(t.ctx.db, id), []);
    const reinstated = await t.admin('POST', `/admin/api/bookings/${id}/reinstate`, {});
    assert.equal(reinstated.statusCode, 200, 'undoing its cancellation is not a new booking');
    assert.equal((await claimedNights(t.ctx.db, id)).length, 3);
  });

  test('a delete racing a booking: deleted with no booking, or archived with it; never both, never an error', async () => {
    for (let round = 0; round < 6; round++) {
      const a = await makeAccommodation(t.ctx.db);
      const stay = futureStay(2);
      // The accommodation is in the process's cache before the race, as on a busy server.
      const warm = await t.request({
        method: 'POST',
        url: `${t.v1}/availability`,
        payload: { accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout, guest_count: 2 },
      });
      assert.equal(warm.statusCode, 200, warm.body);
      const [removed, booked] = await Promise.all([t.admin('DELETE', `${BASE}/${a.id}`), v1Booking(a, stay)]);
      assert.equal(removed.statusCode, 200, removed.body);
      const answer = removed.json<{ data: { deleted: boolean; archived: boolean } }>().data;
      const rows = await t.ctx.db.selectFrom('bookings').select('id').where('accommodation_id', '=', a.id).execute();
      if (answer.deleted) {
        assert.equal(rows.length, 0, `round ${round}: deleted, so no booking landed (${booked.statusCode})`);
        assert.notEqual(booked.statusCode, 200);
        assert.equal(booked.statusCode, 404, `round ${round}: ${booked.body}`);
      } else {
        assert.equal(answer.archived, true);
        assert.equal(booked.statusCode, 200, `round ${round}: archived because the booking landed: ${booked.body}`);
        assert.equal(rows.length, 1);
      }
    }
  });

  test('the console: the confirmation says delete or archive; archived ones leave the lists and the forms', async () => {
    const empty = await makeAccommodation(t.ctx.db, { name: 'Quiet Shed' });
    const emptyConfirm = await host.get(`/admin/confirm?action=delete-accommodation&id=${empty.id}`);
    assert.match(emptyConfirm.body, /<h1>Delete Quiet Shed\?<\/h1>/);
    assert.match(emptyConfirm.body, /has no bookings: it will be deleted/);

    const busy = await makeAccommodation(t.ctx.db, { name: 'Old Mill' });
    const stay = futureStay(2);
    await insertBooking(t.ctx.db, busy, stay);
    const page = await host.get(`/admin/accommodations/${busy.id}`);
    assert.match(page.body, /<h2>Archive<\/h2>/);
    assert.doesNotMatch(page.body, /<h2>Delete<\/h2>/);
    const confirm = await host.get(`/admin/confirm?action=delete-accommodation&id=${busy.id}`);
    assert.match(confirm.body, /<h1>Archive Old Mill\?<\/h1>/);
    assert.match(confirm.body, /it will be archived/);
    assert.match(confirm.body, /<button[^>]*>Archive Old Mill<\/button>/);

    const archived = await host.post(`/admin/accommodations/${busy.id}/delete`, {});
    assert.equal(archived.headers.location, '/admin/accommodations?done=archived');
    const list = await host.follow(archived);
    assert.match(list.body, /role="status">The accommodation is archived/);
    const [table, folded] = list.body.split('<details class="archived">');
    assert.ok(folded !== undefined && table !== undefined, 'an Archived section');
    assert.doesNotMatch(table, /Old Mill/, 'not in the list');
    assert.match(folded, new RegExp(`<a href="/admin/accommodations/${busy.id}">Old Mill</a>`));

    const detail = await host.get(`/admin/accommodations/${busy.id}`);
    assert.equal(detail.statusCode, 200);
    assert.match(detail.body, /Archived on [^<]+?: it is listed\s+nowhere and takes no new booking/);
    const gone = await host.get(`/admin/confirm?action=delete-accommodation&id=${busy.id}`);
    assert.match(gone.body, /nothing to confirm here/);

    const form = await host.get('/admin/bookings/new');
    assert.doesNotMatch(form.body, /Old Mill/, 'not offered for a new booking');
    const later = futureStay(2, 30);
    const refused = await host.post('/admin/bookings/new', {
      accommodation_id: String(busy.id),
      checkin_date: later.checkin,
      checkout_date: later.checkout,
      adults_count: '2',
      guest_first_name: 'Walk',
      guest_last_name: 'In',
    });
    assert.equal(refused.statusCode, 409);
    assert.match(refused.body, /is archived and takes no new bookings/);

    const bookings = await host.get(`/admin/bookings?accommodation=${busy.id}`);
    assert.match(bookings.body, /Old Mill \(archived\)/, 'its bookings can still be filtered');
    const [, calendarMonth] = /^(\d{4}-\d{2})/.exec(stay.checkin) ?? [];
    const calendar = await host.get(`/admin/calendar?month=${calendarMonth ?? ''}`);
    assert.match(calendar.body, /Old Mill/, 'shown in a month where it still holds nights');
    assert.doesNotMatch((await host.get('/admin/calendar')).body, /Old Mill/, 'and only there');
  });
});

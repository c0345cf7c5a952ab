import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { importAlloggiatiTables } from '../../src/authorities/import-alloggiati-tables.ts';
import { signIn, type ConsoleClient } from '../support/console-client.ts';
import { futureStay, makeAccommodation } from '../support/factories.ts';
import { ANNA, JONAS, alloggiatiFolder, registerGuests } from '../support/registrations.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The console's side of registrations and of a guest's data (docs/registrations.md): the
// Registrations page gives the same files as the admin API, and the owner exports or erases a
// guest's data from a booking's page, the erasure after its confirmation step.

let t: TestApp;
let owner: ConsoleClient;
let folder = '';
before(async () => {
  t = await createTestApp();
  owner = await signIn(t);
  folder = alloggiatiFolder();
});
after(async () => {
  await t.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

async function book(accommodationId: number, stay: { checkin: string; checkout: string }, adults: number) {
  const res = await t.admin('POST', '/admin/api/bookings', {
    accommodation_id: accommodationId,
    checkin_date: stay.checkin,
    checkout_date: stay.checkout,
    adults_count: adults,
    guest: { first_name: 'Anna', last_name: 'Bianchi', email: `anna.${stay.checkin}.${adults}@example.com` },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: { id: number; confirmation_code: string } }>().data;
}

const adminFile = (url: string) => t.checkedRequest({ method: 'GET', url, key: t.adminKey });

describe(`console: registrations and a guest's data (${testStoreKind})`, () => {
  test('the Alloggiati file: refused without the tables, then the same file as the admin API, or every guest that blocks it', async () => {
    const home = await makeAccommodation(t.ctx.db, { name: 'Casa Verde', registration_number: 'IT037006C2VERDE' });
    await makeAccommodation(t.ctx.db, { name: 'Haus Blau', registration_number: 'DE-1' });
    const stay = futureStay(5);
    const family = await book(home.id, stay, 2);
    await registerGuests(t.ctx.db, family.id, [ANNA, JONAS]);

    const page = await owner.get('/admin/registrations');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<option value="\d+">Casa Verde<\/option>/, 'an Italian home to choose');
    assert.doesNotMatch(page.body, /Haus Blau/, 'a home elsewhere is not offered');

    const missing = await owner.get(`/admin/registrations?download=alloggiati&date=${stay.checkin}`);
    assert.equal(missing.statusCode, 409);
    assert.match(missing.body, /code tables are not loaded/);

    await importAlloggiatiTables(t.ctx.db, folder, () => undefined);
    const file = await owner.get(`/admin/registrations?download=alloggiati&date=${stay.checkin}`);
    assert.equal(file.statusCode, 200, file.body.slice(0, 500));
    assert.match(String(file.headers['content-type']), /^text\/plain; charset=utf-8/);
    assert.equal(file.headers['content-disposition'], `attachment; filename="alloggiati-${stay.checkin}.txt"`);
    assert.equal(file.body.split('\r\n').length, 2);
    assert.equal(file.body, (await adminFile(`/admin/api/registrations/alloggiati?date=${stay.checkin}`)).body);
    const one = await owner.get(
      `/admin/registrations?download=alloggiati&date=${stay.checkin}&accommodation=${home.id}`,
    );
    assert.equal(one.body, file.body);

    const later = futureStay(9);
    const unregistered = await book(home.id, later, 1);
    const blocked = await owner.get(`/admin/registrations?download=alloggiati&date=${later.checkin}`);
    assert.equal(blocked.statusCode, 409);
    assert.match(String(blocked.headers['content-type']), /text\/html/);
    assert.equal(blocked.headers['content-disposition'], undefined, 'no file');
    assert.match(blocked.body, /cannot be written yet: 1\s+problem\(s\)/);
    assert.ok(
      blocked.body.includes(`<a href="/admin/bookings/${unregistered.id}">${unregistered.confirmation_code}</a>`),
      'the booking, linked',
    );
    assert.match(blocked.body, /<td data-label="Guest">the booking<\/td>/);
    assert.match(blocked.body, /<td data-label="Problem">[^<]*check-in[^<]*<\/td>/i);

    const elsewhere = await owner.get(
      `/admin/registrations?download=alloggiati&date=${stay.checkin}&accommodation=999999`,
    );
    assert.equal(elsewhere.statusCode, 404);
  });

  test('the registrations CSV of a range, as the admin API gives it; a range the other way round is named', async () => {
    const home = await makeAccommodation(t.ctx.db, { name: 'Haus Grün', registration_number: 'DE-2' });
    const stay = futureStay(20);
    const booked = await book(home.id, stay, 1);
    await registerGuests(t.ctx.db, booked.id, [JONAS]);
    const csv = await owner.get(`/admin/registrations?download=csv&from=${stay.checkin}&to=${stay.checkout}`);
    assert.equal(csv.statusCode, 200, csv.body.slice(0, 500));
    assert.match(String(csv.headers['content-type']), /^text\/csv; charset=utf-8/);
    assert.equal(
      csv.headers['content-disposition'],
      `attachment; filename="registrations-${stay.checkin}-${stay.checkout}.csv"`,
    );
    assert.match(csv.body, /C01X00T47/);
    const api = await adminFile(`/admin/api/registrations.csv?from=${stay.checkin}&to=${stay.checkout}`);
    assert.equal(csv.body, api.body);

    const backwards = await owner.get(`/admin/registrations?download=csv&from=${stay.checkout}&to=${stay.checkin}`);
    assert.equal(backwards.statusCode, 400);
    assert.match(backwards.body, /must not be before/);
  });

  test("the owner exports a guest's data; the erasure needs its confirmation, then the booking shows it done", async () => {
    const home = await makeAccommodation(t.ctx.db, { name: 'Casa Privata' });
    const booked = await book(home.id, futureStay(30), 2);
    await registerGuests(t.ctx.db, booked.id, [ANNA, JONAS]);
    const { guest_id: guest } = await t.ctx.db
      .selectFrom('bookings')
      .select('guest_id')
      .where('id', '=', booked.id)
      .executeTakeFirstOrThrow();

    const page = await owner.get(`/admin/bookings/${booked.id}`);
    assert.match(page.body, /Export guest data/);
    assert.ok(page.body.includes(`/admin/confirm?action=erase-guest&amp;id=${booked.id}`), 'the erasure asks first');
    const manager = await signIn(t, undefined, { role: 'manager' });
    const managerPage = await manager.get(`/admin/bookings/${booked.id}`);
    assert.equal(managerPage.statusCode, 200);
    assert.doesNotMatch(managerPage.body, /Export guest data|erase-guest/, 'a manager is offered neither');

    const exported = await owner.post(`/admin/bookings/${booked.id}/guest-data/export`, { guest: String(guest) });
    assert.equal(exported.statusCode, 200, exported.body.slice(0, 300));
    assert.match(String(exported.headers['content-type']), /^application\/json/);
    assert.equal(exported.headers['content-disposition'], `attachment; filename="guest-${guest}.json"`);
    const data = exported.json<{ guest: { id: number }; bookings: { id: number }[] }>();
    assert.equal(data.guest.id, guest);
    assert.deepEqual(
      data.bookings.map((b) => b.id),
      [booked.id],
    );
    const api = await t.checkedRequest({ method: 'GET', url: `/admin/api/guests/${guest}/export`, key: t.adminKey });
    assert.deepEqual(Object.keys(data).sort(), Object.keys(api.json<{ data: object }>().data).sort());
    assert.equal(
      (await manager.post(`/admin/bookings/${booked.id}/guest-data/export`, { guest: String(guest) })).statusCode,
      403,
    );

    const confirm = await owner.get(`/admin/confirm?action=erase-guest&id=${booked.id}`);
    assert.equal(confirm.statusCode, 200);
    assert.match(confirm.body, /Erase the data of Anna Bianchi\?/);
    assert.ok(confirm.body.includes(`action="/admin/bookings/${booked.id}/guest-data/erase"`));
    assert.ok(confirm.body.includes(`name="guest" value="${guest}"`));
    assert.equal((await manager.get(`/admin/confirm?action=erase-guest&id=${booked.id}`)).statusCode, 403);
    assert.equal(
      (await manager.post(`/admin/bookings/${booked.id}/guest-data/erase`, { guest: String(guest) })).statusCode,
      403,
    );

    const wrong = await owner.post(`/admin/bookings/${booked.id}/guest-data/erase`, { guest: String(guest + 1000) });
    assert.equal(wrong.statusCode, 303);
    assert.match((await owner.follow(wrong)).body, /no longer the one the form was shown for/);
    const untouched = await t.ctx.db
      .selectFrom('guests')
      .select('erased_at')
      .where('id', '=', guest)
      .executeTakeFirstOrThrow();
    assert.equal(untouched.erased_at, null, 'nothing erased for a form of another guest');

    const erased = await owner.post(`/admin/bookings/${booked.id}/guest-data/erase`, { guest: String(guest) });
    assert.equal(erased.statusCode, 303);
    assert.equal(erased.headers.location, `/admin/bookings/${booked.id}#guest-data`);
    const after = await owner.follow(erased);
    assert.equal(after.statusCode, 200);
    assert.match(after.body, /The guest&#39;s data is erased: 1 booking\(s\) anonymised, 1 check-in\(s\) removed/);
    assert.match(after.body, /data was erased on/);
    assert.doesNotMatch(after.body, /erase-guest/, 'nothing more to erase');
    assert.match(after.body, /Erased guest/);
    const row = await t.ctx.db
      .selectFrom('guests')
      .select('erased_at')
      .where('id', '=', guest)
      .executeTakeFirstOrThrow();
    assert.notEqual(row.erased_at, null);
    const left = await t.ctx.db
      .selectFrom('registration_guests')
      .select('id')
      .where('booking_id', '=', booked.id)
      .execute();
    assert.equal(left.length, 0, 'the check-in is gone');
    const again = await owner.get(`/admin/confirm?action=erase-guest&id=${booked.id}`);
    assert.match(again.body, /nothing to confirm/i);
  });
});

import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { importAlloggiatiTables } from '../../src/authorities/import-alloggiati-tables.ts';
import { TableFormatError } from '../../src/authorities/alloggiati-tables.ts';
import { futureStay, makeAccommodation } from '../support/factories.ts';
import { ANNA, JONAS, alloggiatiFolder, registerGuests } from '../support/registrations.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Registrations for the authorities (docs/registrations.md): Italy's Alloggiati Web file of a
// day's arrivals, and the CSV of every registration for the other countries.

let t: TestApp;
const folders: string[] = [];
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

function folder(skip: string[] = []): string {
  const dir = alloggiatiFolder(skip);
  folders.push(dir);
  return dir;
}

async function book(accommodationId: number, stay: { checkin: string; checkout: string }, adults: number) {
  const res = await t.admin('POST', '/admin/api/bookings', {
    accommodation_id: accommodationId,
    checkin_date: stay.checkin,
    checkout_date: stay.checkout,
    adults_count: adults,
    guest: { first_name: 'Anna', last_name: 'Bianchi', email: `anna.${stay.checkin}@example.com` },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: { id: number; confirmation_code: string } }>().data;
}

const alloggiati = (date: string, accommodationId?: number) =>
  t.checkedRequest({
    method: 'GET',
    url: `/admin/api/registrations/alloggiati?date=${date}${accommodationId === undefined ? '' : `&accommodation_id=${accommodationId}`}`,
    key: t.adminKey,
  });

describe(`registrations for the authorities (${testStoreKind})`, () => {
  test('before the tables are imported the file is refused, saying how to import them', async () => {
    const res = await alloggiati(futureStay(1).checkin);
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(
      res.json<{ error: { details: { reason: string } } }>().error.details.reason,
      'alloggiati_tables_missing',
    );
    assert.match(res.body, /alloggiati-tables import/);
  });

  test('an import lacking a table changes nothing; a full one replaces the tables', async () => {
    await assert.rejects(
      importAlloggiatiTables(t.ctx.db, folder(['documenti.csv']), () => undefined),
      TableFormatError,
    );
    assert.equal((await t.ctx.db.selectFrom('alloggiati_codes').select('code').execute()).length, 0);
    const lines: string[] = [];
    const counts = await importAlloggiatiTables(t.ctx.db, folder(), (l) => lines.push(l));
    assert.deepEqual(counts, { comune: 3, state: 3, document: 3, guest_type: 5 });
    assert.ok(lines.some((l) => l.startsWith('leggimi.pdf: skipped')));
    const again = await importAlloggiatiTables(t.ctx.db, folder(), () => undefined);
    assert.deepEqual(again, counts, 'a second import replaces, never adds');
    const ident = await t.ctx.db
      .selectFrom('alloggiati_codes')
      .select('name')
      .where('code', '=', 'IDENT')
      .executeTakeFirstOrThrow();
    assert.equal(ident.name, 'CARTA DI IDENTITA\u2019', 'Windows-1252 read as such');
  });

  test("a day's arrivals in Italian homes: one record per guest, field by field; other homes left out", async () => {
    const italian = await makeAccommodation(t.ctx.db, {
      name: 'Casa Bologna',
      registration_number: 'IT037006C2ABCDEFGH',
    });
    const german = await makeAccommodation(t.ctx.db, { name: 'Haus Berlin', registration_number: 'DE-BE-1' });
    const stay = futureStay(3);
    const family = await book(italian.id, stay, 2);
    await registerGuests(t.ctx.db, family.id, [ANNA, { ...JONAS, document_type: null, document_number: null }]);
    const abroad = await book(german.id, stay, 1);
    await registerGuests(t.ctx.db, abroad.id, [JONAS]);

    const res = await alloggiati(stay.checkin);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    const records = res.body.split('\r\n');
    assert.equal(records.length, 2, 'the German home is not in the file');
    assert.ok(!res.body.endsWith('\r\n'));
    const [day, month, year] = [stay.checkin.slice(8), stay.checkin.slice(5, 7), stay.checkin.slice(0, 4)];
    const head = records[0] ?? '';
    assert.equal(head.length, 168);
    assert.equal(head.slice(0, 2), '17');
    assert.equal(head.slice(2, 12), `${day}/${month}/${year}`);
    assert.equal(head.slice(12, 14), '03');
    assert.equal(head.slice(14, 64), 'BIANCHI'.padEnd(50));
    assert.equal(head.slice(64, 94), 'ANNA'.padEnd(30));
    assert.equal(head.slice(94, 95), '2');
    assert.equal(head.slice(95, 105), '01/03/1985');
    assert.equal(head.slice(105, 114), '408037006');
    assert.equal(head.slice(114, 116), 'BO');
    assert.equal(head.slice(116, 125), '100000100');
    assert.equal(head.slice(125, 134), '100000100');
    assert.equal(head.slice(134, 139), 'IDENT');
    assert.equal(head.slice(139, 159), 'CA1234567'.padEnd(20));
    assert.equal(head.slice(159, 168), '100000100');
    const member = records[1] ?? '';
    assert.equal(member.length, 168);
    assert.equal(member.slice(0, 2), '19');
    assert.equal(member.slice(14, 64), 'WEISS'.padEnd(50));
    assert.equal(member.slice(94, 95), '1');
    assert.equal(member.slice(105, 116), ' '.repeat(11), 'born abroad: no comune, no province');
    assert.equal(member.slice(116, 125), '100000216', 'München names no country: the state of the nationality');
    assert.equal(member.slice(134), ' '.repeat(34), 'a family member shows no document');

    assert.equal((await alloggiati(stay.checkin, italian.id)).body, res.body);
    const refused = await alloggiati(stay.checkin, german.id);
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json<{ error: { details: { reason: string } } }>().error.details.reason, 'not_in_italy');
    const empty = await alloggiati(futureStay(1).checkin);
    assert.equal(empty.statusCode, 200);
    assert.equal(empty.body, '');
  });

  test('every guest who blocks the file is named with the field and why', async () => {
    const other = await makeAccommodation(t.ctx.db, { registration_number: 'it058091C2ABC' });
    const home = await makeAccommodation(t.ctx.db, { registration_number: 'IT058091C2XYZ' });
    const stay = futureStay(2);
    const unregistered = await book(other.id, stay, 1);
    const partial = await book(home.id, stay, 2);
    await registerGuests(t.ctx.db, partial.id, [{ ...ANNA, birth_place: 'Atlantis', document_number: null }]);
    const res = await alloggiati(stay.checkin);
    assert.equal(res.statusCode, 409, res.body);
    const body = res.json<{
      error: {
        details: {
          reason: string;
          blocking: { confirmation_code: string; guest: number | null; field: string | null }[];
        };
      };
    }>().error;
    assert.equal(body.details.reason, 'registrations_blocking');
    assert.deepEqual(
      body.details.blocking.map((b) => [b.confirmation_code, b.guest, b.field]),
      [
        [unregistered.confirmation_code, null, null],
        [partial.confirmation_code, null, 'guests'],
        [partial.confirmation_code, 0, 'document_number'],
      ],
    );
    await t.ctx.db
      .updateTable('registration_guests')
      .set({ document_number: 'X1' })
      .where('booking_id', '=', partial.id)
      .execute();
    const again = await alloggiati(stay.checkin);
    assert.deepEqual(
      again
        .json<{ error: { details: { blocking: { field: string | null }[] } } }>()
        .error.details.blocking.map((b) => b.field),
      [null, 'guests', 'birth_place'],
    );
  });

  test('the CSV: every registration of the arrivals in the range, Italian homes included', async () => {
    const home = await makeAccommodation(t.ctx.db, { name: 'Ferienhaus', registration_number: 'DE-1' });
    const italian = await makeAccommodation(t.ctx.db, { name: 'Casa', registration_number: 'IT1' });
    const stay = futureStay(4);
    const one = await book(home.id, stay, 2);
    await registerGuests(t.ctx.db, one.id, [JONAS, { ...ANNA, address: null }]);
    const two = await book(italian.id, stay, 1);
    const res = await t.checkedRequest({
      method: 'GET',
      url: `/admin/api/registrations.csv?from=${stay.checkin}&to=${stay.checkin}`,
      key: t.adminKey,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    const rows: Record<string, string>[] = parse(res.body, { bom: true, columns: true });
    assert.deepEqual(
      rows.map((r) => [r.booking, r.guest, r.last_name, r.document_number, r.nationality, r.arrival_time]),
      [
        [one.confirmation_code, '1', 'Weiß', 'C01X00T47', 'DE', '16:30'],
        [one.confirmation_code, '2', 'Bianchi', 'CA1234567', 'IT', '16:30'],
        [two.confirmation_code, '', '', '', '', ''],
      ],
    );
    const bad = await t.admin('GET', `/admin/api/registrations.csv?from=${stay.checkout}&to=${stay.checkin}`);
    assert.equal(bad.statusCode, 400);
  });
});

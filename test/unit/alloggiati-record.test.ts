import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  ALLOGGIATI_FIELDS,
  alloggiatiFile,
  alloggiatiRecord,
  fileText,
  partyTypes,
  type AlloggiatiGuest,
} from '../../src/authorities/alloggiati-record.ts';

/** The layout of the portal's record, written out here from its specification (docs/registrations.md). */
const LAYOUT: [string, number, number][] = [
  ['guest_type', 1, 2],
  ['arrival_date', 3, 10],
  ['days', 13, 2],
  ['last_name', 15, 50],
  ['first_name', 65, 30],
  ['sex', 95, 1],
  ['birth_date', 96, 10],
  ['birth_comune', 106, 9],
  ['birth_province', 115, 2],
  ['birth_state', 117, 9],
  ['citizenship', 126, 9],
  ['document_type', 135, 5],
  ['document_number', 140, 20],
  ['document_place', 160, 9],
];

/** A record's field by its 1-based position and width, as the specification counts. */
const field = (record: string, name: string): string => {
  const [, from, width] = LAYOUT.find(([n]) => n === name) ?? ['', 0, 0];
  return record.slice(from - 1, from - 1 + width);
};

const head: AlloggiatiGuest = {
  guestType: 17,
  arrival: '2027-07-04',
  nights: 7,
  lastName: 'Rossi',
  firstName: 'Mario',
  sex: 'M',
  birthDate: '1980-02-09',
  birthComune: { code: '408037006', province: 'BO' },
  birthState: '100000100',
  citizenship: '100000100',
  document: { type: 'IDENT', number: 'ca 12345ab', place: '100000100' },
};

describe('Alloggiati Web record', () => {
  test('the layout covers 168 characters, fields back to back', () => {
    let next = 0;
    for (const [i, f] of ALLOGGIATI_FIELDS.entries()) {
      assert.equal(f.start, next, f.name);
      assert.deepEqual([f.name, f.start + 1, f.width], LAYOUT[i]);
      next += f.width;
    }
    assert.equal(next, 168);
  });

  test('a head of family: every field at its position and width', () => {
    const r = alloggiatiRecord(head);
    assert.equal(r.length, 168);
    assert.equal(field(r, 'guest_type'), '17');
    assert.equal(field(r, 'arrival_date'), '04/07/2027');
    assert.equal(field(r, 'days'), '07');
    assert.equal(field(r, 'last_name'), 'ROSSI'.padEnd(50));
    assert.equal(field(r, 'first_name'), 'MARIO'.padEnd(30));
    assert.equal(field(r, 'sex'), '1');
    assert.equal(field(r, 'birth_date'), '09/02/1980');
    assert.equal(field(r, 'birth_comune'), '408037006');
    assert.equal(field(r, 'birth_province'), 'BO');
    assert.equal(field(r, 'birth_state'), '100000100');
    assert.equal(field(r, 'citizenship'), '100000100');
    assert.equal(field(r, 'document_type'), 'IDENT');
    assert.equal(field(r, 'document_number'), 'CA12345AB'.padEnd(20));
    assert.equal(field(r, 'document_place'), '100000100');
  });

  test('a family member born abroad: no comune, province or document, all spaces', () => {
    const r = alloggiatiRecord({
      ...head,
      guestType: 19,
      firstName: 'Zoë',
      lastName: 'Müller-Straße',
      sex: 'F',
      birthComune: null,
      birthState: '100000216',
      citizenship: '100000216',
      document: null,
      nights: 45,
    });
    assert.equal(r.length, 168);
    assert.equal(field(r, 'guest_type'), '19');
    assert.equal(field(r, 'days'), '30', 'the portal takes at most 30 days');
    assert.equal(field(r, 'last_name'), 'MULLER-STRASSE'.padEnd(50));
    assert.equal(field(r, 'first_name'), 'ZOE'.padEnd(30));
    assert.equal(field(r, 'sex'), '2');
    assert.equal(field(r, 'birth_comune'), ' '.repeat(9));
    assert.equal(field(r, 'birth_province'), '  ');
    assert.equal(field(r, 'birth_state'), '100000216');
    assert.equal(field(r, 'document_type'), ' '.repeat(5));
    assert.equal(field(r, 'document_number'), ' '.repeat(20));
    assert.equal(field(r, 'document_place'), ' '.repeat(9));
  });

  test('names longer than their field are cut, never shifting the fields after them', () => {
    const r = alloggiatiRecord({ ...head, lastName: 'X'.repeat(80), firstName: 'Y'.repeat(40) });
    assert.equal(r.length, 168);
    assert.equal(field(r, 'last_name'), 'X'.repeat(50));
    assert.equal(field(r, 'first_name'), 'Y'.repeat(30));
    assert.equal(field(r, 'sex'), '1');
  });

  test('file text: upper-case ASCII, accents dropped, other characters spaces', () => {
    assert.equal(fileText("  Nicolò D'Angelo "), "NICOLO D'ANGELO");
    assert.equal(fileText('Łukasz  Øster'), 'LUKASZ OSTER');
    assert.equal(fileText('王 Li'), 'LI');
  });

  test('the file: CR LF between records, none after the last', () => {
    const file = alloggiatiFile([head, { ...head, guestType: 19, document: null }]);
    const lines = file.split('\r\n');
    assert.equal(lines.length, 2);
    assert.ok(lines.every((l) => l.length === 168));
    assert.ok(!file.endsWith('\n'));
    assert.equal(alloggiatiFile([]), '');
  });

  test('a party: alone a single guest, several a family with the lead guest at its head', () => {
    assert.deepEqual(partyTypes(1), [16]);
    assert.deepEqual(partyTypes(3), [17, 19, 19]);
  });
});

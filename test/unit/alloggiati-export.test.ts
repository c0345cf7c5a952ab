import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { birthOf, countryNamed, stateCode, type CodeTables } from '../../src/authorities/alloggiati-codes.ts';
import { alloggiatiExport, type Arrival, type RegistrationGuest } from '../../src/authorities/alloggiati-export.ts';
import { parseTable } from '../../src/authorities/alloggiati-tables.ts';

const places = parseTable(
  'luoghi.csv',
  'places',
  [
    'Codice,Descrizione,Provincia,DataFineVal',
    '408037006,BOLOGNA,BO,',
    '420092512,ABBASANTA,CA,15/07/1974 00:00:00',
    '420095001,ABBASANTA,OR,',
    '401001243,SAMONE,TO,',
    '404022165,SAMONE,TN,',
    '100000100,ITALIA,ES,',
    '100000216,GERMANIA,ES,',
    "100000536,STATI UNITI D'AMERICA,ES,",
    '100000210,CECOSLOVACCHIA,ES,01/01/1993 00:00:00',
  ].join('\n'),
);
const tables: CodeTables = {
  comuni: places.filter((p) => p.kind === 'comune'),
  states: places.filter((p) => p.kind === 'state'),
  documents: parseTable('documenti.csv', 'document', 'Codice,Descrizione\nIDENT,CARTA\nPASOR,PASSAPORTO'),
};

const guest = (overrides: Partial<RegistrationGuest> = {}): RegistrationGuest => ({
  position: 0,
  first_name: 'Anna',
  last_name: 'Bianchi',
  sex: 'F',
  birth_date: '1985-03-01',
  birth_place: 'Bologna',
  nationality: 'IT',
  document_type: 'id_card',
  document_number: 'AB123',
  document_country: 'IT',
  documents_erased_at: null,
  ...overrides,
});

const arrival = (guests: RegistrationGuest[] | null, party = guests?.length ?? 1): Arrival => ({
  booking_id: 7,
  confirmation_code: 'SD-7',
  checkin: '2027-08-01',
  checkout: '2027-08-05',
  party,
  guests,
});

describe('Alloggiati Web codes and export', () => {
  test('countries: by their Italian name, the portal spelling its own, in any of the five languages', () => {
    assert.equal(stateCode(tables, 'DE'), '100000216');
    assert.equal(stateCode(tables, 'US'), '100000536');
    assert.equal(stateCode(tables, 'FR'), null, 'not in this table');
    assert.equal(countryNamed('Deutschland'), 'DE');
    assert.equal(countryNamed('germany'), 'DE');
    assert.equal(countryNamed('Allemagne'), 'DE');
    assert.equal(countryNamed('Berlin'), null);
  });

  test('birth places: a comune of the day, a province where names repeat, a country, else the nationality', () => {
    const born = (birthPlace: string, birthDate = '1990-01-01', nationality = 'IT') =>
      birthOf(tables, { birthPlace, birthDate, nationality });
    assert.deepEqual(born('bologna'), { comune: { code: '408037006', province: 'BO' }, state: '100000100' });
    assert.deepEqual(born('Abbasanta', '1960-05-05'), {
      comune: { code: '420092512', province: 'CA' },
      state: '100000100',
    });
    assert.deepEqual(born('Abbasanta', '1990-05-05'), {
      comune: { code: '420095001', province: 'OR' },
      state: '100000100',
    });
    assert.match(JSON.stringify(born('Samone')), /more than one comune.*\(TO\)|\(TN\)/);
    assert.deepEqual(born('Samone (TN)'), { comune: { code: '404022165', province: 'TN' }, state: '100000100' });
    assert.deepEqual(born('Berlin, Deutschland', '1990-01-01', 'US'), { comune: null, state: '100000216' });
    assert.deepEqual(born('Munich', '1990-01-01', 'DE'), { comune: null, state: '100000216' });
    assert.match(JSON.stringify(born('Atlantis')), /neither a comune/);
  });

  test('a family: head with document, members without, in check-in order', () => {
    const result = alloggiatiExport(tables, [
      arrival([guest({ position: 1, first_name: 'Luca', document_type: null }), guest()]),
    ]);
    assert.ok(result.ok, JSON.stringify(result));
    const [first, second] = result.file.split('\r\n');
    assert.equal(first?.slice(0, 14), '1701/08/202704');
    assert.equal(first?.slice(64, 94).trim(), 'ANNA');
    assert.equal(first?.slice(134, 168), 'IDENTAB123               100000100');
    assert.equal(second?.slice(0, 2), '19');
    assert.equal(second?.slice(64, 94).trim(), 'LUCA');
    assert.equal(second?.slice(134), ' '.repeat(34));
  });

  test('every guest that blocks the file is named, with the field and why', () => {
    const result = alloggiatiExport(tables, [
      arrival(null),
      arrival([guest({ sex: null, document_number: null, documents_erased_at: '2027-01-01T00:00:00.000Z' })], 2),
      arrival([guest({ nationality: 'FR', birth_place: 'Atlantis' })]),
    ]);
    assert.equal(result.ok, false);
    const blocking = result.ok ? [] : result.blocking;
    assert.deepEqual(
      blocking.map((b) => [b.guest, b.field, b.problem.slice(0, 24)]),
      [
        [null, null, 'no online check-in yet'],
        [null, 'guests', 'the check-in lists 1 of '],
        [0, 'sex', 'missing'],
        [0, 'document_number', 'erased by the retention '],
        [0, 'nationality', 'the country FR has no co'],
        [0, 'birth_place', 'the country FR has no co'],
      ],
    );
    assert.equal(blocking[2]?.name, 'Anna Bianchi');
  });

  test('a guest without a surname or name blocks the file: the portal refuses a blank one', () => {
    const result = alloggiatiExport(tables, [
      arrival([guest({ last_name: '' }), guest({ position: 1, first_name: '' })]),
    ]);
    assert.equal(result.ok, false);
    assert.deepEqual(
      (result.ok ? [] : result.blocking).map((b) => [b.guest, b.field, b.problem]),
      [
        [0, 'last_name', 'missing'],
        [1, 'first_name', 'missing'],
      ],
    );
  });

  test('a guest stored beyond the party (the booking now has fewer guests) is neither reported nor blocking', () => {
    const result = alloggiatiExport(tables, [
      arrival([guest(), guest({ position: 1, first_name: 'Luca', document_type: null, sex: null })], 1),
    ]);
    assert.ok(result.ok, JSON.stringify(result));
    assert.equal(result.records, 1);
    assert.equal(result.file.slice(0, 2), '16');
  });
});

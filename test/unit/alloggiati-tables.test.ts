import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  TableFormatError,
  decodeTable,
  nameKey,
  parseTable,
  splitLine,
  tableKindOf,
} from '../../src/authorities/alloggiati-tables.ts';

describe('Alloggiati Web code tables', () => {
  test('which table a file is, from its name', () => {
    assert.equal(tableKindOf('comuni.csv'), 'places');
    assert.equal(tableKindOf('Stati.CSV'), 'places');
    assert.equal(tableKindOf('luoghi.txt'), 'places');
    assert.equal(tableKindOf('documenti.csv'), 'document');
    assert.equal(tableKindOf('tipi_alloggiato.csv'), 'guest_type');
    assert.equal(tableKindOf('tipo_alloggiato.txt'), 'guest_type');
    assert.equal(tableKindOf('notes.csv'), null);
    assert.equal(tableKindOf('comuni.xlsx'), null);
  });

  test('places: states are the rows of province ES, ended places carry their last day', () => {
    const rows = parseTable(
      'luoghi.csv',
      'places',
      "Codice,Descrizione,Provincia,DataFineVal\r\n401001001,AGLIE',TO,\r\n420092512,ABBASANTA,CA,15/07/1974 00:00:00\r\n100000216,GERMANIA,ES,\r\n\r\n",
    );
    assert.deepEqual(rows, [
      { kind: 'comune', code: '401001001', name: "AGLIE'", name_key: 'AGLIE', province: 'TO', valid_until: null },
      {
        kind: 'comune',
        code: '420092512',
        name: 'ABBASANTA',
        name_key: 'ABBASANTA',
        province: 'CA',
        valid_until: '1974-07-15',
      },
      { kind: 'state', code: '100000216', name: 'GERMANIA', name_key: 'GERMANIA', province: null, valid_until: null },
    ]);
  });

  test('semicolons, quotes and Windows-1252 bytes are read as the portal writes them', () => {
    const bytes = Uint8Array.from([
      ...Buffer.from('Codice;Descrizione\n"PASOR";"PASSAPORTO ORDINARIO"\nIDENT;CARTA D'),
      0x92,
      0x49,
    ]);
    const text = decodeTable(bytes);
    assert.deepEqual(
      parseTable('documenti.csv', 'document', text).map((r) => [r.code, r.name]),
      [
        ['PASOR', 'PASSAPORTO ORDINARIO'],
        ['IDENT', 'CARTA D\u2019I'],
      ],
    );
    assert.deepEqual(splitLine('"a;b";c', ';'), ['a;b', 'c']);
    assert.equal(decodeTable(Buffer.from('\uFEFFCodice')), 'Codice');
  });

  test('a table not as the portal writes it stops with its file and line', () => {
    assert.throws(() => parseTable('comuni.csv', 'places', 'Code,Name\n1,X'), TableFormatError);
    assert.throws(
      () => parseTable('comuni.csv', 'places', 'Codice,Descrizione,Provincia\n12,ROMA,RM'),
      /comuni.csv line 2/,
    );
    assert.throws(
      () =>
        parseTable('comuni.csv', 'places', 'Codice,Descrizione,Provincia,DataFineVal\n412058091,ROMA,RM,2020-01-01'),
      /DataFineVal/,
    );
    assert.throws(() => parseTable('documenti.csv', 'document', 'Codice,Descrizione\n'), /no rows/);
  });

  test('names are matched without accents, case or punctuation', () => {
    assert.equal(nameKey("Sant'Antonio"), nameKey("SANT'ANTONIO"));
    assert.equal(nameKey('Agliè'), nameKey("AGLIE'"));
    assert.equal(nameKey('Perù'), 'PERU');
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { csvNumber, writeCsv, type CsvCell } from '../../src/shared/csv.ts';

/** The one cell of a one-column file, as a CSV reader reads it back. */
function written(cell: CsvCell): string {
  const rows: string[][] = parse(writeCsv(['cell'], [[cell]]), { bom: true, from_line: 2 });
  return rows[0]?.[0] ?? '';
}

describe('CSV writer', () => {
  for (const text of ['=1+1', '+1', '-1+2', '-', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("x")'])
    test(`a text cell starting ${JSON.stringify(text.slice(0, 1))} is written after an apostrophe: ${JSON.stringify(text)}`, () => {
      assert.equal(written(text), `'${text}`);
    });

  test('other text is written as is, commas, quotes, line breaks and accents included', () => {
    for (const text of ['Chalet “Edelweiss”, Zermatt', 'say "hi"', 'two\nlines', 'a=b', ' =1', "'quoted", '', '12.50'])
      assert.equal(written(text), text);
  });

  test('a number the service writes stays a number, a negative one too: -12.50 is not a formula', () => {
    assert.equal(written(-12.5), '-12.5');
    assert.equal(written(0), '0');
    for (const figure of ['-12.50', '12.50', '-0.0001', '275', '-3']) assert.equal(written(csvNumber(figure)), figure);
  });

  test('a "figure" that is not a plain decimal is guarded like text', () => {
    for (const figure of ['-1+2', '=1', '-1e5', '+12.50', '-12.50 ', '@1'])
      assert.equal(written(csvNumber(figure)), `'${figure}`);
  });

  test('RFC 4180 with a UTF-8 byte order mark, a header row and CRLF', () => {
    const file = writeCsv(
      ['a', 'b'],
      [
        ['x,y', 1],
        ['=z', csvNumber('-1.00')],
      ],
    );
    assert.equal(file, '\uFEFFa,b\r\n"x,y",1\r\n\'=z,-1.00\r\n');
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findNulCharacter } from '../../src/http/text-guard.ts';

describe('findNulCharacter', () => {
  const cases: Array<[unknown, string | null]> = [
    [undefined, null],
    [null, null],
    [42, null],
    ['plain', null],
    ['a\u0000b', 'body'],
    [{ a: 'x', b: { c: ['ok', 'bad\u0000'] } }, 'b.c.1'],
    [{ 'na\u0000me': 'x' }, 'na\u0000me'],
    [{ a: { 'k\u0000': 1 } }, 'a.k\u0000'],
    [[{ a: 'fine' }, { b: '\u0000' }], '1.b'],
    [{ partner_data: { first_name: 'Ada', address: { city: 'Lon\u0000don' } } }, 'partner_data.address.city'],
    [{ a: 1, b: true, c: null, d: [1, 2, { e: 'no' }] }, null],
    [Buffer.from('a\u0000b'), null],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} -> ${JSON.stringify(expected)}`, () => {
      assert.equal(findNulCharacter(input), expected);
    });
  }

  test('reports the first NUL in document order', () => {
    assert.equal(findNulCharacter({ a: 'ok', b: '\u0000', c: '\u0000' }), 'b');
  });
});

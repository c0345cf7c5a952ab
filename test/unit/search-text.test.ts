import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { bookingSearchText, foldText, searchPatterns } from '../../src/shared/search-text.ts';

/** Whether a search finds the text as the database's LIKE would (every pattern found). */
function finds(query: string, text: string): boolean {
  return searchPatterns(query).every((pattern) => {
    const inner = pattern.slice(1, -1).replace(/\\([\\%_])/g, '$1');
    return text.includes(inner);
  });
}

const muller = bookingSearchText({
  confirmation_code: 'AB12CD34EF56',
  guest_first_name: 'Jürgen',
  guest_last_name: 'Müller-Straße',
  guest_email: 'J.Mueller@Example.de',
  guest_phone: '+49 (30) 1234-5678',
});

describe('booking search text', () => {
  test('folds case and accents, including letters without a combining mark', () => {
    assert.equal(foldText('  Müller   ØRSTED Æbelø Straße Łódź Ça '), 'muller orsted aebelo strasse lodz ca');
  });

  test('finds code, names in either order, parts, e-mail and phone digits', () => {
    for (const query of [
      'ab12cd',
      'Jürgen Müller',
      'muller jurgen',
      'MULLER-STRASSE',
      'rgen',
      'j.mueller@example.de',
      '1234 5678',
      '+49 30 12345678',
    ])
      assert.ok(finds(query, muller), query);
    for (const query of ['jurgen smith', '5678 1234', 'x'.repeat(3)]) assert.ok(!finds(query, muller), query);
  });

  test('LIKE wildcards in a query are literal; an empty query matches everything', () => {
    assert.deepEqual(searchPatterns('50%_off'), ['%50\\%\\_off%']);
    assert.deepEqual(searchPatterns('   '), []);
    assert.deepEqual(searchPatterns('a b'), ['%a%', '%b%']);
  });

  test('a short number is searched as text, not as phone digits', () => {
    assert.deepEqual(searchPatterns('12'), ['%12%']);
  });
});

describe('foldText on plain ASCII', () => {
  test('folds printable ASCII exactly as the full folding does', () => {
    const full = (s: string) =>
      s
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/ß/g, 'ss')
        .replace(/[øØ]/g, 'o')
        .replace(/æ/g, 'ae')
        .replace(/œ/g, 'oe')
        .replace(/ł/g, 'l')
        .replace(/đ/g, 'd')
        .replace(/\s+/g, ' ')
        .trim();
    const ascii = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) });
    fc.assert(
      fc.property(fc.oneof(ascii, fc.string()), (s) => {
        assert.equal(foldText(s), full(s), JSON.stringify(s));
      }),
      { numRuns: 3000 },
    );
    assert.equal(foldText('  Ada  LOVELACE '), 'ada lovelace');
    assert.equal(
      foldText('Tab\tand\nline'),
      'tab and line',
      'tabs and line breaks are not printable ASCII, and fold as before',
    );
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyRequest } from 'fastify';
import fc from 'fast-check';
import { findNulCharacter, vouchForNoNul } from '../../src/http/text-guard.ts';

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

describe('findNulCharacter on deep and wide bodies', () => {
  /** Wraps every object of a tree in a Proxy that counts property reads. */
  function counted(value: unknown, reads: { n: number }): unknown {
    if (value === null || typeof value !== 'object') return value;
    const copy: unknown = Array.isArray(value)
      ? value.map((v) => counted(v, reads))
      : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, counted(v, reads)]));
    return new Proxy(copy as object, {
      get(target, key, receiver) {
        if (typeof key === 'string') reads.n++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
  }

  test('a NUL at the bottom of a deep chain is found reading each field a bounded number of times', () => {
    const depth = 300;
    let body: unknown = 'x\u0000';
    for (let i = 0; i < depth; i++) body = { a: body };
    const reads = { n: 0 };
    assert.equal(findNulCharacter(counted(body, reads)), Array.from({ length: depth }, () => 'a').join('.'));
    // Linear: each level is read a few times. A search that rescans the subtree at every level reads ~depth²/2.
    assert.ok(reads.n <= 4 * depth, `${reads.n} reads for ${depth} levels`);
  });

  test('bodies nested deeper than the call stack allows are walked without overflowing it', () => {
    const depth = 50_000;
    let clean: unknown = 'x';
    let dirty: unknown = 'x\u0000';
    for (let i = 0; i < depth; i++) {
      clean = [clean];
      dirty = { a: dirty };
    }
    assert.equal(findNulCharacter(clean), null);
    const path = findNulCharacter(dirty);
    assert.equal(path?.length, depth * 2 - 1);
  });

  test('a NUL after a wide field is found; the wide field is read a bounded number of times', () => {
    const width = 2000;
    const reads = { n: 0 };
    const body = counted(
      { pad: Array.from({ length: width }, (_, i) => ({ v: i })), last: { deep: 'x\u0000' } },
      reads,
    );
    assert.equal(findNulCharacter(body), 'last.deep');
    assert.ok(reads.n <= 6 * width, `${reads.n} reads for ${width} elements`);
  });
});

describe('vouchForNoNul', () => {
  const vouched = (text: string) => {
    const request = { bodyFreeOfNul: false } as FastifyRequest;
    vouchForNoNul(request, text);
    return request.bodyFreeOfNul;
  };

  test('a JSON text vouched for parses to a value with no NUL in any string or key', () => {
    const strings = fc.string({ unit: fc.constantFrom('a', '\u0000', '\\', 'u', '0', '"', 'é') });
    const values = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        strings,
        fc.integer(),
        fc.constant(null),
        fc.array(tie('value')),
        fc.dictionary(strings, tie('value')),
      ),
    })).value;
    fc.assert(
      fc.property(values, fc.boolean(), (value, indent) => {
        const text = JSON.stringify(value, null, indent ? 2 : undefined);
        const parsed: unknown = JSON.parse(text);
        if (vouched(text)) assert.equal(findNulCharacter(parsed), null, text);
        else assert.ok(text.includes('\\u0000'));
      }),
      { numRuns: 3000 },
    );
  });

  test('the escape in any spelling JSON allows for U+0000 is not vouched for', () => {
    assert.equal(vouched('{"a":"x\\u0000"}'), false);
    assert.equal(vouched('{"x\\u0000":1}'), false);
    assert.equal(
      vouched('{"a":"\\\\u0000"}'),
      false,
      'an escaped backslash may be walked: the guard then finds nothing',
    );
    assert.equal(vouched('{"a":"\\u0001 \\u00000"}'), false);
    assert.equal(vouched('{"a":"plain","b":[1,2]}'), true);
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { generateApiKey, hashApiKey, sameHash } from '../../src/auth/api-keys.ts';
import { bearerToken } from '../../src/http/bearer-token.ts';

describe('generateApiKey', () => {
  test('key is sdk_ followed by 32 base64url characters (192 random bits)', () => {
    const { key } = generateApiKey();
    assert.match(key, /^sdk_[A-Za-z0-9_-]{32}$/);
    assert.equal(Buffer.from(key.slice(4), 'base64url').length, 24);
  });

  test('hash is the lower-case hex SHA-256 of the whole key, never the key itself', () => {
    const { key, hash } = generateApiKey();
    assert.match(hash, /^[0-9a-f]{64}$/);
    assert.equal(hash, hashApiKey(key));
    assert.ok(!hash.includes(key.slice(4)));
  });

  test('prefix is the first 10 characters: readable, but far too short to use as the key', () => {
    const { key, prefix } = generateApiKey();
    assert.equal(prefix.length, 10);
    assert.ok(prefix.startsWith('sdk_'));
    assert.ok(key.startsWith(prefix));
    assert.notEqual(prefix, key);
  });

  test('keys, hashes and prefixes differ between calls', () => {
    const made = Array.from({ length: 200 }, () => generateApiKey());
    assert.equal(new Set(made.map((k) => k.key)).size, made.length);
    assert.equal(new Set(made.map((k) => k.hash)).size, made.length);
    // 6 random base64url characters: collisions among 200 are possible in principle but vanishingly rare.
    assert.ok(new Set(made.map((k) => k.prefix)).size > 190);
  });
});

describe('hashApiKey', () => {
  test('matches the published SHA-256 test vectors', () => {
    assert.equal(hashApiKey('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    assert.equal(hashApiKey(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  test('is deterministic and sensitive to every character', () => {
    assert.equal(hashApiKey('sdk_abcdef'), hashApiKey('sdk_abcdef'));
    assert.notEqual(hashApiKey('sdk_abcdef'), hashApiKey('sdk_abcdeF'));
    assert.notEqual(hashApiKey('sdk_abcdef'), hashApiKey('sdk_abcdef '));
  });
});

describe('bearerToken', () => {
  const cases: [string | undefined, string | null][] = [
    ['Bearer sdk_abc123', 'sdk_abc123'],
    ['bearer sdk_abc123', 'sdk_abc123'],
    ['BEARER sdk_abc123', 'sdk_abc123'],
    ['Bearer   sdk_abc123', 'sdk_abc123'],
    ['Bearer sdk_abc123   ', 'sdk_abc123'],
    ['Bearer abc-._~+/xyz==', 'abc-._~+/xyz=='],
    [undefined, null],
    ['', null],
    ['Bearer', null],
    ['Bearer ', null],
    ['Bearersdk_abc123', null],
    ['Basic dXNlcjpwYXNz', null],
    ['Token sdk_abc123', null],
    ['sdk_abc123', null],
    [' Bearer sdk_abc123', null],
    ['Bearer sdk_abc 123', null],
    ['Bearer sdk_abc123, Bearer other', null],
    ['Bearer "sdk_abc123"', null],
    ['Bearer sdk_äbc', null],
    ['Bearer =abc', null],
    ['Bearer\tsdk_abc123', null],
  ];
  for (const [header, expected] of cases) {
    test(`${JSON.stringify(header)} → ${JSON.stringify(expected)}`, () => {
      assert.equal(bearerToken(header), expected);
    });
  }

  test('the shortcut for the usual header answers as the full rule does', () => {
    const rule = /^Bearer[ ]+([A-Za-z0-9_\-.~+/]+=*)\s*$/i;
    const headers = fc
      .tuple(
        fc.constantFrom('Bearer ', 'bearer ', 'Bearer  ', 'Bearer', 'Basic ', ''),
        fc.string({
          unit: fc.constantFrom('a', 'Z', '9', '_', '-', '.', '~', '+', '/', '=', ' ', '\t', ',', 'ä', '"'),
        }),
      )
      .map(([prefix, rest]) => prefix + rest);
    fc.assert(
      fc.property(headers, (header) => {
        assert.equal(bearerToken(header), rule.exec(header)?.[1] ?? null, JSON.stringify(header));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('sameHash', () => {
  const a = hashApiKey('sdk_one');
  const b = hashApiKey('sdk_two');

  test('equal digests match', () => {
    assert.equal(sameHash(a, a), true);
    assert.equal(sameHash(a, a.toUpperCase()), true, 'hex is case-insensitive');
  });

  test('different digests do not match', () => {
    assert.equal(sameHash(a, b), false);
    const lastFlipped = a.slice(0, -1) + (a.endsWith('0') ? '1' : '0');
    assert.equal(sameHash(a, lastFlipped), false);
  });

  test('different lengths do not match and do not throw', () => {
    assert.equal(sameHash(a, a.slice(0, 62)), false);
    assert.equal(sameHash(a.slice(0, 62), a), false);
  });

  test('empty input never matches, not even another empty input', () => {
    assert.equal(sameHash('', ''), false);
    assert.equal(sameHash(a, ''), false);
    assert.equal(sameHash('', a), false);
  });

  test('non-hex input never matches a real digest', () => {
    assert.equal(sameHash(a, 'not hex at all'), false);
    assert.equal(sameHash('zz', 'zz'), false);
  });
});

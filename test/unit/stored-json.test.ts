import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseAddress } from '../../src/guests/stored-address.ts';
import { parseExtras } from '../../src/pricing/booked-extras.ts';
import { storedObject } from '../../src/shared/stored-json.ts';

// JSON stored in a column is read by one reader per column; a damaged row reads as empty.

test('a stored JSON object reads as its fields; anything else as none', () => {
  assert.deepEqual(storedObject('{"a": 1, "b": "x"}'), { a: 1, b: 'x' });
  for (const text of [null, '', 'not json', '{"a": 1', '[1, 2]', 'null', '"text"', '42']) {
    assert.deepEqual(storedObject(text), {}, JSON.stringify(text));
  }
  assert.equal(Object.getPrototypeOf(storedObject('{"__proto__": {"polluted": true}}')), Object.prototype);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

test('the extras reader keeps whole amounts; the address reader keeps text', () => {
  assert.deepEqual(parseExtras('{"breakfast": 2500, "linen": "a lot", "late_checkin": 1.5}'), { breakfast: 2500 });
  assert.deepEqual(parseExtras('{"breakfast": 12'), {});
  assert.deepEqual(parseAddress('{"street": "Main Street 1", "zip": 1010, "city": "Vienna"}'), {
    street: 'Main Street 1',
    city: 'Vienna',
  });
  assert.deepEqual(parseAddress(null), {});
  assert.deepEqual(parseAddress('["street"]'), {});
});

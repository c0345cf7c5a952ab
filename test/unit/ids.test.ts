import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_ID, toId } from '../../src/http/ids.ts';

// The one id rule (src/http/ids.ts): the CLI, the card processor's metadata, the console and the
// admin API all read an id from text with toId.

test('an id as text is a whole number from 1 to MAX_ID in plain digits', () => {
  assert.equal(toId('1'), 1);
  assert.equal(toId('42'), 42);
  assert.equal(toId(String(MAX_ID)), MAX_ID);
});

for (const text of ['', '0', '01', '-1', '+1', '1.0', '1e3', ' 1', '1 ', 'abc', String(MAX_ID + 1), '99999999999']) {
  test(`${JSON.stringify(text)} names no row: 0`, () => {
    assert.equal(toId(text), 0);
  });
}

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newRequestId } from '../../src/http/request-ids.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('request ids are version 4 UUIDs, unique across many batches', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 5000; i++) {
    const id = newRequestId();
    assert.match(id, UUID_V4);
    seen.add(id);
  }
  assert.equal(seen.size, 5000);
});

test('every hex digit of a request id is random: each position takes many values', () => {
  const ids = Array.from({ length: 2000 }, () => newRequestId());
  for (let position = 0; position < 36; position++) {
    const values = new Set(ids.map((id) => id[position]));
    if ([8, 13, 18, 23].includes(position)) assert.deepEqual([...values], ['-']);
    else if (position === 14) assert.deepEqual([...values], ['4'], 'the version');
    else if (position === 19) assert.deepEqual([...values].sort(), ['8', '9', 'a', 'b'], 'the variant');
    else assert.equal(values.size, 16, `position ${String(position)} takes every hex digit`);
  }
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { TIMESTAMP_TOLERANCE_MS, checkTimestamp, signBody, signatureMatches } from '../../src/webhooks/signature.ts';

// GitHub's published webhook test vector (docs.github.com, "Validating webhook deliveries").
const SECRET = "It's a Secret to Everybody";
const BODY = 'Hello, World!';
const EXPECTED = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

test('signBody matches the published test vector, from a string or the raw bytes', () => {
  assert.equal(signBody(SECRET, BODY), EXPECTED);
  assert.equal(signBody(SECRET, Buffer.from(BODY, 'utf8')), EXPECTED);
});

test('signatureMatches accepts the right signature, upper-case hex and surrounding spaces', () => {
  const body = Buffer.from(BODY);
  assert.equal(signatureMatches(SECRET, body, EXPECTED), true);
  assert.equal(signatureMatches(SECRET, body, `  ${EXPECTED.toUpperCase()} `), true);
});

test('signatureMatches refuses a wrong secret, a changed body, other schemes and non-strings', () => {
  const body = Buffer.from(BODY);
  assert.equal(signatureMatches('another secret', body, EXPECTED), false);
  assert.equal(signatureMatches(SECRET, Buffer.from('Hello, World?'), EXPECTED), false);
  assert.equal(
    signatureMatches(SECRET, Buffer.from(`${BODY} `), EXPECTED),
    false,
    'one extra byte changes the signature',
  );
  assert.equal(signatureMatches(SECRET, body, EXPECTED.replace('sha256=', '')), false, 'bare hex without the scheme');
  assert.equal(signatureMatches(SECRET, body, EXPECTED.replace('sha256=', 'sha1=')), false);
  assert.equal(signatureMatches(SECRET, body, EXPECTED.slice(0, -1)), false, 'truncated');
  assert.equal(signatureMatches(SECRET, body, `${EXPECTED}0`), false, 'too long');
  assert.equal(signatureMatches(SECRET, body, ''), false);
  assert.equal(signatureMatches(SECRET, body, undefined), false);
  assert.equal(signatureMatches(SECRET, body, [EXPECTED, EXPECTED]), false, 'a repeated header is refused');
});

test('signatureMatches is over bytes: the UTF-8 encoding of the body is what is signed', () => {
  const text = '{"notes":"Grüße"}';
  const sig = signBody('k', Buffer.from(text, 'utf8'));
  assert.equal(signatureMatches('k', Buffer.from(text, 'utf8'), sig), true);
  assert.equal(signatureMatches('k', Buffer.from(text, 'latin1'), sig), false);
});

test('checkTimestamp: absent, fresh within 5 minutes either way, stale beyond, the forms senders write, invalid forms', () => {
  const now = Date.parse('2030-06-01T12:00:00Z');
  assert.equal(checkTimestamp(undefined, now), 'absent');
  assert.equal(checkTimestamp(null, now), 'absent');
  assert.equal(checkTimestamp('2030-06-01T12:00:00Z', now), 'fresh');
  assert.equal(
    checkTimestamp(new Date(now - TIMESTAMP_TOLERANCE_MS).toISOString(), now),
    'fresh',
    'exactly 5 minutes old',
  );
  assert.equal(checkTimestamp(new Date(now + TIMESTAMP_TOLERANCE_MS).toISOString(), now), 'fresh');
  assert.equal(checkTimestamp(new Date(now - TIMESTAMP_TOLERANCE_MS - 1000).toISOString(), now), 'stale');
  assert.equal(checkTimestamp(new Date(now + TIMESTAMP_TOLERANCE_MS + 1000).toISOString(), now), 'stale');
  assert.equal(checkTimestamp('2030-06-01T14:03:00+02:00', now), 'fresh', 'an offset is honoured');
  assert.equal(checkTimestamp('2030-06-01', now), 'invalid', 'a date without a time');
  // What senders write: no zone (Python's utcnow().isoformat()) is UTC; +0000; long fractions.
  assert.equal(checkTimestamp('2030-06-01T12:00:00', now), 'fresh', 'no zone is UTC');
  assert.equal(checkTimestamp('2030-06-01T12:00:00.123456', now), 'fresh', 'microseconds, no zone');
  assert.equal(checkTimestamp('2030-06-01T14:00:00', now), 'stale', 'no zone is UTC, not local time');
  assert.equal(checkTimestamp('2030-06-01T12:00:00.123456789+00:00', now), 'fresh');
  assert.equal(checkTimestamp('2030-06-01T12:00:00+0000', now), 'fresh');
  assert.equal(checkTimestamp('2030-06-01t12:00:00z', now), 'fresh', 'lower-case T and Z');
  assert.equal(checkTimestamp('2030-06-01T12:00:00+0', now), 'invalid', 'a cut-off offset');
  assert.equal(checkTimestamp('yesterday', now), 'invalid');
  assert.equal(checkTimestamp(1780315200, now), 'invalid', 'a number is not an ISO string');
  assert.equal(checkTimestamp('2030-13-01T12:00:00Z', now), 'invalid');
});

test('property: a body signs and verifies with its secret; any changed byte or other secret fails', () => {
  fc.assert(
    fc.property(
      fc.string({ minLength: 1 }),
      fc.uint8Array({ minLength: 1, maxLength: 512 }),
      fc.nat(),
      fc.string({ minLength: 1 }),
      (secret, bytes, index, other) => {
        const body = Buffer.from(bytes);
        const signature = signBody(secret, body);
        assert.match(signature, /^sha256=[0-9a-f]{64}$/);
        assert.equal(signatureMatches(secret, body, signature), true);
        const changed = Buffer.from(body);
        const at = index % changed.length;
        changed[at] = (changed[at] ?? 0) ^ 0xff;
        assert.equal(signatureMatches(secret, changed, signature), false);
        if (other !== secret) assert.equal(signatureMatches(other, body, signature), false);
      },
    ),
  );
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { ErrorBodySchema } from '../../src/http/envelope.ts';
import { ERROR_REASON_NAMES, ERROR_REASONS, isReasonFor, validationReason } from '../../src/http/error-reasons.ts';
import {
  badRequest,
  conflict,
  notFound,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
} from '../../src/http/errors.ts';

/** The rows of docs/api.md "Error reasons": reason → "status | meaning". */
function documentedReasons(): Map<string, string> {
  const doc = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
  const section = doc.split('\n## Error reasons\n')[1]?.split('\n## ')[0];
  assert.ok(section !== undefined, 'docs/api.md has an "Error reasons" section');
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const match = /^\| `([a-z][A-Za-z_]*)` \| ([\d, ]+) \| (.+) \|$/.exec(line);
    if (match === null) continue;
    const [, reason = '', status = '', meaning = ''] = match;
    assert.ok(!rows.has(reason), `${reason} is listed once`);
    rows.set(reason, `${status} | ${meaning}`);
  }
  return rows;
}

const tableRow = (reason: keyof typeof ERROR_REASONS): string =>
  `${ERROR_REASONS[reason].status.join(', ')} | ${ERROR_REASONS[reason].meaning}`;

describe('the error reasons table', () => {
  test('every reason of the code is documented with its status and meaning', () => {
    const documented = documentedReasons();
    for (const reason of ERROR_REASON_NAMES) assert.equal(documented.get(reason), tableRow(reason), reason);
  });

  test('every documented reason is in the code', () => {
    const documented = documentedReasons();
    assert.ok(documented.size >= 70, `the docs table was read (${documented.size} rows)`);
    for (const reason of documented.keys())
      assert.ok(Object.hasOwn(ERROR_REASONS, reason), `${reason} is in src/http/error-reasons.ts`);
  });

  test('reasons are snake_case words (validation reasons keep the keyword) with at least one status', () => {
    for (const reason of ERROR_REASON_NAMES) {
      assert.match(reason, /^[a-z]+(_[a-z]+)*$|^invalid_[a-z][A-Za-z]+$/, reason);
      assert.ok(ERROR_REASONS[reason].status.length > 0, reason);
    }
  });

  test("the error envelope schema (and so the OpenAPI document) lists exactly the table as details.reason's enum", () => {
    const reason = (ErrorBodySchema.properties.details.properties as Record<string, { enum?: unknown }>).reason;
    assert.deepEqual(reason?.enum, ERROR_REASON_NAMES);
  });

  test('a 404 for an unknown resource has its own reason, never a generic one', () => {
    const notFounds = ERROR_REASON_NAMES.filter((r) => isReasonFor(r, 404));
    assert.ok(notFounds.length >= 7);
    for (const reason of notFounds) assert.match(reason, /_not_found$|^unknown_route$/, reason);
    assert.ok(!Object.hasOwn(ERROR_REASONS, 'not_found'));
  });
});

describe('the typed factories', () => {
  test('put the reason in details and the status in the error', () => {
    const cases = [
      [badRequest('invalid_date', 'm', { parameter: 'from' }), 400, 'invalid_date'],
      [unauthorized('missing_signature', 'm'), 401, 'missing_signature'],
      [notFound('feed_not_found', 'm'), 404, 'feed_not_found'],
      [conflict('dates_unavailable', 'm'), 409, 'dates_unavailable'],
      [tooManyRequests('draft_limit', 'm'), 429, 'draft_limit'],
      [serviceUnavailable('shutting_down', 'm'), 503, 'shutting_down'],
    ] as const;
    for (const [error, status, reason] of cases) {
      assert.equal(error.status, status);
      assert.equal(error.details.reason, reason);
      assert.ok(isReasonFor(reason, status), `${reason} is listed for ${status}`);
    }
  });

  test('accept only a reason listed for their status (checked by the compiler)', () => {
    // @ts-expect-error booking_not_found is a 404 reason, not a 400 one
    const wrongStatus = badRequest('booking_not_found', 'm');
    // @ts-expect-error not_found is not in the table
    const unknown = notFound('not_found', 'm');
    // @ts-expect-error the reason goes first, never in details
    const inDetails = conflict('price_mismatch', 'm', { reason: 'price_mismatch' });
    assert.equal(wrongStatus.status, 400);
    assert.equal(unknown.status, 404);
    assert.equal(inDetails.status, 409);
    assert.equal(isReasonFor('booking_not_found', 400), false);
    assert.equal(isReasonFor('not_found', 404), false);
  });

  test('a failed schema keyword maps to invalid_<keyword>, or invalid when the table lacks it', () => {
    assert.equal(validationReason('type'), 'invalid_type');
    assert.equal(validationReason('maxLength'), 'invalid_maxLength');
    assert.equal(validationReason('uniqueItems'), 'invalid');
    assert.equal(validationReason('__proto__'), 'invalid');
  });
});

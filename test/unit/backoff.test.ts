import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_MAIL_ATTEMPTS, RETRY_CAP_MS, afterFailure, retryDelayMs } from '../../src/mail/backoff.ts';

test('retry delays double from 30 s and stop growing at one hour', () => {
  const seconds = Array.from({ length: 10 }, (_, i) => retryDelayMs(i + 1) / 1000);
  assert.deepEqual(seconds, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
  assert.equal(retryDelayMs(1000), RETRY_CAP_MS, 'huge attempt counts neither overflow nor exceed the cap');
});

test('retryDelayMs refuses attempt counts that cannot happen', () => {
  assert.throws(() => retryDelayMs(0), RangeError);
  assert.throws(() => retryDelayMs(-1), RangeError);
  assert.throws(() => retryDelayMs(1.5), RangeError);
});

test('afterFailure schedules the next attempt until the last one, then gives up', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  assert.deepEqual(afterFailure(1, now), { status: 'pending', nextAttemptAt: new Date('2030-01-01T00:00:30Z') });
  assert.deepEqual(afterFailure(MAX_MAIL_ATTEMPTS - 1, now), {
    status: 'pending',
    nextAttemptAt: new Date(now.getTime() + retryDelayMs(MAX_MAIL_ATTEMPTS - 1)),
  });
  assert.deepEqual(afterFailure(MAX_MAIL_ATTEMPTS, now), { status: 'failed' });
  assert.equal(MAX_MAIL_ATTEMPTS, 10);
});

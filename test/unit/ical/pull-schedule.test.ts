import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { failureDelayMs, nextAttemptAfterFailure, nextAttemptAfterSuccess } from '../../../src/ical/pull-schedule.ts';

const config = { icalSyncIntervalSeconds: 900 };
const now = new Date('2027-01-10T12:00:00.000Z');

describe('pull schedule', () => {
  test('after a success: one interval plus up to a tenth of it', () => {
    assert.equal(
      nextAttemptAfterSuccess(config, now, () => 0),
      '2027-01-10T12:15:00.000Z',
    );
    assert.equal(
      nextAttemptAfterSuccess(config, now, () => 0.999),
      '2027-01-10T12:16:29.910Z',
    );
  });

  test('after failures: a minute, doubling, at most a day', () => {
    assert.deepEqual(
      [1, 2, 3, 4].map((n) => failureDelayMs(config, n)),
      [60_000, 120_000, 240_000, 480_000],
    );
    assert.equal(failureDelayMs(config, 30), 24 * 60 * 60 * 1000);
    assert.equal(nextAttemptAfterFailure(config, 1, now), '2027-01-10T12:01:00.000Z');
  });

  test('a schedule shorter than a minute backs off from its own interval; 0 (no schedule) still spaces retries', () => {
    assert.equal(failureDelayMs({ icalSyncIntervalSeconds: 10 }, 1), 10_000);
    assert.equal(
      nextAttemptAfterSuccess({ icalSyncIntervalSeconds: 0 }, now, () => 0),
      '2027-01-10T12:15:00.000Z',
    );
  });
});

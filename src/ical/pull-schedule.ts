import type { Config } from '../config/config.ts';

/**
 * When the schedule pulls a feed next. After a success: one interval later, plus up to a tenth
 * of it at random, so feeds added together do not all fall due in the same second. After a
 * failure: the interval doubled per consecutive failure (from a minute up), at most a day.
 */

const FALLBACK_INTERVAL_S = 900;
const FAILURE_BASE_MS = 60_000;
const FAILURE_CAP_MS = 24 * 60 * 60 * 1000;

function intervalMs(config: Pick<Config, 'icalSyncIntervalSeconds'>): number {
  return (config.icalSyncIntervalSeconds > 0 ? config.icalSyncIntervalSeconds : FALLBACK_INTERVAL_S) * 1000;
}

export function nextAttemptAfterSuccess(
  config: Pick<Config, 'icalSyncIntervalSeconds'>,
  now: Date,
  random: () => number = Math.random,
): string {
  const base = intervalMs(config);
  return new Date(now.getTime() + base + Math.floor(random() * base * 0.1)).toISOString();
}

export function failureDelayMs(config: Pick<Config, 'icalSyncIntervalSeconds'>, failures: number): number {
  const first = Math.min(FAILURE_BASE_MS, intervalMs(config));
  return Math.min(first * 2 ** Math.min(Math.max(failures - 1, 0), 20), Math.max(FAILURE_CAP_MS, intervalMs(config)));
}

export function nextAttemptAfterFailure(
  config: Pick<Config, 'icalSyncIntervalSeconds'>,
  failures: number,
  now: Date,
): string {
  return new Date(now.getTime() + failureDelayMs(config, failures)).toISOString();
}

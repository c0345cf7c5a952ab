import type autocannon from 'autocannon';

/**
 * Spreads a route's requests over the given keys, one after the other, keeping any body the
 * route's own setupRequest writes.
 */
export function overKeys(options: autocannon.Options, keys: readonly string[]): autocannon.Options {
  if (keys.length < 2) return options;
  let next = 0;
  const setup = options.requests?.[0]?.setupRequest;
  const own = typeof setup === 'function' ? setup : undefined;
  return {
    ...options,
    requests: [
      {
        setupRequest: (request, context) => {
          const built = own === undefined ? request : own(request, context);
          const key = keys[next++ % keys.length] ?? '';
          return { ...built, headers: { ...built.headers, authorization: `Bearer ${key}` } };
        },
      },
    ],
  };
}

/** Limits the environment may set; the pass with the limits on (bench-server.ts) keeps what it sets. */
const LIMIT_VARIABLES = [
  'RATE_LIMIT_PER_KEY',
  'RATE_LIMIT_PUBLIC_PER_IP',
  'RATE_LIMIT_ICAL_EXPORT_PER_IP',
  'AUTH_FAILURES_PER_IP',
  'DRAFTS_PER_KEY',
] as const;

/**
 * The pass with the limits on, as its tables name it: the limits it ran with (their defaults, but
 * for any the environment sets, and the counters in Redis when RATE_LIMIT_REDIS_URL is set) and
 * the keys its load went over.
 */
export function limitedLabel(store: string, keys: number): string {
  const set = LIMIT_VARIABLES.filter((name) => (process.env[name] ?? '') !== '').map(
    (name) => `${name}=${process.env[name] ?? ''}`,
  );
  const limits =
    set.length > 0 ? `abuse limits on, set in the environment: ${set.join(', ')}` : 'abuse limits at their defaults';
  const redis = (process.env.RATE_LIMIT_REDIS_URL ?? '') !== '' ? ', counted in Redis' : '';
  return `${store}, ${limits}${redis}, the load over ${String(keys)} keys`;
}

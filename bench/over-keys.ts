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

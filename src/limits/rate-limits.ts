import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppContext } from '../app-context.ts';
import { hashApiKey } from '../auth/api-keys.ts';
import { bearerToken } from '../http/bearer-token.ts';
import { AppError, tooManyRequests } from '../http/errors.ts';
import type { App } from '../http/types.ts';

/**
 * Request-rate limits (docs/api.md#limits, README.md#security), built on @fastify/rate-limit:
 * - per API key on the v1 and admin API (RATE_LIMIT_PER_KEY a minute);
 * - per client address on the public webhook, payment and invoice routes (RATE_LIMIT_PUBLIC_PER_IP);
 * - per client address on exported calendars, a limit of their own far above any channel's
 *   polling (RATE_LIMIT_ICAL_EXPORT_PER_IP): channels behind one proxy share an address;
 * - per client address on guest pages (RATE_LIMIT_GUEST_PAGE_PER_IP), low enough that a guesser of
 *   page tokens is refused after a few tries, high enough for a guest reading their own page;
 * - per client address on failed authentication (AUTH_FAILURES_PER_IP): past the limit, the
 *   address is refused before its key is even looked up, until the minute is over.
 * Counters live in the process, or in Redis when RATE_LIMIT_REDIS_URL is set so that several
 * processes share them (the Redis client is loaded only then). Every refusal is a 429
 * TOO_MANY_REQUESTS with Retry-After.
 */

const MINUTE_MS = 60_000;
/** Addresses remembered as blocked in this process; the oldest are forgotten beyond this. */
const MAX_BLOCKED = 10_000;

/** An async hook made by @fastify/rate-limit; it throws the 429. */
export type LimitHook = ReturnType<App['rateLimit']>;

export interface Limiters {
  /** Per-key hook for authenticated scopes (after the key check), or null when off. */
  perKey: LimitHook | null;
  /** Per-address hook for public routes, or null when off. */
  publicPerIp: LimitHook | null;
  /** Per-address hook for exported calendars, or null when off. */
  icalExportPerIp: LimitHook | null;
  /** Per-address hook for guest pages, or null when off. */
  guestPagePerIp: LimitHook | null;
  /** Wraps the key check so that failed attempts are counted and, past the limit, refused. */
  guardAuth(check: onRequestHookHandler): onRequestHookHandler;
}

function tooMany(message: string, limit: number, retryAfterSeconds: number): AppError {
  return tooManyRequests('rate_limited', message, { limit, retry_after_seconds: Math.max(1, retryAfterSeconds) });
}

/**
 * The key's identity in the counters: the id of the key the request was admitted with (the
 * per-key limit runs after the key check), so no secret is ever stored in Redis and none is
 * hashed again per request; a hash of the presented secret should a request reach it unadmitted.
 */
function keyIdentity(request: FastifyRequest): string {
  const admitted = request.apiKey;
  if (admitted !== null) return `key:${String(admitted.id)}`;
  return `key:${hashApiKey(bearerToken(request.headers.authorization) ?? '').slice(0, 32)}`;
}

export async function installRateLimits(app: App, ctx: Pick<AppContext, 'config'>): Promise<Limiters> {
  const limits = ctx.config.limits;
  if (
    limits.perKeyPerMinute === 0 &&
    limits.publicPerIpPerMinute === 0 &&
    limits.icalExportPerIpPerMinute === 0 &&
    limits.guestPagePerIpPerMinute === 0 &&
    limits.authFailuresPerIpPerMinute === 0
  ) {
    return {
      perKey: null,
      publicPerIp: null,
      icalExportPerIp: null,
      guestPagePerIp: null,
      guardAuth: (check) => check,
    };
  }
  let redis: Redis | null = null;
  if (limits.redisUrl !== null) {
    const { Redis } = await import('ioredis');
    redis = new Redis(limits.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    // An unreachable Redis must not take the API down: requests pass unlimited meanwhile.
    redis.on('error', (error: Error) => {
      app.log.warn(
        { err: { message: error.message } },
        'rate-limit store (Redis) unreachable; requests are not limited meanwhile',
      );
    });
    const client = redis;
    app.addHook('onClose', async () => {
      await client.quit().catch(() => undefined);
    });
  }
  await app.register(rateLimit, {
    global: false,
    timeWindow: MINUTE_MS,
    ...(redis === null ? {} : { redis, nameSpace: 'staydesk-rate-limit:', skipOnError: true }),
    errorResponseBuilder: (_request, context) =>
      tooMany(
        `Too many requests: at most ${context.max} a minute. Retry in ${context.after}.`,
        context.max,
        Math.ceil(context.ttl / 1000),
      ),
  });

  const perKey: LimitHook | null =
    limits.perKeyPerMinute === 0
      ? null
      : app.rateLimit({ max: limits.perKeyPerMinute, timeWindow: MINUTE_MS, keyGenerator: keyIdentity });
  const publicPerIp: LimitHook | null =
    limits.publicPerIpPerMinute === 0
      ? null
      : app.rateLimit({
          max: limits.publicPerIpPerMinute,
          timeWindow: MINUTE_MS,
          keyGenerator: (request) => `public:${request.ip}`,
        });
  const icalExportPerIp: LimitHook | null =
    limits.icalExportPerIpPerMinute === 0
      ? null
      : app.rateLimit({
          max: limits.icalExportPerIpPerMinute,
          timeWindow: MINUTE_MS,
          keyGenerator: (request) => `ical-export:${request.ip}`,
        });
  const guestPagePerIp: LimitHook | null =
    limits.guestPagePerIpPerMinute === 0
      ? null
      : app.rateLimit({
          max: limits.guestPagePerIpPerMinute,
          timeWindow: MINUTE_MS,
          keyGenerator: (request) => `guest-page:${request.ip}`,
        });

  const maxFailures = limits.authFailuresPerIpPerMinute;
  if (maxFailures === 0) return { perKey, publicPerIp, icalExportPerIp, guestPagePerIp, guardAuth: (check) => check };
  const countFailure = app.createRateLimit({
    max: maxFailures,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `auth-failures:${request.ip}`,
  });
  const blockedUntil = new Map<string, number>();
  const refusal = (seconds: number) =>
    tooMany(
      `Too many failed authentications from this address: at most ${maxFailures} a minute. Retry in ${seconds} s.`,
      maxFailures,
      seconds,
    );

  const guardAuth = (check: onRequestHookHandler): onRequestHookHandler =>
    function (this: unknown, request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
      const until = blockedUntil.get(request.ip);
      if (until !== undefined) {
        const left = until - Date.now();
        if (left > 0) {
          done(refusal(Math.ceil(left / 1000)));
          return;
        }
        blockedUntil.delete(request.ip);
      }
      const after = (error?: Error): void => {
        if (!(error instanceof AppError) || error.name !== 'UNAUTHORIZED') {
          done(error);
          return;
        }
        countFailure(request).then(
          (result) => {
            if (result.isAllowed || !result.isExceeded) {
              done(error);
              return;
            }
            if (blockedUntil.size >= MAX_BLOCKED) blockedUntil.delete(blockedUntil.keys().next().value ?? '');
            blockedUntil.set(request.ip, Date.now() + result.ttl);
            done(refusal(Math.max(1, result.ttlInSeconds)));
          },
          () => {
            done(error);
          },
        );
      };
      (
        check as (this: unknown, request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void
      ).call(this, request, reply, after);
    };
  return { perKey, publicPerIp, icalExportPerIp, guestPagePerIp, guardAuth };
}

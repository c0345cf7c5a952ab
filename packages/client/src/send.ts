import { retryDelay } from './backoff.ts';
import { errorFor, type StaydeskError, StaydeskNetworkError } from './errors.ts';
import { checkTimeout, type ClientSettings } from './options.ts';
import type { ApiResponse } from './response.ts';
import { sleep } from './timers.ts';
import type { ErrorReason } from './types.ts';

export interface RequestOptions {
  /** This request's timeout per attempt, instead of the client's `timeoutMs`. */
  timeoutMs?: number;
  /** Abandons the request, and any wait between its attempts, with the signal's reason. */
  signal?: AbortSignal;
}

async function errorOf(res: Response): Promise<StaydeskError> {
  const text = await res.text();
  let body: { error?: { message?: string; details?: Record<string, unknown> }; metadata?: { request_id?: string } } =
    {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not the service's JSON (a proxy's page, say): the status says what is known.
  }
  const details = body.error?.details ?? {};
  const retryAfter = Number(res.headers.get('retry-after') ?? Number.NaN);
  return errorFor({
    status: res.status,
    message: body.error?.message ?? `HTTP ${res.status}`,
    reason: typeof details.reason === 'string' ? (details.reason as ErrorReason) : undefined,
    details,
    requestId: res.headers.get('x-request-id') ?? body.metadata?.request_id,
    retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
  });
}

/** A `rate_limited` 429 or a 503 passes; a `draft_limit` 429 does not (it lasts until a draft ends). */
function retryable(error: StaydeskError): boolean {
  return (error.status === 429 && error.reason === 'rate_limited') || error.status === 503;
}

type Attempt = { answer: ApiResponse<unknown> } | { refusal: StaydeskError } | { failure: unknown; timedOut: boolean };

/** What a failure without an answer was, in a few words: the system's code when there is one. */
function describe(failure: unknown): string {
  const cause = (failure as { cause?: { code?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return failure instanceof Error ? failure.message : String(failure);
}

/**
 * Sends requests to the service: one attempt at a time, each abandoned after its timeout, and
 * another after a wait (exponential backoff with jitter, at least the answer's Retry-After) when
 * no answer came (refused, reset, timed out) or the answer was a 503 or a `rate_limited` 429.
 * Every attempt sends the same body, so a booking's idempotency key makes a retry safe.
 */
export function createSender(settings: ClientSettings) {
  const { timers, backoff } = settings;

  async function attempt(url: string, init: RequestInit, timeoutMs: number, signal?: AbortSignal): Promise<Attempt> {
    signal?.throwIfAborted();
    const controller = new AbortController();
    let timedOut = false;
    const timer = timers.setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException(`No answer within ${timeoutMs} ms.`, 'TimeoutError'));
    }, timeoutMs);
    const onAbort = () => {
      controller.abort(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const res = await settings.fetch(url, { ...init, signal: controller.signal });
      if (!res.ok) return { refusal: await errorOf(res) };
      const body = (await res.json()) as { data: unknown; metadata?: { request_id?: unknown } };
      const bodyId = body.metadata?.request_id;
      return {
        answer: {
          data: body.data,
          requestId: res.headers.get('x-request-id') ?? (typeof bodyId === 'string' ? bodyId : undefined),
          replayed: res.headers.get('idempotent-replayed') === 'true',
          status: res.status,
        },
      };
    } catch (failure) {
      if (signal?.aborted === true) throw signal.reason;
      // fetch rejects with a TypeError when no answer came (refused, reset, a name not found);
      // anything else (an answer that is not JSON, a bug) is not worth another attempt.
      if (timedOut || failure instanceof TypeError) return { failure, timedOut };
      throw failure;
    } finally {
      timers.clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return async function send<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const timeoutMs =
      options.timeoutMs === undefined ? settings.timeoutMs : checkTimeout(options.timeoutMs, 'the timeoutMs of a call');
    if (options.signal !== undefined && !(options.signal instanceof AbortSignal))
      throw new TypeError('The signal of a call must be an AbortSignal.');
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const init: RequestInit = {
      method,
      headers: {
        authorization: `Bearer ${settings.apiKey}`,
        accept: 'application/json',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { body: payload }),
    };
    for (let n = 1; ; n++) {
      const outcome = await attempt(`${settings.base}${path}`, init, timeoutMs, options.signal);
      if ('answer' in outcome) return outcome.answer as ApiResponse<T>;
      let retryAfterMs: number | undefined;
      if ('refusal' in outcome) {
        const error = outcome.refusal;
        retryAfterMs = error.retryAfter === undefined ? undefined : error.retryAfter * 1000;
        if (n >= settings.attempts || !retryable(error) || (retryAfterMs ?? 0) > settings.maxWaitMs) throw error;
      } else if (n >= settings.attempts) {
        throw new StaydeskNetworkError({
          message: `No answer from Staydesk to ${method} ${path} after ${n} attempt${n === 1 ? '' : 's'}: ${
            outcome.timedOut ? `none within ${timeoutMs} ms` : describe(outcome.failure)
          }.`,
          cause: outcome.failure,
          timedOut: outcome.timedOut,
          attempts: n,
        });
      }
      await sleep(timers, retryDelay(backoff, n, Math.random(), retryAfterMs), options.signal);
    }
  };
}

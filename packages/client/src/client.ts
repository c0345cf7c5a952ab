import { BookingCancelledError, ConfirmationTimeoutError, StaydeskError } from './errors.ts';
import type {
  Availability,
  AvailabilityRequest,
  Booking,
  BookingCreated,
  Calendar,
  CalendarRequest,
  CreateBookingRequest,
  ErrorReason,
  EventPage,
} from './types.ts';

export interface RetryOptions {
  /** Attempts in all, the first included (default 3). */
  attempts?: number;
  /** A Retry-After longer than this is not waited for: the error is thrown (default 60 s). */
  maxWaitMs?: number;
}

export interface ClientOptions {
  /** Where the service is, e.g. `https://staydesk.example.com`. */
  baseUrl: string;
  apiKey: string;
  /** The service slug of the deployment's paths (default `staydesk`). */
  slug?: string;
  fetch?: typeof fetch;
  /** `false` never retries. */
  retry?: RetryOptions | false;
}

export interface WaitOptions {
  attempts?: number;
  intervalMs?: number;
  signal?: AbortSignal;
}

export interface StaydeskClient {
  availability(body: AvailabilityRequest): Promise<Availability>;
  /** Adds `booking_data.idempotency_key` when absent; a retry sends the same key. */
  createBooking(body: CreateBookingRequest): Promise<BookingCreated>;
  getBooking(id: number): Promise<Booking>;
  calendar(body: CalendarRequest): Promise<Calendar>;
  /** Cancels a draft this key made (its nights are freed); any other state is a 409. */
  cancelDraft(id: number): Promise<Booking>;
  events(query?: { after?: string; limit?: number }): Promise<EventPage>;
  /**
   * Polls the booking until it is confirmed (the contract's card-payment poller: 30 × 2,000 ms).
   * Rejects with BookingCancelledError when it is cancelled for any reason but `payment_timeout`
   * (a late payment still confirms that one), with ConfirmationTimeoutError after the last attempt.
   */
  waitForConfirmation(id: number, options?: WaitOptions): Promise<Booking>;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
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
  return new StaydeskError({
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

export function createClient(options: ClientOptions): StaydeskClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = `${options.baseUrl.replace(/\/+$/, '')}/api/v1/${options.slug ?? 'staydesk'}`;
  const retry = options.retry === false ? { attempts: 1, maxWaitMs: 0 } : options.retry;
  const attempts = Math.max(1, retry?.attempts ?? 3);
  const maxWaitMs = retry?.maxWaitMs ?? 60_000;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    for (let attempt = 1; ; attempt++) {
      const res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body: payload }),
      });
      if (res.ok) return ((await res.json()) as { data: T }).data;
      const error = await errorOf(res);
      const wait = (error.retryAfter ?? 1) * 1000;
      if (attempt >= attempts || !retryable(error) || wait > maxWaitMs) throw error;
      await sleep(wait);
    }
  }

  const client: StaydeskClient = {
    availability: (body) => call('POST', '/availability', body),
    createBooking: (body) => {
      // Every attempt sends the same key, so a retry never makes a second booking.
      const key = body.booking_data.idempotency_key ?? crypto.randomUUID();
      return call('POST', '/bookings', { ...body, booking_data: { ...body.booking_data, idempotency_key: key } });
    },
    getBooking: (id) => call('GET', `/bookings/${encodeURIComponent(String(id))}`),
    calendar: (body) => call('POST', '/calendar', body),
    cancelDraft: (id) => call('POST', `/bookings/${encodeURIComponent(String(id))}/cancel`, {}),
    events: (query = {}) => {
      const params = new URLSearchParams();
      if (query.after !== undefined) params.set('after', query.after);
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      const search = params.toString();
      return call('GET', `/events${search === '' ? '' : `?${search}`}`);
    },
    waitForConfirmation: async (id, { attempts: tries = 30, intervalMs = 2000, signal } = {}) => {
      let last: Booking | undefined;
      for (let attempt = 1; attempt <= tries; attempt++) {
        if (signal?.aborted === true) throw signal.reason as Error;
        last = await client.getBooking(id);
        const status = last.booking_status;
        if (status === 'confirmed' || status === 'modified') return last;
        if (status === 'cancelled' && last.cancel_reason !== 'payment_timeout') throw new BookingCancelledError(last);
        if (attempt < tries) await sleep(intervalMs, signal);
      }
      throw new ConfirmationTimeoutError(last);
    },
  };
  return client;
}

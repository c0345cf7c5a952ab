import { BookingCancelledError, ConfirmationTimeoutError } from './errors.ts';
import { clientSettings, type ClientOptions } from './options.ts';
import { StaydeskPromise, type ApiResponse } from './response.ts';
import { createSender, type RequestOptions } from './send.ts';
import { sleep } from './timers.ts';
import type {
  Availability,
  AvailabilityRequest,
  Booking,
  BookingCreated,
  Calendar,
  CalendarDebug,
  CalendarHealth,
  CalendarRequest,
  CalendarTest,
  ConnectionTest,
  CreateBookingRequest,
  EventPage,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEndpointDeleted,
  WebhookEndpointRequest,
  TestEventSent,
  TestPayment,
  TestPaymentOutcome,
} from './types.ts';

export interface WaitOptions {
  attempts?: number;
  intervalMs?: number;
  /** Each read's timeout, instead of the client's `timeoutMs`. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface EventsQuery {
  /** An event id: the page starts after it (the previous page's `next_cursor`); absent: the oldest kept. */
  after?: string;
  /** Events per page, 1 to 500 (default 100). */
  limit?: number;
}

/**
 * One method per v1 route. Each takes `RequestOptions` last (`{timeoutMs, signal}`), retries as
 * the client's `retry` option says (when no answer came, on a 503 and on a `rate_limited` 429),
 * and returns a StaydeskPromise: `await` gives the answer's `data`, `.withResponse()` gives
 * `{data, requestId, replayed, status}`.
 */
export interface StaydeskClient {
  /** `POST /availability`: whether the nights are free, and the price. */
  availability(body: AvailabilityRequest, options?: RequestOptions): StaydeskPromise<Availability>;
  /** `POST /bookings`. Adds `booking_data.idempotency_key` when absent; every retry sends the same key. */
  createBooking(body: CreateBookingRequest, options?: RequestOptions): StaydeskPromise<BookingCreated>;
  /** `GET /bookings/:id`. */
  getBooking(id: number, options?: RequestOptions): StaydeskPromise<Booking>;
  /** `POST /bookings/:id/cancel`: releases a draft this key made (its nights are freed); any other state is a 409. */
  cancelDraft(id: number, options?: RequestOptions): StaydeskPromise<Booking>;
  /** `POST /calendar`: one month of one accommodation. */
  calendar(body: CalendarRequest, options?: RequestOptions): StaydeskPromise<Calendar>;
  /** `GET /events`: this key's events after a cursor, oldest first (the catch-up feed). */
  events(query?: EventsQuery, options?: RequestOptions): StaydeskPromise<EventPage>;
  /** `POST /webhook-endpoints`: the answer carries the endpoint's signing secret, this once. */
  createWebhookEndpoint(
    body: WebhookEndpointRequest,
    options?: RequestOptions,
  ): StaydeskPromise<WebhookEndpointCreated>;
  /** `GET /webhook-endpoints`: this key's endpoints (never their secrets). */
  listWebhookEndpoints(options?: RequestOptions): StaydeskPromise<WebhookEndpoint[]>;
  /** `DELETE /webhook-endpoints/:id`. */
  deleteWebhookEndpoint(id: number, options?: RequestOptions): StaydeskPromise<WebhookEndpointDeleted>;
  /** `GET /test`: the key works; who it is. */
  testConnection(options?: RequestOptions): StaydeskPromise<ConnectionTest>;
  /** `POST /calendar/health`. */
  calendarHealth(options?: RequestOptions): StaydeskPromise<CalendarHealth>;
  /** `POST /calendar/test`. */
  calendarTest(options?: RequestOptions): StaydeskPromise<CalendarTest>;
  /** `POST /calendar/debug`. */
  calendarDebug(options?: RequestOptions): StaydeskPromise<CalendarDebug>;
  /** `POST /test/bookings/:id/payment`, test keys only: plays the card processor for this key's test booking. */
  testPayment(id: number, outcome: TestPaymentOutcome, options?: RequestOptions): StaydeskPromise<TestPayment>;
  /** `POST /webhook-endpoints/:id/test`: a signed sample booking.created with livemode false to that endpoint. */
  sendTestEvent(endpointId: number, options?: RequestOptions): StaydeskPromise<TestEventSent>;
  /**
   * Polls the booking until it is confirmed (the contract's card-payment poller: 30 × 2,000 ms).
   * Rejects with BookingCancelledError when it is cancelled for any reason but `payment_timeout`
   * (a late payment still confirms that one), with ConfirmationTimeoutError after the last attempt.
   */
  waitForConfirmation(id: number, options?: WaitOptions): Promise<Booking>;
}

const idPath = (id: number) => encodeURIComponent(String(id));

/** An event of the feed as the contract has it: an older service's events carry no `livemode`. */
function feedPage(page: EventPage): EventPage {
  return {
    ...page,
    events: page.events.map((e) => ({ ...e, livemode: typeof e.livemode === 'boolean' ? e.livemode : true })),
  };
}

/** Throws a TypeError naming the option when `options` are not usable (a missing `baseUrl`, say). */
export function createClient(options: ClientOptions): StaydeskClient {
  const settings = clientSettings(options);
  const send = createSender(settings);
  const call = <T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body: unknown,
    opts: RequestOptions | undefined,
  ): StaydeskPromise<T> => new StaydeskPromise(send<T>(method, path, body, opts));

  const client: StaydeskClient = {
    availability: (body, opts) => call('POST', '/availability', body, opts),
    createBooking: (body, opts) => {
      const key = body.booking_data.idempotency_key ?? crypto.randomUUID();
      return call('POST', '/bookings', { ...body, booking_data: { ...body.booking_data, idempotency_key: key } }, opts);
    },
    getBooking: (id, opts) => call('GET', `/bookings/${idPath(id)}`, undefined, opts),
    cancelDraft: (id, opts) => call('POST', `/bookings/${idPath(id)}/cancel`, {}, opts),
    calendar: (body, opts) => call('POST', '/calendar', body, opts),
    events: (query = {}, opts) => {
      const params = new URLSearchParams();
      if (query.after !== undefined) params.set('after', query.after);
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      const search = params.toString();
      const sent = send<EventPage>('GET', `/events${search === '' ? '' : `?${search}`}`, undefined, opts);
      return new StaydeskPromise(sent.then((r): ApiResponse<EventPage> => ({ ...r, data: feedPage(r.data) })));
    },
    createWebhookEndpoint: (body, opts) => call('POST', '/webhook-endpoints', body, opts),
    listWebhookEndpoints: (opts) => call('GET', '/webhook-endpoints', undefined, opts),
    deleteWebhookEndpoint: (id, opts) => call('DELETE', `/webhook-endpoints/${idPath(id)}`, undefined, opts),
    testConnection: (opts) => call('GET', '/test', undefined, opts),
    calendarHealth: (opts) => call('POST', '/calendar/health', {}, opts),
    calendarTest: (opts) => call('POST', '/calendar/test', {}, opts),
    calendarDebug: (opts) => call('POST', '/calendar/debug', {}, opts),
    testPayment: (id, outcome, opts) => call('POST', `/test/bookings/${idPath(id)}/payment`, { outcome }, opts),
    sendTestEvent: (endpointId, opts) => call('POST', `/webhook-endpoints/${idPath(endpointId)}/test`, {}, opts),
    waitForConfirmation: async (id, { attempts: tries = 30, intervalMs = 2000, timeoutMs, signal } = {}) => {
      const read: RequestOptions = {
        ...(signal === undefined ? {} : { signal }),
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
      };
      let last: Booking | undefined;
      for (let attempt = 1; attempt <= tries; attempt++) {
        signal?.throwIfAborted();
        last = await client.getBooking(id, read);
        const status = last.booking_status;
        if (status === 'confirmed' || status === 'modified') return last;
        if (status === 'cancelled' && last.cancel_reason !== 'payment_timeout') throw new BookingCancelledError(last);
        if (attempt < tries) await sleep(settings.timers, intervalMs, signal);
      }
      throw new ConfirmationTimeoutError(last);
    },
  };
  return client;
}

import { BookingCancelledError, ConfirmationTimeoutError } from './errors.ts';
import { clientSettings, type ClientOptions } from './options.ts';
import { createSender, type RequestOptions } from './send.ts';
import { sleep } from './timers.ts';
import type {
  Availability,
  AvailabilityRequest,
  Booking,
  BookingCreated,
  Calendar,
  CalendarRequest,
  CreateBookingRequest,
  EventPage,
  TestEventSent,
  TestPayment,
  TestPaymentOutcome,
} from './types.ts';

export interface WaitOptions {
  attempts?: number;
  intervalMs?: number;
  signal?: AbortSignal;
}

/**
 * Every method takes `RequestOptions` last (`{timeoutMs, signal}`), and retries as the client's
 * `retry` option says: when no answer came, on a 503 and on a `rate_limited` 429.
 */
export interface StaydeskClient {
  availability(body: AvailabilityRequest, options?: RequestOptions): Promise<Availability>;
  /** Adds `booking_data.idempotency_key` when absent; every retry sends the same key. */
  createBooking(body: CreateBookingRequest, options?: RequestOptions): Promise<BookingCreated>;
  getBooking(id: number, options?: RequestOptions): Promise<Booking>;
  calendar(body: CalendarRequest, options?: RequestOptions): Promise<Calendar>;
  /** Cancels a draft this key made (its nights are freed); any other state is a 409. */
  cancelDraft(id: number, options?: RequestOptions): Promise<Booking>;
  events(query?: { after?: string; limit?: number }, options?: RequestOptions): Promise<EventPage>;
  /** Test keys only: plays the card processor for this key's test booking (succeeded, failed, amount_mismatch). */
  testPayment(id: number, outcome: TestPaymentOutcome, options?: RequestOptions): Promise<TestPayment>;
  /** Sends one of this key's endpoints a signed sample booking.created with livemode false. */
  sendTestEvent(endpointId: number, options?: RequestOptions): Promise<TestEventSent>;
  /**
   * Polls the booking until it is confirmed (the contract's card-payment poller: 30 × 2,000 ms).
   * Rejects with BookingCancelledError when it is cancelled for any reason but `payment_timeout`
   * (a late payment still confirms that one), with ConfirmationTimeoutError after the last attempt.
   */
  waitForConfirmation(id: number, options?: WaitOptions): Promise<Booking>;
}

/** Throws a TypeError naming the option when `options` are not usable (a missing `baseUrl`, say). */
export function createClient(options: ClientOptions): StaydeskClient {
  const settings = clientSettings(options);
  const send = createSender(settings);
  const bookingPath = (id: number, rest = '') => `/bookings/${encodeURIComponent(String(id))}${rest}`;

  const client: StaydeskClient = {
    availability: (body, opts) => send('POST', '/availability', body, opts),
    createBooking: (body, opts) => {
      const key = body.booking_data.idempotency_key ?? crypto.randomUUID();
      return send('POST', '/bookings', { ...body, booking_data: { ...body.booking_data, idempotency_key: key } }, opts);
    },
    getBooking: (id, opts) => send('GET', bookingPath(id), undefined, opts),
    calendar: (body, opts) => send('POST', '/calendar', body, opts),
    cancelDraft: (id, opts) => send('POST', bookingPath(id, '/cancel'), {}, opts),
    events: (query = {}, opts) => {
      const params = new URLSearchParams();
      if (query.after !== undefined) params.set('after', query.after);
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      const search = params.toString();
      return send('GET', `/events${search === '' ? '' : `?${search}`}`, undefined, opts);
    },
    testPayment: (id, outcome, opts) => send('POST', `/test${bookingPath(id, '/payment')}`, { outcome }, opts),
    sendTestEvent: (endpointId, opts) =>
      send('POST', `/webhook-endpoints/${encodeURIComponent(String(endpointId))}/test`, {}, opts),
    waitForConfirmation: async (id, { attempts: tries = 30, intervalMs = 2000, signal } = {}) => {
      let last: Booking | undefined;
      for (let attempt = 1; attempt <= tries; attempt++) {
        signal?.throwIfAborted();
        last = await client.getBooking(id, signal === undefined ? {} : { signal });
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

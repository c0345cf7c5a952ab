import type { StaydeskClient } from './client.ts';
import { StaydeskError } from './errors.ts';
import { browserAddress, visitorKey, type ConnectionInfo } from './proxy-address.ts';
import { answer, calendarView, quoteView, refuse, relayed } from './proxy-answers.ts';
import {
  checkAvailability,
  checkBooking,
  checkCalendar,
  guestBooking,
  isCardBooking,
  type Refusal,
} from './proxy-input.ts';
import { createDraftLedger, createRequestLimiter, type DraftRefusal, type DraftSlot } from './proxy-limits.ts';
import { createStatusTokens } from './proxy-token.ts';

export type { ConnectionInfo } from './proxy-address.ts';
export type { ProxyCalendar, ProxyQuote } from './proxy-answers.ts';

/**
 * A web-standard `(Request, connection) → Response` handler a partner mounts on its own server
 * (Fastify, Express, Hono, Next.js route handlers) so that a browser can quote and book without
 * ever holding the API key: POST /availability, POST /calendar, POST /bookings and
 * GET /bookings/:id?token=…, relative to where it is mounted. packages/client/README.md is its
 * reference: what each route answers, the limits, the visitor's address, the status tokens.
 */

/** The part of the official `stripe` package the proxy uses. */
export interface StripeLike {
  paymentIntents: {
    create(
      params: {
        amount: number;
        currency: string;
        metadata: Record<string, string>;
        automatic_payment_methods?: { enabled: boolean };
      },
      options?: { idempotencyKey?: string },
    ): Promise<{ id: string; client_secret: string | null }>;
  };
}

export interface BookingProxyOptions {
  client: StaydeskClient;
  stripe?: StripeLike;
  /** The PaymentIntent's currency when the booking's own is not to be used (ISO 4217). */
  currency?: string;
  /**
   * Requests per visitor per window (default 30 a minute). At most `maxAddresses` visitors are
   * counted at once (default 10,000): past that, ended windows are dropped, then the oldest.
   */
  rateLimit?: { max: number; windowMs?: number; maxAddresses?: number };
  /**
   * How many proxies of your own stand between browsers and this handler, each appending to
   * X-Forwarded-For (default 0: the header is ignored and the connection's address is the
   * visitor's; 1 behind one load balancer).
   */
  trustedProxies?: number;
  /**
   * The visitor's address, for platforms that give it another way (a header set by the platform
   * such as `CF-Connecting-IP`); replaces the connection's address and `trustedProxies`.
   */
  clientAddress?: (request: Request, connection: ConnectionInfo) => string | undefined;
  /** Card drafts one visitor may hold at once through the proxy (default 3). */
  draftsPerAddress?: number;
  /** Card drafts the whole proxy may hold at once (default 10, half the API key's cap of 20). */
  draftsPerProxy?: number;
  /**
   * Signs the status tokens (at least 32 characters). Give every instance of the proxy the same
   * one; without it each process makes its own, and its tokens stop working when it stops.
   */
  statusSecret?: string;
  /** Hears every error that made a 5xx answer (default: `console.error`). */
  onError?: (error: unknown) => void;
  /** The clock of the limits, in milliseconds (default `Date.now`). */
  now?: () => number;
}

export type BookingProxy = (request: Request, connection?: ConnectionInfo) => Promise<Response>;

/** How long a card draft holds its nights at the service when its booking does not say. */
const DRAFT_HOLD_MS = 30 * 60_000;
/** A counted draft is asked about again (has it been paid?) at most this often. */
const DRAFT_REREAD_MS = 60_000;
const KEY_DRAFT_CAP = 20;

function fail(message: string): never {
  throw new TypeError(`createBookingProxy: ${message}`);
}

function count(value: unknown, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || (value as number) < min) fail(`${name} must be an integer from ${min}.`);
  return value as number;
}

function minorUnits(amount: number, currency: string): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  return Math.round(amount * 10 ** (digits ?? 2));
}

const notConfigured = new Error(
  'createBookingProxy: no address for this request. Pass the connection to the handler, ' +
    'proxy(request, { address: <the socket remote address> }), set trustedProxies when proxies of ' +
    'your own add X-Forwarded-For, or give clientAddress.',
);

export function createBookingProxy(options: BookingProxyOptions): BookingProxy {
  const { client, stripe } = options;
  if (typeof (client as unknown) !== 'object' || client === null || typeof client.getBooking !== 'function')
    fail('client is required (createClient(...)).');
  const now = options.now ?? Date.now;
  const onError =
    options.onError ??
    ((error: unknown) => {
      console.error('@staydesk/client/proxy:', error);
    });
  const trustedProxies = count(options.trustedProxies, 'trustedProxies', 0, 0);
  const drafts = createDraftLedger(
    {
      perVisitor: count(options.draftsPerAddress, 'draftsPerAddress', 3, 1),
      perProxy: count(options.draftsPerProxy, 'draftsPerProxy', KEY_DRAFT_CAP / 2, 1),
    },
    DRAFT_HOLD_MS,
    now,
  );
  const limiter = createRequestLimiter(
    {
      max: count(options.rateLimit?.max, 'rateLimit.max', 30, 1),
      windowMs: count(options.rateLimit?.windowMs, 'rateLimit.windowMs', 60_000, 1),
      maxVisitors: count(options.rateLimit?.maxAddresses, 'rateLimit.maxAddresses', 10_000, 1),
    },
    now,
  );
  if (
    options.statusSecret !== undefined &&
    (typeof options.statusSecret !== 'string' || options.statusSecret.length < 32)
  )
    fail('statusSecret must be a string of at least 32 characters.');
  const tokens = createStatusTokens(options.statusSecret);

  function visitorOf(request: Request, connection: ConnectionInfo): string | null {
    const address = options.clientAddress
      ? options.clientAddress(request, connection)
      : browserAddress(request, connection, trustedProxies);
    return address === undefined || address.trim() === '' ? null : visitorKey(address);
  }

  async function readBody(request: Request): Promise<Record<string, unknown> | Response> {
    try {
      const body = await request.json();
      if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
    } catch {
      // Answered below.
    }
    return refuse({ status: 400, reason: 'malformed_json', message: 'The body must be a JSON object.' });
  }

  /** Asks the service about counted drafts not read for a while; those no longer drafts are let go. */
  async function reread(refusal: DraftRefusal): Promise<void> {
    await Promise.all(
      drafts.due(refusal.slots, DRAFT_REREAD_MS).map(async ({ bookingId }) => {
        try {
          if ((await client.getBooking(bookingId)).booking_status !== 'draft') drafts.ended(bookingId);
        } catch {
          // Still counted: the next request past the limit asks again.
        }
      }),
    );
  }

  /** A slot for one more card draft of `visitor`, or the 429 that says why not. */
  async function draftSlot(visitor: string): Promise<DraftSlot | Response> {
    const first = drafts.refusal(visitor);
    if (first !== null) await reread(first);
    const refusal = first === null ? null : drafts.refusal(visitor);
    if (refusal === null) return drafts.take(visitor);
    const seconds = Math.max(1, Math.ceil(refusal.retryAfterMs / 1000));
    return refuse({
      status: 429,
      reason: 'draft_limit',
      message:
        refusal.scope === 'visitor'
          ? 'Too many card bookings from this address are waiting for payment; finish or wait for one.'
          : 'Too many card bookings are waiting for payment right now. Please try again later.',
      details: { retry_after_seconds: seconds },
      retryAfter: seconds,
    });
  }

  async function book(body: Record<string, unknown>, visitor: string): Promise<Response> {
    let slot: DraftSlot | null = null;
    if (isCardBooking(body)) {
      const taken = await draftSlot(visitor);
      if (taken instanceof Response) return taken;
      slot = taken;
    }
    let created;
    try {
      created = await client.createBooking(guestBooking(body));
    } catch (error) {
      // A refusal made nothing; with no answer (or a 5xx) a draft may exist, so it stays counted.
      if (slot !== null && error instanceof StaydeskError && error.status < 500) drafts.giveBack(slot);
      throw error;
    }
    const reference = created.booking_reference || created.confirmation_code;
    const status_token = await tokens.tokenFor(created.booking_id);
    if (created.status !== 'draft' || stripe === undefined || slot === null) {
      if (slot !== null) drafts.giveBack(slot);
      return answer(200, {
        booking_id: created.booking_id,
        booking_reference: reference,
        status: created.status,
        status_token,
      });
    }
    // Counted under its id at once, so that the proxy can ask about it even if a step below fails;
    // then until the hold end the service gives it.
    drafts.made(slot, created.booking_id, null);
    const booking = await client.getBooking(created.booking_id);
    const holdEnds = Date.parse(booking.hold_expires_at ?? '');
    drafts.made(slot, created.booking_id, Number.isFinite(holdEnds) ? holdEnds : null);
    if (booking.booking_status !== 'draft') drafts.ended(created.booking_id);
    const currency = (options.currency ?? booking.currency).toLowerCase();
    const intent = await stripe.paymentIntents.create(
      {
        amount: minorUnits(booking.total_amount, currency.toUpperCase()),
        currency,
        metadata: { booking_reference: reference, booking_id: String(created.booking_id) },
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: `staydesk-booking-${created.booking_id}` },
    );
    return answer(200, {
      booking_id: created.booking_id,
      booking_reference: reference,
      client_secret: intent.client_secret,
      status_token,
    });
  }

  /**
   * A booking's status for the browser that made it through this proxy: the token its creation
   * answered goes with its id. A wrong or missing token answers as an unknown booking does.
   */
  async function status(id: number, token: string | null): Promise<Response> {
    if (!(await tokens.matches(id, token))) {
      return refuse({ status: 404, reason: 'booking_not_found', message: 'No such booking.' });
    }
    const b = await client.getBooking(id);
    if (b.booking_status !== 'draft') drafts.ended(id);
    // What a browser needs to follow its booking; the guest's details stay on the server.
    return answer(200, {
      booking_id: b.id,
      booking_reference: b.booking_reference,
      booking_status: b.booking_status,
      checkin_date: b.checkin_date,
      checkout_date: b.checkout_date,
      total_amount: b.total_amount,
      currency: b.currency,
    });
  }

  async function route(request: Request, visitor: string): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/\/+$/, '');
    if (request.method === 'POST' && path.endsWith('/availability')) {
      const body = await readBody(request);
      if (body instanceof Response) return body;
      const refusal = checkAvailability(body);
      if (refusal !== null) return refuse(refusal);
      const { accommodation_id, checkin, checkout, guest_count, extras, composition } = body;
      const asked = { accommodation_id, checkin, checkout, guest_count, extras, composition };
      return answer(200, quoteView(await client.availability(asked as never)));
    }
    if (request.method === 'POST' && path.endsWith('/calendar')) {
      const body = await readBody(request);
      if (body instanceof Response) return body;
      const refusal = checkCalendar(body);
      if (refusal !== null) return refuse(refusal);
      const { accommodation_id, month, year } = body;
      return answer(200, calendarView(await client.calendar({ accommodation_id, month, year } as never)));
    }
    if (request.method === 'POST' && path.endsWith('/bookings')) {
      const body = await readBody(request);
      if (body instanceof Response) return body;
      const refusal = checkBooking(body, stripe !== undefined);
      if (refusal !== null) return refuse(refusal);
      return await book(body, visitor);
    }
    const match = /\/bookings\/(\d{1,15})$/.exec(path);
    if (request.method === 'GET' && match !== null)
      return await status(Number(match[1]), url.searchParams.get('token'));
    return refuse({ status: 404, reason: 'unknown_route', message: 'No such route.' });
  }

  return async (request, connection = {}) => {
    const visitor = visitorOf(request, connection);
    if (visitor === null) {
      onError(notConfigured);
      return refuse({ status: 500, message: 'The booking service is not set up correctly here.' });
    }
    const wait = limiter.hit(visitor);
    if (wait !== null) {
      return refuse({
        status: 429,
        reason: 'rate_limited',
        message: 'Too many requests from this address.',
        details: { retry_after_seconds: wait },
        retryAfter: wait,
      });
    }
    try {
      return await route(request, visitor);
    } catch (error) {
      // The service's refusal of the guest's request is the guest's to hear; a refusal of the
      // proxy's key (401, 403) or a failure is the operator's.
      if (error instanceof StaydeskError && error.status < 500 && error.status !== 401 && error.status !== 403)
        return refuse(relayed(error));
      onError(error);
      const refusal: Refusal = {
        status: 502,
        reason: 'upstream_error',
        message: 'The booking service could not be reached.',
      };
      return refuse(refusal);
    }
  };
}

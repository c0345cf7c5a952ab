import type { StaydeskClient } from './client.ts';
import { StaydeskError } from './errors.ts';
import type { Calendar, CreateBookingRequest } from './types.ts';

/**
 * A web-standard `Request → Response` handler a partner mounts on its own server (Fastify,
 * Express, Hono, Next.js route handlers) so that a browser can quote and book without ever
 * holding the API key: POST /availability, POST /calendar (which nights of a month are taken,
 * never who holds them), POST /bookings and GET /bookings/:id?reference=… (the booking_reference
 * its creation answered, so ids alone read nothing), relative to where it is mounted. Bodies the
 * service would refuse are refused here first; each browser
 * address gets `rateLimit.max` requests a minute. A card booking creates the draft, then a
 * PaymentIntent with the `stripe` instance given (metadata `booking_reference`, which the
 * service's payment webhook reads), and answers `{booking_id, booking_reference, client_secret}`.
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
   * Requests per browser address per window (default 30 a minute). At most `maxAddresses`
   * addresses are counted at once (default 10,000): past that, expired counters are dropped, then
   * the oldest.
   */
  rateLimit?: { max: number; windowMs?: number; maxAddresses?: number };
  /**
   * The browser's address. By default the last `X-Forwarded-For` entry: the one the partner's own
   * load balancer appended (earlier entries are whatever the browser sent). A server that browsers
   * reach directly must pass the connection's address.
   */
  clientAddress?: (request: Request) => string | undefined;
  /**
   * Card drafts one browser address may open per 30 minutes (default 3): a draft holds its nights
   * until it is paid or its hold ends, and the service caps a key's live drafts, so one visitor
   * must not be able to hold them all.
   */
  draftsPerAddress?: number;
}

/** How long a card draft holds its nights at the service, and so how long one counts here. */
const DRAFT_HOLD_MS = 30 * 60_000;

/** What `POST /calendar` answers: one month of one accommodation, with no guest, code or amount. */
export interface ProxyCalendar {
  accommodation_id: number;
  accommodation_name: string;
  month: number;
  year: number;
  /** Nights (`YYYY-MM-DD`) of the month that cannot be booked: stays of any channel, and blocks. */
  taken_nights: string[];
  /** The price of each night of the month, in the accommodation's currency (major units). */
  daily_prices: Record<string, number>;
  min_stay: number;
  max_stay: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Compares two strings in time that does not depend on where they first differ. */
function sameText(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < x.length; i++) diff |= (x[i] ?? 0) ^ (y[i % Math.max(y.length, 1)] ?? 0);
  return diff === 0;
}
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Refusal {
  status: number;
  reason: string;
  message: string;
  details?: Record<string, unknown>;
}

function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

function refuse(r: Refusal, headers: Record<string, string> = {}): Response {
  return answer(
    r.status,
    { success: false, error: { code: r.status, message: r.message, details: { reason: r.reason, ...r.details } } },
    headers,
  );
}

const isRealDate = (v: unknown): v is string =>
  typeof v === 'string' && DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const isCount = (v: unknown, min: number) => Number.isInteger(v) && (v as number) >= min && (v as number) <= 100;
const isText = (v: unknown, max: number) => typeof v === 'string' && v.trim().length > 0 && v.length <= max;

function bad(field: string, reason: string, message: string): Refusal {
  return { status: 400, reason, message, details: { field } };
}

function checkStay(checkin: unknown, checkout: unknown, names: [string, string]): Refusal | null {
  if (!isRealDate(checkin)) return bad(names[0], 'invalid_date', `${names[0]} must be a real YYYY-MM-DD date.`);
  if (!isRealDate(checkout)) return bad(names[1], 'invalid_date', `${names[1]} must be a real YYYY-MM-DD date.`);
  if (checkout <= checkin) return bad(names[1], 'invalid_range', `${names[1]} must be after ${names[0]}.`);
  return null;
}

function checkAvailability(body: Record<string, unknown>): Refusal | null {
  if (!Number.isInteger(body.accommodation_id) || (body.accommodation_id as number) < 1) {
    return bad('accommodation_id', 'invalid_type', 'accommodation_id must be a positive integer.');
  }
  if (body.guest_count !== undefined && !isCount(body.guest_count, 1)) {
    return bad('guest_count', 'invalid_minimum', 'guest_count must be an integer from 1.');
  }
  return checkStay(body.checkin, body.checkout, ['checkin', 'checkout']);
}

function checkCalendar(body: Record<string, unknown>): Refusal | null {
  if (!Number.isInteger(body.accommodation_id) || (body.accommodation_id as number) < 1) {
    return bad('accommodation_id', 'invalid_type', 'accommodation_id must be a positive integer.');
  }
  for (const [field, min, max] of [
    ['month', 1, 12],
    ['year', 1900, 2999],
  ] as const) {
    const v = body[field];
    if (v === undefined) continue;
    if (!Number.isInteger(v)) return bad(field, 'invalid_type', `${field} must be an integer.`);
    if ((v as number) < min) return bad(field, 'invalid_minimum', `${field} must be at least ${min}.`);
    if ((v as number) > max) return bad(field, 'invalid_maximum', `${field} must be at most ${max}.`);
  }
  return null;
}

/** The month as a browser may see it: the nights taken (stays and blocks), never by whom. */
function calendarView(c: Calendar): ProxyCalendar {
  const taken = new Set(c.blocked_dates);
  const first = `${c.year}-${String(c.month).padStart(2, '0')}-01`;
  const next = new Date(Date.UTC(c.year, c.month, 1)).toISOString().slice(0, 10);
  for (const stay of c.bookings) {
    for (let d = stay.start_date; d < stay.end_date; d = nextDay(d)) if (d >= first && d < next) taken.add(d);
  }
  return {
    accommodation_id: c.accommodation_id,
    accommodation_name: c.accommodation_name,
    month: c.month,
    year: c.year,
    taken_nights: [...taken].sort(),
    daily_prices: c.daily_prices,
    min_stay: c.pricing_rules.min_stay,
    max_stay: c.pricing_rules.max_stay,
  };
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function checkBooking(body: Record<string, unknown>, cardPayments: boolean): Refusal | null {
  if (!Number.isInteger(body.accommodation_id) || (body.accommodation_id as number) < 1) {
    return bad('accommodation_id', 'invalid_type', 'accommodation_id must be a positive integer.');
  }
  const partner = (body.partner_data ?? {}) as Record<string, unknown>;
  const data = (body.booking_data ?? {}) as Record<string, unknown>;
  if (!isText(partner.first_name, 100)) return bad('partner_data.first_name', 'missing', 'First name is required.');
  if (!isText(partner.last_name, 100)) return bad('partner_data.last_name', 'missing', 'Last name is required.');
  if (typeof partner.email !== 'string' || !EMAIL.test(partner.email.trim()) || partner.email.length > 254) {
    return bad('partner_data.email', 'invalid_format', 'A valid e-mail address is required.');
  }
  const stay = checkStay(data.checkin_date, data.checkout_date, [
    'booking_data.checkin_date',
    'booking_data.checkout_date',
  ]);
  if (stay !== null) return stay;
  if (!isCount(data.adults_count, 1)) return bad('booking_data.adults_count', 'invalid_minimum', 'At least one adult.');
  for (const f of ['children_count', 'babies_count'] as const) {
    if (!isCount(data[f] ?? 0, 0)) return bad(`booking_data.${f}`, 'invalid_minimum', `${f} must be 0 to 100.`);
  }
  if (!['card_processor', 'bank_transfer'].includes(String(data.payment_method))) {
    return bad(
      'booking_data.payment_method',
      'invalid_enum',
      'payment_method must be card_processor or bank_transfer.',
    );
  }
  if (data.payment_method === 'card_processor' && !cardPayments) {
    return bad('booking_data.payment_method', 'invalid_enum', 'Card payments are not offered here.');
  }
  const amount = data.expected_amount ?? data.total_amount;
  if (typeof amount !== 'number' || !(amount >= 0)) {
    return bad('booking_data.expected_amount', 'missing', 'expected_amount (the quoted total) is required.');
  }
  return null;
}

function minorUnits(amount: number, currency: string): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  return Math.round(amount * 10 ** (digits ?? 2));
}

/** The proxy's own words for the service's refusals a browser may meet. */
const REFUSAL_MESSAGES: Record<string, string> = {
  dates_unavailable: 'Some of these nights are no longer available. Please choose other dates.',
  price_mismatch: 'The price has changed since it was quoted. Please check the new total.',
  min_stay: 'The stay is shorter than the minimum stay.',
  max_stay: 'The stay is longer than the maximum stay.',
  booking_not_found: 'No such booking.',
  accommodation_not_found: 'No such accommodation.',
  rate_limited: 'Too many requests. Please try again later.',
};

/** The details of a refusal a browser may see: which field, what was expected, which night. */
const RELAYED_DETAILS = ['parameter', 'field', 'expected', 'conflicting_night', 'night'] as const;

/**
 * The service's refusal as a browser may see it: status, reason, a message of the proxy's own and
 * an allowlist of details. The service's message and other details may name another guest's
 * booking (its code) or the host's private reason for a block, so they stay on the server.
 */
function relayed(error: StaydeskError): Refusal {
  const reason = error.reason ?? 'invalid';
  const details: Record<string, unknown> = {};
  for (const key of RELAYED_DETAILS) {
    const value = error.details[key];
    if (key === 'conflicting_night' || key === 'night') {
      if (isRealDate(value)) details[key] = value;
    } else if (value !== undefined) details[key] = value;
  }
  if (error.requestId !== undefined) details.request_id = error.requestId;
  const message = REFUSAL_MESSAGES[reason] ?? 'The booking service refused this request.';
  return { status: error.status, reason, message, details };
}

const GUEST_FIELDS = ['title', 'first_name', 'last_name', 'email', 'phone'] as const;
const ADDRESS_FIELDS = ['street', 'city', 'zip', 'country'] as const;
const STAY_FIELDS = [
  'checkin_date',
  'checkout_date',
  'adults_count',
  'children_count',
  'babies_count',
  'payment_method',
  'expected_amount',
  'total_amount',
  'guest_notes',
  'idempotency_key',
] as const;

function pick(from: unknown, keys: readonly string[]): Record<string, unknown> {
  const source = typeof from === 'object' && from !== null ? (from as Record<string, unknown>) : {};
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (source[key] !== undefined) picked[key] = source[key];
  return picked;
}

/**
 * The booking as a guest may ask for it: the guest's details, the stay, the payment method and the
 * quoted total. Anything else the browser adds (`payment_intent_id`, `payment_token`, fields the
 * service would take from a trusted caller) is not forwarded.
 */
function guestBooking(body: Record<string, unknown>): CreateBookingRequest {
  const partner = pick(body.partner_data, GUEST_FIELDS);
  const address = (body.partner_data as Record<string, unknown>).address;
  if (typeof address === 'object' && address !== null) partner.address = pick(address, ADDRESS_FIELDS);
  return {
    accommodation_id: body.accommodation_id,
    partner_data: partner,
    booking_data: pick(body.booking_data, STAY_FIELDS),
    ...(body.extras === undefined ? {} : { extras: body.extras }),
  } as unknown as CreateBookingRequest;
}

export function createBookingProxy(options: BookingProxyOptions): (request: Request) => Promise<Response> {
  const { client, stripe } = options;
  const max = options.rateLimit?.max ?? 30;
  const windowMs = options.rateLimit?.windowMs ?? 60_000;
  const maxAddresses = Math.max(1, options.rateLimit?.maxAddresses ?? 10_000);
  const counters = new Map<string, { count: number; resetAt: number }>();
  const draftsPerAddress = options.draftsPerAddress ?? 3;
  /** When each address's card drafts of the last 30 minutes were opened (bounded like `counters`). */
  const drafts = new Map<string, number[]>();
  const addressOf =
    options.clientAddress ??
    ((request: Request) => request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || undefined);

  /** Room for one more address in `map`: expired entries go first, then the oldest (insertion order). */
  function makeRoom<V>(map: Map<string, V>, expired: (value: V) => boolean): void {
    if (map.size < maxAddresses) return;
    for (const [k, v] of map) if (expired(v)) map.delete(k);
    for (const k of map.keys()) {
      if (map.size < maxAddresses) break;
      map.delete(k);
    }
  }

  function limited(request: Request): Response | null {
    const now = Date.now();
    const address = addressOf(request) ?? 'unknown';
    const counter = counters.get(address);
    if (counter === undefined || counter.resetAt <= now) {
      // A new window goes to the end, so that the map's order is the windows' order.
      counters.delete(address);
      makeRoom(counters, (c) => c.resetAt <= now);
      counters.set(address, { count: 1, resetAt: now + windowMs });
      return null;
    }
    counter.count++;
    if (counter.count <= max) return null;
    const seconds = String(Math.max(1, Math.ceil((counter.resetAt - now) / 1000)));
    return refuse(
      { status: 429, reason: 'rate_limited', message: 'Too many requests from this address.' },
      { 'retry-after': seconds },
    );
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

  /** Whether `address` may open one more card draft now; if so, it is counted. */
  function mayOpenDraft(address: string, now: number): boolean {
    const recent = (drafts.get(address) ?? []).filter((at) => at > now - DRAFT_HOLD_MS);
    if (recent.length >= draftsPerAddress) return false;
    drafts.delete(address);
    makeRoom(drafts, (times) => times.every((at) => at <= now - DRAFT_HOLD_MS));
    drafts.set(address, [...recent, now]);
    return true;
  }

  async function book(body: Record<string, unknown>, address: string): Promise<Response> {
    if (body.booking_data !== null && typeof body.booking_data === 'object') {
      const method = (body.booking_data as Record<string, unknown>).payment_method;
      if (method === 'card_processor' && !mayOpenDraft(address, Date.now()))
        return refuse(
          {
            status: 429,
            reason: 'draft_limit',
            message: 'Too many card bookings from this address are waiting for payment; finish or wait for one.',
          },
          { 'retry-after': String(DRAFT_HOLD_MS / 1000) },
        );
    }
    const created = await client.createBooking(guestBooking(body));
    const reference = created.booking_reference || created.confirmation_code;
    if (created.status !== 'draft' || stripe === undefined) {
      return answer(200, { booking_id: created.booking_id, booking_reference: reference, status: created.status });
    }
    const booking = await client.getBooking(created.booking_id);
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
    });
  }

  /**
   * A booking's status for the browser that made it: it names the booking's reference as well as
   * its id (`?reference=`), so stepping through ids reads nothing; a wrong or missing reference
   * answers as an unknown booking does.
   */
  async function status(id: number, reference: string | null): Promise<Response> {
    const unknown = () => refuse({ status: 404, reason: 'booking_not_found', message: 'No such booking.' });
    if (reference === null || reference === '') return unknown();
    const b = await client.getBooking(id);
    if (!sameText(b.booking_reference, reference)) return unknown();
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

  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace(/\/+$/, '');
    const overLimit = limited(request);
    if (overLimit !== null) return overLimit;
    try {
      if (request.method === 'POST' && path.endsWith('/availability')) {
        const body = await readBody(request);
        if (body instanceof Response) return body;
        const refusal = checkAvailability(body);
        if (refusal !== null) return refuse(refusal);
        const { accommodation_id, checkin, checkout, guest_count, extras } = body;
        return answer(
          200,
          await client.availability({ accommodation_id, checkin, checkout, guest_count, extras } as never),
        );
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
        return await book(body, addressOf(request) ?? 'unknown');
      }
      const match = /\/bookings\/(\d{1,15})$/.exec(path);
      if (request.method === 'GET' && match !== null)
        return await status(Number(match[1]), url.searchParams.get('reference'));
      return refuse({ status: 404, reason: 'unknown_route', message: 'No such route.' });
    } catch (error) {
      if (error instanceof StaydeskError && error.status < 500) {
        return refuse(relayed(error));
      }
      return refuse({ status: 502, reason: 'upstream_error', message: 'The booking service could not be reached.' });
    }
  };
}

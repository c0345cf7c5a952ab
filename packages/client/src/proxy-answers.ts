import type { StaydeskError } from './errors.ts';
import { isRealDate, type Refusal } from './proxy-input.ts';
import type { Availability, Calendar } from './types.ts';

/**
 * What the booking proxy answers a browser. Everything is built from fields the proxy picks and
 * words of its own: the service's messages and the details it adds for a trusted caller can name
 * another guest's booking (its code) or the host's private reason for a block, so none of them is
 * passed on.
 */

const NAMES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
};

export function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/**
 * A refusal in the service's error envelope: `{success: false, error: {code, name, message,
 * details}, metadata: {api_version, timestamp, request_id}}`, the request id also as X-Request-Id
 * (the service's own when the refusal is the service's, so that it can be quoted to the host).
 */
export function refuse(r: Refusal): Response {
  const requestId = r.requestId ?? crypto.randomUUID();
  const name = NAMES[r.status] ?? (r.status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
  const details = { ...(r.reason === undefined ? {} : { reason: r.reason }), ...r.details };
  return answer(
    r.status,
    {
      success: false,
      error: { code: r.status, name, message: r.message, details },
      metadata: { api_version: '1.0', timestamp: new Date().toISOString(), request_id: requestId },
    },
    {
      'x-request-id': requestId,
      ...(r.retryAfter === undefined ? {} : { 'retry-after': String(r.retryAfter) }),
    },
  );
}

/** The proxy's own words for the service's refusals a browser may meet. */
const REFUSAL_MESSAGES: Record<string, string> = {
  dates_unavailable: 'Some of these nights are no longer available. Please choose other dates.',
  price_mismatch: 'The price has changed since it was quoted. Please check the new total.',
  past_date: 'The stay starts in the past.',
  min_stay: 'The stay is shorter than the minimum stay.',
  max_stay: 'The stay is longer than the maximum stay.',
  max_guests: 'There are more guests than the accommodation takes.',
  extra_not_offered: 'An extra asked for is not offered.',
  booking_not_found: 'No such booking.',
  accommodation_not_found: 'No such accommodation.',
  rate_limited: 'Too many requests. Please try again later.',
  draft_limit: 'Too many card bookings are waiting for payment. Please try again later.',
};

const FIELD = /^[a-z_]+(\.[a-z_]+)*$/;

/**
 * The service's refusal as a browser may see it: status, reason, a message of the proxy's own and
 * the details that say what to correct: which field, what was expected there (a rule such as
 * "at least 3 nights", or the current price), which night is taken.
 */
export function relayed(error: StaydeskError): Refusal {
  const reason = error.reason ?? 'invalid';
  const details: Record<string, unknown> = {};
  for (const key of ['parameter', 'field'] as const) {
    const value = error.details[key];
    if (typeof value === 'string' && FIELD.test(value)) details[key] = value;
  }
  const expected = error.details.expected;
  if (typeof expected === 'number' || (typeof expected === 'string' && expected.length <= 100)) {
    details.expected = expected;
  }
  for (const key of ['conflicting_night', 'night'] as const) {
    if (isRealDate(error.details[key])) details[key] = error.details[key];
  }
  return {
    status: error.status,
    reason,
    message: REFUSAL_MESSAGES[reason] ?? 'The booking service refused this request.',
    details,
    ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
    ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
  };
}

/** What `POST /availability` answers: the service's fields, with a message of the proxy's own. */
export interface ProxyQuote {
  available: boolean;
  nights: number;
  pricing: {
    base_price: number;
    avg_price_per_night: number;
    cleaning_fee: number;
    tax: number;
    extras: Record<string, number>;
    discounts: Record<string, number>;
    city_tax: number;
    extra_guest_fee: number;
    total: number;
  } | null;
  restrictions: {
    min_stay: number;
    max_stay: number;
    max_guests: number;
    checkin_time: string;
    checkout_time: string;
  } | null;
  /** The home's short-term-rental registration number, which a listing must show; only on an available answer. */
  registration_number?: string | null;
  message: string;
}

export const AVAILABLE = 'These dates are available.';
export const NOT_AVAILABLE = 'These dates are not available.';

const amounts = (from: Record<string, unknown>): Record<string, number> => {
  const picked: Record<string, number> = {};
  for (const [name, value] of Object.entries(from)) {
    if (/^[a-z0-9_]{1,50}$/.test(name) && typeof value === 'number') picked[name] = value;
  }
  return picked;
};

/**
 * The quote as a browser may see it. When nights are taken the service's message names who holds
 * the first one (a booking of this key by its code, a block by the host's reason): the browser
 * hears only that the dates are not available.
 */
export function quoteView(a: Availability): ProxyQuote {
  if (!a.available || a.pricing === null || a.restrictions === null) {
    return { available: false, nights: 0, pricing: null, restrictions: null, message: NOT_AVAILABLE };
  }
  const { pricing: p, restrictions: r } = a;
  return {
    available: true,
    nights: a.nights,
    pricing: {
      base_price: p.base_price,
      avg_price_per_night: p.avg_price_per_night,
      cleaning_fee: p.cleaning_fee,
      tax: p.tax,
      extras: amounts(p.extras),
      discounts: amounts(p.discounts),
      city_tax: p.city_tax,
      extra_guest_fee: p.extra_guest_fee,
      total: p.total,
    },
    restrictions: {
      min_stay: r.min_stay,
      max_stay: r.max_stay,
      max_guests: r.max_guests,
      checkin_time: r.checkin_time,
      checkout_time: r.checkout_time,
    },
    registration_number: a.registration_number,
    message: AVAILABLE,
  };
}

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

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The month as a browser may see it: the nights taken (stays and blocks), never by whom. */
export function calendarView(c: Calendar): ProxyCalendar {
  const taken = new Set(c.blocked_dates);
  const first = `${c.year}-${String(c.month).padStart(2, '0')}-01`;
  const next = new Date(Date.UTC(c.year, c.month, 1)).toISOString().slice(0, 10);
  for (const stay of c.bookings) {
    for (let d = stay.start_date; d < stay.end_date; d = nextDay(d)) if (d >= first && d < next) taken.add(d);
  }
  const prices: Record<string, number> = {};
  for (const [night, price] of Object.entries(c.daily_prices)) if (isRealDate(night)) prices[night] = price;
  return {
    accommodation_id: c.accommodation_id,
    accommodation_name: c.accommodation_name,
    month: c.month,
    year: c.year,
    taken_nights: [...taken].filter(isRealDate).sort(),
    daily_prices: prices,
    min_stay: c.pricing_rules.min_stay,
    max_stay: c.pricing_rules.max_stay,
  };
}

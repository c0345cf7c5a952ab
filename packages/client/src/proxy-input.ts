import type { CreateBookingRequest } from './types.ts';

/** What the booking proxy refuses before calling the service: a browser's body as the service would judge it. */

export interface Refusal {
  status: number;
  /** `details.reason`; a 500 has none. */
  reason?: string;
  message: string;
  details?: Record<string, unknown>;
  /** Seconds, sent as Retry-After (a 429). */
  retryAfter?: number;
  /** The service's request id, when the refusal is the service's. */
  requestId?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isRealDate = (v: unknown): v is string =>
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

function checkAccommodation(body: Record<string, unknown>): Refusal | null {
  if (Number.isInteger(body.accommodation_id) && (body.accommodation_id as number) >= 1) return null;
  return bad('accommodation_id', 'invalid_type', 'accommodation_id must be a positive integer.');
}

export function checkAvailability(body: Record<string, unknown>): Refusal | null {
  const accommodation = checkAccommodation(body);
  if (accommodation !== null) return accommodation;
  if (body.guest_count !== undefined && !isCount(body.guest_count, 1)) {
    return bad('guest_count', 'invalid_minimum', 'guest_count must be an integer from 1.');
  }
  return checkStay(body.checkin, body.checkout, ['checkin', 'checkout']);
}

export function checkCalendar(body: Record<string, unknown>): Refusal | null {
  const accommodation = checkAccommodation(body);
  if (accommodation !== null) return accommodation;
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

export function checkBooking(body: Record<string, unknown>, cardPayments: boolean): Refusal | null {
  const accommodation = checkAccommodation(body);
  if (accommodation !== null) return accommodation;
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
export function guestBooking(body: Record<string, unknown>): CreateBookingRequest {
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

export const isCardBooking = (body: Record<string, unknown>): boolean =>
  typeof body.booking_data === 'object' &&
  body.booking_data !== null &&
  (body.booking_data as Record<string, unknown>).payment_method === 'card_processor';

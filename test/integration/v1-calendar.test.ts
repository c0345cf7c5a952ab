import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { addDays, currentYearMonthIn, daysInMonth, eachDate, firstOfMonth, todayIn } from '../../src/shared/dates.ts';
import { assertErrorEnvelope, isIsoTimestamp } from '../support/envelope-assertions.ts';
import { bookingBody, insertFeed, insertReservation, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { announcementsSettled } from '../support/announcements.ts';

// docs/api.md#calendar: POST /calendar through the HTTP layer.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

/** Every response is also checked against the OpenAPI document. */
const call: TestApp['checkedRequest'] = (options) => t.checkedRequest(options);

interface CalendarBooking {
  id: number;
  confirmation_code: string;
  title: string;
  start_date: string;
  end_date: string;
  nights: number;
  status: string;
  source: string;
  guest_count: number;
  composition: { adults: number; children: number; babies: number };
  total_amount: number;
  color_index: number;
  notes: string;
}

interface Calendar {
  month: number;
  year: number;
  accommodation_id: number;
  accommodation_name: string;
  bookings: CalendarBooking[];
  blocked_dates: string[];
  daily_prices: Record<string, number>;
  availability_summary: {
    available_nights: number;
    booked_nights: number;
    occupancy_rate: number;
    next_available_date: string | null;
  };
  pricing_rules: Record<string, number>;
}

/** The calendar, once every change written so far (rows inserted behind the app too) has reached the kept months. */
async function calendarRequest(payload: unknown): Promise<LightMyRequestResponse> {
  await announcementsSettled(t.ctx);
  return call({ method: 'POST', url: `${t.v1}/calendar`, payload: payload as InjectOptions['payload'] });
}

async function calendar(payload: Record<string, unknown>): Promise<Calendar> {
  const res = await calendarRequest(payload);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: Calendar }>().data;
}

/** The month `k` months after the current one in UTC. */
function monthAhead(k: number): { year: number; month: number; first: string; days: number } {
  const now = currentYearMonthIn('UTC');
  const index = now.year * 12 + (now.month - 1) + k;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, first: firstOfMonth(year, month), days: daysInMonth(year, month) };
}

let guests = 0;
async function book(
  accommodationId: number,
  checkin: string,
  checkout: string,
  overrides: { booking?: Record<string, unknown>; partner?: Record<string, unknown> } = {},
): Promise<{ booking_id: number; confirmation_code: string }> {
  const adults = Number(overrides.booking?.adults_count ?? 2);
  const children = Number(overrides.booking?.children_count ?? 0);
  const quote = await call({
    method: 'POST',
    url: `${t.v1}/availability`,
    payload: { accommodation_id: accommodationId, checkin, checkout, guest_count: adults + children },
  });
  const total = quote.json<{ data: { pricing: { total: number } | null; message: string } }>().data;
  assert.ok(total.pricing !== null, `free before booking: ${total.message}`);
  guests += 1;
  const res = await call({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(
      accommodationId,
      { checkin, checkout },
      {
        partner: { email: `cal${guests}@example.com`, ...overrides.partner },
        booking: { total_amount: total.pricing.total, ...overrides.booking },
      },
    ),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { booking_id: number; confirmation_code: string } }>().data;
}

async function insertClaims(
  accommodationId: number,
  nights: readonly string[],
  kind: 'block' | 'external' = 'block',
  externalReservationId: number | null = null,
) {
  const created_at = new Date().toISOString();
  await t.ctx.db
    .insertInto('night_claims')
    .values(
      nights.map((night) => ({
        accommodation_id: accommodationId,
        night,
        kind,
        booking_id: null,
        external_reservation_id: externalReservationId,
        reason: 'test',
        created_at,
      })),
    )
    .execute();
}

describe(`POST /calendar: shape (${testStoreKind})`, () => {
  test('the envelope with request_id metadata and exactly the fields of docs/api.md#calendar', async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Calendar House' });
    const m = monthAhead(3);
    const booking = await book(a.id, addDays(m.first, 4), addDays(m.first, 7), {
      partner: { first_name: 'Grace', last_name: 'Hopper' },
      booking: { adults_count: 2, children_count: 1, babies_count: 1, guest_notes: 'Late arrival' },
    });
    const res = await calendarRequest({ accommodation_id: a.id, month: m.month, year: m.year });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json<{ success: boolean; data: Calendar; metadata: Record<string, unknown> }>();
    assert.deepEqual(Object.keys(body).sort(), ['data', 'metadata', 'success']);
    assert.equal(body.success, true);
    assert.deepEqual(Object.keys(body.metadata).sort(), ['api_version', 'request_id', 'timestamp']);
    assert.equal(body.metadata.api_version, '1.0');
    assert.ok(isIsoTimestamp(body.metadata.timestamp));
    assert.equal(typeof body.metadata.request_id, 'string');
    assert.equal(body.metadata.request_id, res.headers['x-request-id']);

    const data = body.data;
    assert.deepEqual(Object.keys(data).sort(), [
      'accommodation_id',
      'accommodation_name',
      'availability_summary',
      'blocked_dates',
      'bookings',
      'daily_prices',
      'month',
      'pricing_rules',
      'year',
    ]);
    assert.equal(data.month, m.month);
    assert.equal(data.year, m.year);
    assert.equal(data.accommodation_id, a.id);
    assert.equal(data.accommodation_name, 'Calendar House');
    assert.deepEqual(data.blocked_dates, []);
    assert.deepEqual(Object.keys(data.availability_summary).sort(), [
      'available_nights',
      'booked_nights',
      'next_available_date',
      'occupancy_rate',
    ]);
    assert.deepEqual(Object.keys(data.pricing_rules).sort(), [
      'base_price',
      'cleaning_fee',
      'max_stay',
      'min_stay',
      'monthly_discount',
      'tax_rate',
      'weekly_discount',
    ]);

    assert.equal(data.bookings.length, 1);
    const entry = data.bookings[0];
    assert.ok(entry !== undefined);
    assert.deepEqual(Object.keys(entry).sort(), [
      'color_index',
      'composition',
      'confirmation_code',
      'end_date',
      'guest_count',
      'id',
      'nights',
      'notes',
      'source',
      'start_date',
      'status',
      'title',
      'total_amount',
    ]);
    const { title, color_index, ...rest } = entry;
    assert.deepEqual(rest, {
      id: booking.booking_id,
      confirmation_code: booking.confirmation_code,
      start_date: addDays(m.first, 4),
      end_date: addDays(m.first, 7),
      nights: 3,
      status: 'confirmed',
      source: 'direct',
      guest_count: 3,
      composition: { adults: 2, children: 1, babies: 1 },
      total_amount: 385,
      notes: 'Late arrival',
    });
    assert.ok(typeof title === 'string' && title.length > 0);
    assert.ok(Number.isInteger(color_index) && color_index >= 0 && color_index <= 9, `color_index ${color_index}`);
  });

  test('a booking without notes has notes ""; a card draft appears with status draft', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const m = monthAhead(3);
    await book(a.id, addDays(m.first, 1), addDays(m.first, 3));
    await book(a.id, addDays(m.first, 10), addDays(m.first, 12), { booking: { payment_method: 'card_processor' } });
    const data = await calendar({ accommodation_id: a.id, month: m.month, year: m.year });
    assert.deepEqual(
      data.bookings.map((b) => [b.start_date, b.status, b.notes]),
      [
        [addDays(m.first, 1), 'confirmed', ''],
        [addDays(m.first, 10), 'draft', ''],
      ],
    );
  });

  test('pricing_rules in major units and fractions', async () => {
    const a = await makeAccommodation(t.ctx.db, {
      base_price: 12550,
      cleaning_fee: 4000,
      tax_rate_ppm: 70000,
      weekly_discount_ppm: 100000,
      monthly_discount_ppm: 250000,
      min_stay: 2,
      max_stay: 30,
    });
    const m = monthAhead(1);
    const data = await calendar({ accommodation_id: a.id, month: m.month, year: m.year });
    assert.deepEqual(data.pricing_rules, {
      base_price: 125.5,
      min_stay: 2,
      max_stay: 30,
      weekly_discount: 0.1,
      monthly_discount: 0.25,
      cleaning_fee: 40,
      tax_rate: 0.07,
    });
  });
});

describe(`POST /calendar: bookings and blocked dates (${testStoreKind})`, () => {
  test('a booking that starts in the previous month appears in both months, with the same color_index', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const m = monthAhead(4);
    const previous = monthAhead(3);
    const checkin = addDays(m.first, -2);
    const checkout = addDays(m.first, 2);
    const booking = await book(a.id, checkin, checkout);

    const inMonth = await calendar({ accommodation_id: a.id, month: m.month, year: m.year });
    const entry = inMonth.bookings.find((b) => b.id === booking.booking_id);
    assert.ok(entry !== undefined, 'the booking is in the later month');
    assert.equal(entry.start_date, checkin);
    assert.ok(entry.start_date < m.first, 'start_date is before the month');
    assert.equal(entry.end_date, checkout);
    assert.equal(entry.nights, 4);
    assert.equal(inMonth.availability_summary.booked_nights, 2, 'only the nights inside the month count');

    const inPrevious = await calendar({ accommodation_id: a.id, month: previous.month, year: previous.year });
    const earlier = inPrevious.bookings.find((b) => b.id === booking.booking_id);
    assert.ok(earlier !== undefined, 'the booking is in the earlier month');
    assert.equal(earlier.color_index, entry.color_index);
    assert.equal(inPrevious.availability_summary.booked_nights, 2);

    // Two months later it is gone.
    const later = monthAhead(5);
    const inLater = await calendar({ accommodation_id: a.id, month: later.month, year: later.year });
    assert.equal(inLater.bookings.length, 0);
  });

  test('a booking whose checkout is the 1st of the month is not in that month', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const m = monthAhead(4);
    await book(a.id, addDays(m.first, -3), m.first);
    const data = await calendar({ accommodation_id: a.id, month: m.month, year: m.year });
    assert.deepEqual(data.bookings, []);
    assert.equal(data.availability_summary.booked_nights, 0);
  });

  test('bookings come in date order', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const m = monthAhead(3);
    await book(a.id, addDays(m.first, 20), addDays(m.first, 22));
    await book(a.id, addDays(m.first, 2), addDays(m.first, 4));
    await book(a.id, addDays(m.first, 10), addDays(m.first, 11));
    const data = await calendar({ accommodation_id: a.id, month: m.month, year: m.year });
    assert.deepEqual(
      data.bookings.map((b) => b.start_date),
      [addDays(m.first, 2), addDays(m.first, 10), addDays(m.first, 20)],
    );
  });

  test('cancelled bookings and expired card drafts do not appear', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const m = monthAhead(3);
    const cancelled = await book(a.id, addDays(m.first, 2), addDays(m.first, 5));
    const draft = await book(a.id, addDays(m.first, 8), addDays(m.first, 10), {
      booking: { payment_method: 'card_processor' },
    });
    const kept = await book(a.id, addDays(m.first, 12), addDays(m.first, 13));
    const before = await calendar({ accommodation_id: a.id, month: m.month, year: m.year });
    assert.equal(before.bookings.length, 3);

    await t.ctx.db
      .updateTable('bookings')
      .set({ status: 'cancelled', cancel_reason: 'guest request' })
      .where('id', '=', cancelled.booking_id)
      .execute();
    await t.ctx.db.deleteFrom('night_claims').where('booking_id', '=', cancelled.booking_id).execute();
    await t.ctx.db
      .updateTable('bookings')
      .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', draft.booking_id)
      .execute();

    const data = await calendar({ accommodation_id: a.id, month: m.month, year: m.year });
    assert.deepEqual(
      data.bookings.map((b) => b.id),
      [kept.booking_id],
    );
    assert.equal(data.availability_summary.booked_nights, 1);
  });

  test('blocked_dates lists the blocked nights of the month only', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const m = monthAhead(3);
    const next = monthAhead(4);
    await insertClaims(a.id, [addDays(m.first, 11), addDays(m.first, 9), addDays(m.first, -1), next.first]);
    await book(a.id, addDays(m.first, 2), addDays(m.first, 4));
    const data = await calendar({ accommodation_id: a.id, month: m.month, year: m.year });
    assert.deepEqual(data.blocked_dates, [addDays(m.first, 9), addDays(m.first, 11)]);
  });

  test('an imported reservation appears with its feed name as source and counts as booked', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const m = monthAhead(3);
    const feed = await insertFeed(t.ctx.db, a.id, 'airbnb');
    const start = addDays(m.first, 14);
    const end = addDays(m.first, 17);
    const reservation = await insertReservation(t.ctx.db, feed.id, a.id, {
      uid: 'abc@airbnb',
      summary: 'Reserved',
      start,
      end,
    });
    await insertClaims(a.id, eachDate(start, end), 'external', reservation.id);
    const data = await calendar({ accommodation_id: a.id, month: m.month, year: m.year });
    assert.equal(data.bookings.length, 1);
    const entry = data.bookings[0];
    assert.equal(entry?.source, 'airbnb');
    assert.equal(entry?.id, -reservation.id, 'an imported stay never shares an id with a booking');
    assert.equal(entry?.start_date, start);
    assert.equal(entry?.end_date, end);
    assert.equal(entry?.nights, 3);
    assert.ok(
      Number.isInteger(entry?.color_index) && (entry?.color_index ?? -1) >= 0 && (entry?.color_index ?? 10) <= 9,
    );
    assert.equal(data.availability_summary.booked_nights, 3);
    assert.deepEqual(data.blocked_dates, []);
  });
});

describe(`POST /calendar: daily_prices (${testStoreKind})`, () => {
  for (const [year, month, days] of [
    [2027, 2, 28],
    [2028, 2, 29],
    [2027, 4, 30],
    [2027, 1, 31],
    [2027, 12, 31],
  ] as const) {
    test(`${year}-${String(month).padStart(2, '0')}: every one of its ${days} dates`, async () => {
      const a = await makeAccommodation(t.ctx.db);
      const first = firstOfMonth(year, month);
      const data = await calendar({ accommodation_id: a.id, month, year });
      assert.deepEqual(Object.keys(data.daily_prices), eachDate(first, addDays(first, days)));
      for (const price of Object.values(data.daily_prices)) assert.equal(price, 100);
      assert.equal(data.availability_summary.available_nights, days);
    });
  }

  test('nightly overrides show on their dates, in major units; neighbours keep the base price', async () => {
    const a = await makeAccommodation(t.ctx.db);
    await t.ctx.db
      .insertInto('nightly_prices')
      .values([
        { accommodation_id: a.id, night: '2028-02-29', price: 12345 },
        { accommodation_id: a.id, night: '2028-02-01', price: 9000 },
        { accommodation_id: a.id, night: '2028-03-01', price: 50000 },
        { accommodation_id: a.id, night: '2028-01-31', price: 50000 },
      ])
      .execute();
    const data = await calendar({ accommodation_id: a.id, month: 2, year: 2028 });
    assert.equal(Object.keys(data.daily_prices).length, 29);
    assert.equal(data.daily_prices['2028-02-29'], 123.45);
    assert.equal(data.daily_prices['2028-02-01'], 90);
    assert.equal(data.daily_prices['2028-02-28'], 100);
    assert.equal(data.daily_prices['2028-03-01'], undefined);
    assert.equal(data.daily_prices['2028-01-31'], undefined);
  });

  test('a JPY accommodation has whole-yen daily prices', async () => {
    const a = await makeAccommodation(t.ctx.db, { currency: 'JPY', base_price: 15000, cleaning_fee: 3000 });
    const data = await calendar({ accommodation_id: a.id, month: 4, year: 2027 });
    assert.equal(data.daily_prices['2027-04-15'], 15000);
    assert.equal(data.pricing_rules.base_price, 15000);
    assert.equal(data.pricing_rules.cleaning_fee, 3000);
  });
});

describe(`POST /calendar: availability_summary (${testStoreKind})`, () => {
  test('booked, blocked, available, occupancy to 4 decimals, next available night', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const m = monthAhead(3);
    await book(a.id, m.first, addDays(m.first, 5));
    await insertClaims(a.id, [addDays(m.first, 9), addDays(m.first, 10)]);
    const data = await calendar({ accommodation_id: a.id, month: m.month, year: m.year });
    assert.deepEqual(data.availability_summary, {
      available_nights: m.days - 7,
      booked_nights: 5,
      occupancy_rate: Math.round((5 / m.days) * 10000) / 10000,
      next_available_date: addDays(m.first, 5),
    });
    assert.deepEqual(data.blocked_dates, [addDays(m.first, 9), addDays(m.first, 10)]);
  });

  test('occupancy_rate rounds to 4 decimals (1/31 → 0.0323, 2/30 → 0.0667, 3/28 → 0.1071, 3/29 → 0.1034)', async () => {
    const expected: Record<number, { nights: number; rate: number }> = {
      31: { nights: 1, rate: 0.0323 },
      30: { nights: 2, rate: 0.0667 },
      28: { nights: 3, rate: 0.1071 },
      29: { nights: 3, rate: 0.1034 },
    };
    const seen = new Set<number>();
    for (let k = 1; k <= 13; k++) {
      const m = monthAhead(k);
      const want = expected[m.days];
      if (want === undefined || seen.has(m.days)) continue;
      seen.add(m.days);
      const a = await makeAccommodation(t.ctx.db);
      await book(a.id, addDays(m.first, 3), addDays(m.first, 3 + want.nights));
      const data = await calendar({ accommodation_id: a.id, month: m.month, year: m.year });
      assert.equal(data.availability_summary.occupancy_rate, want.rate, `${m.year}-${m.month}`);
      assert.equal(data.availability_summary.booked_nights, want.nights);
    }
    assert.ok(
      seen.has(31) && seen.has(30) && (seen.has(28) || seen.has(29)),
      'a year ahead has months of every length',
    );
  });

  test('next_available_date: the first free night after the taken ones, even in the next month', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const m = monthAhead(3);
    await insertClaims(a.id, eachDate(m.first, addDays(m.first, m.days + 3)));
    const data = await calendar({ accommodation_id: a.id, month: m.month, year: m.year });
    assert.equal(data.availability_summary.next_available_date, addDays(m.first, m.days + 3));
    assert.equal(data.availability_summary.available_nights, 0);
    assert.equal(data.availability_summary.booked_nights, 0);
    assert.equal(data.availability_summary.occupancy_rate, 0);
    assert.equal(data.blocked_dates.length, m.days);
  });

  test('next_available_date: null when all of the next 365 nights are taken, the 365th night when it is free', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const m = monthAhead(3);
    await insertClaims(a.id, eachDate(m.first, addDays(m.first, 364)));
    const almost = await calendar({ accommodation_id: a.id, month: m.month, year: m.year });
    assert.equal(almost.availability_summary.next_available_date, addDays(m.first, 364));
    await insertClaims(a.id, [addDays(m.first, 364)]);
    const full = await calendar({ accommodation_id: a.id, month: m.month, year: m.year });
    assert.equal(full.availability_summary.next_available_date, null);
  });

  test('next_available_date starts from today in the current month, and in a past month', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const today = todayIn('UTC');
    await insertClaims(a.id, [today, addDays(today, 1)]);
    const current = currentYearMonthIn('UTC');
    const data = await calendar({ accommodation_id: a.id, month: current.month, year: current.year });
    assert.equal(data.availability_summary.next_available_date, addDays(today, 2));

    const past = monthAhead(-3);
    const old = await calendar({ accommodation_id: a.id, month: past.month, year: past.year });
    assert.equal(old.availability_summary.next_available_date, addDays(today, 2));
  });

  test('next_available_date is the first of a free future month', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const m = monthAhead(2);
    const data = await calendar({ accommodation_id: a.id, month: m.month, year: m.year });
    assert.equal(data.availability_summary.next_available_date, m.first);
    assert.deepEqual(data.availability_summary, {
      available_nights: m.days,
      booked_nights: 0,
      occupancy_rate: 0,
      next_available_date: m.first,
    });
  });
});

describe(`POST /calendar: month and year (${testStoreKind})`, () => {
  test('default to the current month and year in the accommodation time zone', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const data = await calendar({ accommodation_id: a.id });
    const current = currentYearMonthIn('UTC');
    assert.equal(data.month, current.month);
    assert.equal(data.year, current.year);
  });

  test('at noon UTC on the last day of a month, Kiritimati (UTC+14) is already in the next month', async () => {
    const a = await makeAccommodation(t.ctx.db, { timezone: 'Pacific/Kiritimati' });
    const utc = await makeAccommodation(t.ctx.db);
    const m = monthAhead(0);
    const lastDay = addDays(m.first, m.days - 1);
    const next = monthAhead(1);
    await t.at(new Date(`${lastDay}T12:00:00Z`), async () => {
      const kiritimati = await calendar({ accommodation_id: a.id });
      assert.deepEqual([kiritimati.year, kiritimati.month], [next.year, next.month]);
      const inUtc = await calendar({ accommodation_id: utc.id });
      assert.deepEqual([inUtc.year, inUtc.month], [m.year, m.month]);
      // Only one of the two given: the other defaults.
      const onlyMonth = await calendar({ accommodation_id: a.id, month: 6 });
      assert.deepEqual([onlyMonth.year, onlyMonth.month], [next.year, 6]);
      const onlyYear = await calendar({ accommodation_id: a.id, year: 2030 });
      assert.deepEqual([onlyYear.year, onlyYear.month], [2030, next.month]);
    });
  });

  test('month 13 or 0 → 400 naming month', async () => {
    const a = await makeAccommodation(t.ctx.db);
    for (const month of [13, 0, -1, 1.5, '3']) {
      const res = await calendarRequest({ accommodation_id: a.id, month, year: 2027 });
      const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
      assert.equal(body.error.details.parameter, 'month', res.body);
    }
  });

  test('a bad year → 400', async () => {
    const a = await makeAccommodation(t.ctx.db);
    for (const year of ['2027', 1.5, 10000, 0]) {
      const res = await calendarRequest({ accommodation_id: a.id, month: 3, year });
      const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
      assert.equal(body.error.details.parameter, 'year', res.body);
    }
  });

  test('missing accommodation_id → 400 {parameter, expected, received: null}', async () => {
    const res = await calendarRequest({ month: 3, year: 2027 });
    const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
    assert.equal(body.error.details.parameter, 'accommodation_id');
    assert.equal(body.error.details.expected, 'integer');
    assert.equal(body.error.details.received, null);
  });

  test('unknown accommodation → 404', async () => {
    const res = await calendarRequest({ accommodation_id: 987654, month: 3, year: 2027 });
    assertErrorEnvelope(res, 404, 'NOT_FOUND');
  });

  test('no API key → 401', async () => {
    const res = await call({ method: 'POST', url: `${t.v1}/calendar`, payload: { accommodation_id: 1 }, key: null });
    assertErrorEnvelope(res, 401, 'UNAUTHORIZED');
  });
});

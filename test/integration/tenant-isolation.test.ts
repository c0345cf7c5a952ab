import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { addDays } from '../../src/shared/dates.ts';
import { assertErrorEnvelope, type ErrorEnvelope } from '../support/envelope-assertions.ts';
import { bookingBody, futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { paymentIntentEvent, postPaymentEvent } from '../support/payment-client.ts';
import { until } from '../support/until.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { announcementsSettled } from '../support/announcements.ts';

// docs/decisions.md#tenant-isolation (OWASP API1): API keys go to different partners. A v1 key
// reads in full only the bookings it created; to it, every other booking is a taken night with
// no guest, code or amount. Admin keys see everything. Two v1 keys (A, B) and one admin key.

const PAYMENT_SECRET = 'whsec_tenant_isolation_secret';

let t: TestApp;
let keyA: string;
let keyB: string;
before(async () => {
  // A long TTL keeps the night memory on, so availability answers from memory are checked too.
  t = await createTestApp({ STAYDESK_CACHE_TTL_MS: '60000', PAYMENT_WEBHOOK_SECRET: PAYMENT_SECRET });
  keyA = t.apiKey;
  keyB = (await createApiKey(t.ctx.db, { name: 'partner B', scope: 'api' })).key;
});
after(async () => {
  await t.close();
});

const call = (key: string, options: InjectOptions & { method: string; url: string }): Promise<LightMyRequestResponse> =>
  t.checkedRequest({ ...options, key });

interface Guest {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

function guestOf(name: string): Guest {
  return {
    first_name: name,
    last_name: 'Tenantson',
    email: `${name.toLowerCase()}@partner.example`,
    phone: '+31 20 555 0101',
  };
}

/** A booking made with `key` (bank transfer unless told); returns its id, code and total. */
async function book(
  key: string,
  accommodation: Accommodation,
  stay: { checkin: string; checkout: string },
  guest: Guest,
  paymentMethod = 'bank_transfer',
) {
  const quote = await call(key, {
    method: 'POST',
    url: `${t.v1}/availability`,
    payload: { accommodation_id: accommodation.id, ...stay, guest_count: 2 },
  });
  const total = quote.json<{ data: { pricing: { total: number } | null } }>().data.pricing?.total;
  assert.ok(total !== undefined, `the stay is free before booking it: ${quote.body}`);
  const res = await call(key, {
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(accommodation.id, stay, {
      partner: { ...guest },
      booking: { total_amount: total, payment_method: paymentMethod, guest_notes: `notes of ${guest.first_name}` },
    }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return { ...res.json<{ data: { booking_id: number; confirmation_code: string } }>().data, total };
}

function getBooking(key: string, id: number): Promise<LightMyRequestResponse> {
  return call(key, { method: 'GET', url: `${t.v1}/bookings/${id}` });
}

/**
 * An error answer with what differs between any two requests taken out (request id, time) and
 * the asked-for id replaced, so two answers for two ids can be compared byte for byte.
 */
function comparable(res: LightMyRequestResponse, id: number) {
  const body = assertErrorEnvelope(res, 404, 'NOT_FOUND');
  const text = JSON.stringify({
    ...body,
    metadata: { ...body.metadata, request_id: '<rid>', timestamp: '<ts>' },
  }).replace(new RegExp(`(?<![0-9.])${id}(?![0-9.])`, 'g'), '<id>');
  assert.ok(text.includes('<id>'), 'the answer names the asked-for id');
  const headers = Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => !['x-request-id', 'date', 'content-length'].includes(name))
      .map(([name, value]) => [name, String(value)]),
  );
  return { status: res.statusCode, text, headers, headerNames: Object.keys(res.headers).sort() };
}

function mentions(res: LightMyRequestResponse, ...secrets: string[]): string[] {
  return secrets.filter((s) => res.body.toLowerCase().includes(s.toLowerCase()));
}

describe(`tenant isolation: booking retrieval (${testStoreKind})`, () => {
  test("another v1 key's booking is a 404 identical to a missing id; its own key and admin keys read it in full", async () => {
    const a = await makeAccommodation(t.ctx.db);
    const guest = guestOf('Amelia');
    const mine = await book(keyA, a, futureStay(2), guest);

    const own = await getBooking(keyA, mine.booking_id);
    assert.equal(own.statusCode, 200, own.body);
    assert.deepEqual(
      own.json<{ data: { partner: { name: string; email: string } } }>().data.partner.email,
      guest.email,
    );

    const other = await getBooking(keyB, mine.booking_id);
    assert.deepEqual(
      mentions(other, guest.first_name, guest.email, guest.phone, mine.confirmation_code),
      [],
      'nothing of the booking reaches key B',
    );
    const missingId = mine.booking_id + 1_000_000;
    const missing = await getBooking(keyB, missingId);
    assert.deepEqual(
      comparable(other, mine.booking_id),
      comparable(missing, missingId),
      'the same status, body and headers as a missing id',
    );

    const admin = await getBooking(t.adminKey, mine.booking_id);
    assert.equal(admin.statusCode, 200, admin.body);
    assert.equal(admin.json<{ data: { confirmation_code: string } }>().data.confirmation_code, mine.confirmation_code);
  });

  test('the card-payment flow is unchanged for the key that made the draft; other keys still get 404', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const draft = await book(keyB, a, futureStay(2), guestOf('Berenice'), 'card_processor');
    const status = async (key: string) =>
      (await getBooking(key, draft.booking_id)).json<{ data?: { booking_status: string } }>().data?.booking_status;
    assert.equal(await status(keyB), 'draft');
    const event = paymentIntentEvent('payment_intent.succeeded', {
      amount: Math.round(draft.total * 100),
      amount_received: Math.round(draft.total * 100),
      currency: 'eur',
      metadata: { booking_reference: draft.confirmation_code },
    });
    const paid = await postPaymentEvent(t, event, { secret: PAYMENT_SECRET });
    assert.equal(paid.statusCode, 200, paid.body);
    assert.equal(await status(keyB), 'confirmed', 'the poller of the key that booked sees the payment');
    const other = await getBooking(keyA, draft.booking_id);
    assert.deepEqual(
      comparable(other, draft.booking_id),
      comparable(await getBooking(keyA, draft.booking_id + 1_000_000), draft.booking_id + 1_000_000),
    );
    assert.equal(await status(t.adminKey), 'confirmed');
  });

  test('a booking no key created (webhook, console, import, older rows) is read by admin keys only', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3);
    const keyless = await insertBooking(t.ctx.db, a, { ...stay, email: 'keyless@example.com', firstName: 'Keyless' });
    assert.equal(keyless.api_key_id, null);
    for (const key of [keyA, keyB]) {
      const res = await getBooking(key, keyless.id);
      assert.deepEqual(
        comparable(res, keyless.id),
        comparable(await getBooking(key, keyless.id + 1_000_000), keyless.id + 1_000_000),
      );
    }
    const admin = await getBooking(t.adminKey, keyless.id);
    assert.equal(admin.statusCode, 200, admin.body);
    assert.equal(admin.json<{ data: { partner: { email: string } } }>().data.partner.email, 'keyless@example.com');
  });
});

interface CalendarEntry {
  id: number;
  confirmation_code: string | null;
  title: string;
  start_date: string;
  status: string;
  guest_count: number | null;
  composition: { adults: number; children: number; babies: number } | null;
  total_amount: number | null;
  notes: string | null;
}

async function calendar(
  key: string,
  accommodation: Accommodation,
  month: string,
): Promise<{ res: LightMyRequestResponse; entries: CalendarEntry[]; booked: number }> {
  const [year, m] = month.split('-').map(Number);
  await announcementsSettled(t.ctx);
  const res = await call(key, {
    method: 'POST',
    url: `${t.v1}/calendar`,
    payload: { accommodation_id: accommodation.id, year, month: m },
  });
  assert.equal(res.statusCode, 200, res.body);
  const data = res.json<{ data: { bookings: CalendarEntry[]; availability_summary: { booked_nights: number } } }>()
    .data;
  return { res, entries: data.bookings, booked: data.availability_summary.booked_nights };
}

describe(`tenant isolation: calendars (${testStoreKind})`, () => {
  test('other keys\' bookings are "Reserved" taken nights with no guest, code, amount or notes; admin keys see every guest', async () => {
    const a = await makeAccommodation(t.ctx.db);
    // Three stays in one month, far enough ahead to be free: A's, B's, and one no key made.
    const first = futureStay(2, 700);
    const month = first.checkin.slice(0, 7);
    const start = `${month}-02`;
    const stayA = { checkin: start, checkout: addDays(start, 2) };
    const stayB = { checkin: addDays(start, 4), checkout: addDays(start, 6) };
    const stayK = { checkin: addDays(start, 8), checkout: addDays(start, 10) };
    const guestA = guestOf('Annabel');
    const guestB = guestOf('Bartholomew');
    const byA = await book(keyA, a, stayA, guestA);
    const byB = await book(keyB, a, stayB, guestB);
    const keyless = await insertBooking(t.ctx.db, a, {
      ...stayK,
      email: 'kasimir@example.com',
      firstName: 'Kasimir',
      notes: 'keyless notes',
    });
    // A stay imported from another channel whose summary names its guest.
    const at = new Date().toISOString();
    const feed = await t.ctx.db
      .insertInto('external_feeds')
      .values({
        accommodation_id: a.id,
        name: 'airbnb',
        url: 'https://feeds.example/a.ics',
        created_at: at,
        last_synced_at: null,
        last_status: null,
        last_error: null,
        last_success_at: null,
        etag: null,
        last_modified: null,
        next_attempt_at: null,
        export_token: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('external_reservations')
      .values({
        feed_id: feed.id,
        accommodation_id: a.id,
        uid: 'u1',
        summary: 'Ivo Importson',
        start_date: addDays(start, 12),
        end_date: addDays(start, 13),
        created_at: at,
        updated_at: at,
      })
      .execute();

    const asA = await calendar(keyA, a, month);
    assert.equal(asA.booked, 6, 'every taken night counts, whoever holds it');
    const ownA = asA.entries.find((e) => e.id === byA.booking_id);
    assert.equal(ownA?.title, 'Annabel Tenantson');
    assert.equal(ownA?.confirmation_code, byA.confirmation_code);
    assert.equal(ownA?.notes, 'notes of Annabel');
    const importedId = asA.entries.find((e) => e.id < 0)?.id;
    for (const id of [byB.booking_id, keyless.id, importedId]) {
      const entry = asA.entries.find((e) => e.id === id);
      assert.ok(entry !== undefined, `booking ${id} still appears as taken nights`);
      assert.equal(entry.title, 'Reserved');
      // What the key may not see is null, not a value the stay does not have.
      assert.equal(entry.confirmation_code, null);
      assert.equal(entry.notes, null);
      assert.equal(entry.total_amount, null);
      assert.equal(entry.guest_count, null);
      assert.equal(entry.composition, null);
    }
    assert.deepEqual(
      mentions(
        asA.res,
        guestB.first_name,
        guestB.email,
        byB.confirmation_code,
        'notes of Bartholomew',
        'Kasimir',
        keyless.confirmation_code,
        'keyless notes',
        'Importson',
      ),
      [],
    );

    const asB = await calendar(keyB, a, month);
    assert.equal(asB.entries.find((e) => e.id === byB.booking_id)?.title, 'Bartholomew Tenantson');
    assert.equal(asB.entries.find((e) => e.id === byA.booking_id)?.title, 'Reserved');
    assert.deepEqual(
      mentions(
        asB.res,
        guestA.first_name,
        guestA.email,
        byA.confirmation_code,
        'notes of Annabel',
        'Kasimir',
        keyless.confirmation_code,
      ),
      [],
    );

    const asAdmin = await calendar(t.adminKey, a, month);
    assert.deepEqual(
      asAdmin.entries.map((e) => [e.title, e.confirmation_code]),
      [
        ['Annabel Tenantson', byA.confirmation_code],
        ['Bartholomew Tenantson', byB.confirmation_code],
        ['Kasimir Lovelace', keyless.confirmation_code],
        ['Ivo Importson', ''],
      ],
    );
  });
});

async function availability(
  key: string,
  accommodation: Accommodation,
  stay: { checkin: string; checkout: string },
): Promise<string> {
  const res = await call(key, {
    method: 'POST',
    url: `${t.v1}/availability`,
    payload: { accommodation_id: accommodation.id, ...stay },
  });
  assert.equal(res.statusCode, 200, res.body);
  const data = res.json<{ data: { available: boolean; message: string } }>().data;
  assert.equal(data.available, false, 'the nights are taken, whoever asks');
  return data.message;
}

describe(`tenant isolation: conflict messages (${testStoreKind})`, () => {
  test("availability names only the caller's own booking, from memory and from the store; admin keys get the code", async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3);
    const byA = await book(keyA, a, stay, guestOf('Arabella'));
    const keyless = await insertBooking(t.ctx.db, a, { ...futureStay(2), firstName: 'Keyless' });
    const keylessStay = { checkin: keyless.checkin, checkout: keyless.checkout };

    const stats = t.ctx.caches.nights.stats;
    let toB = '';
    await until('an answer from the night memory', async () => {
      const hits = stats.hits;
      toB = await availability(keyB, a, stay);
      return stats.hits > hits;
    });
    assert.ok(!toB.includes(byA.confirmation_code), toB);
    assert.match(toB, /another reservation/);
    assert.ok(!(await availability(keyA, a, keylessStay)).includes(keyless.confirmation_code));
    assert.match(await availability(keyA, a, stay), new RegExp(byA.confirmation_code));
    assert.match(await availability(t.adminKey, a, stay), new RegExp(byA.confirmation_code));
    assert.match(await availability(t.adminKey, a, keylessStay), new RegExp(keyless.confirmation_code));

    // The same from the store, with the night memory off.
    t.ctx.caches.nights.pause();
    try {
      const fromStore = await availability(keyB, a, stay);
      assert.ok(!fromStore.includes(byA.confirmation_code), fromStore);
      assert.match(fromStore, /another reservation/);
      assert.match(await availability(keyA, a, stay), new RegExp(byA.confirmation_code));
    } finally {
      t.ctx.caches.nights.resume();
    }
  });

  test("a booking refused for taken nights names no other key's booking; the caller's own and admin keys' still do", async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const guest = guestOf('Augusta');
    const byA = await book(keyA, a, stay, guest);
    const attempt = (key: string) =>
      call(key, {
        method: 'POST',
        url: `${t.v1}/bookings`,
        payload: bookingBody(a.id, stay, { booking: { total_amount: 275 } }),
      });

    const toB = await attempt(keyB);
    const refused: ErrorEnvelope = assertErrorEnvelope(toB, 409, 'CONFLICT');
    assert.equal(refused.error.details.reason, 'dates_unavailable');
    assert.equal(refused.error.details.conflicting_booking, null);
    assert.equal(refused.error.details.confirmation_code, undefined);
    assert.equal(refused.error.details.conflicting_night, stay.checkin);
    assert.deepEqual(mentions(toB, byA.confirmation_code, guest.first_name, guest.email), []);

    const toA = assertErrorEnvelope(await attempt(keyA), 409, 'CONFLICT');
    assert.equal(toA.error.details.conflicting_booking, byA.confirmation_code);
    assert.match(toA.error.message, new RegExp(byA.confirmation_code));
    const toAdmin = assertErrorEnvelope(await attempt(t.adminKey), 409, 'CONFLICT');
    assert.equal(toAdmin.error.details.conflicting_booking, byA.confirmation_code);
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { IDEMPOTENCY_RETENTION_HOURS, pruneIdempotencyRecords } from '../../src/bookings/idempotency.ts';
import { addDays, diffDays, parseIsoDate, todayIn } from '../../src/shared/dates.ts';
import { assertErrorEnvelope, isIsoTimestamp } from '../support/envelope-assertions.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/api.md#bookings-create and docs/api.md#bookings-get: creating and reading bookings through HTTP.

let t: TestApp;
before(async () => {
  t = await createTestApp({ DRAFT_HOLD_SECONDS: '60' });
});
after(async () => {
  await t.close();
});

type RequestOptions = Parameters<TestApp['checkedRequest']>[0];

/** Every response is also checked against the OpenAPI document. */
function call(options: RequestOptions, app: TestApp = t): Promise<LightMyRequestResponse> {
  return app.checkedRequest(options);
}

interface Created {
  booking_id: number;
  confirmation_code: string;
  booking_reference: string;
  partner_id: number;
  invoice_url: string;
  status: string;
  next_steps: string[];
}

let emails = 0;
function uniqueEmail(): string {
  emails += 1;
  return `guest${emails}.${process.pid}@example.com`;
}

type Overrides = Parameters<typeof bookingBody>[2];

/** The factory accommodation's total without extras: nights × 100, weekly 10 % from 7 nights, + 50 cleaning, + 10 % tax. */
function plainTotal(nights: number): number {
  const base = nights * 10000;
  const discount = nights >= 7 ? base / 10 : 0;
  const taxable = base - discount + 5000;
  return (taxable + Math.round(taxable / 10)) / 100;
}

/** A booking body with a fresh guest e-mail and the right amount for the factory accommodation without extras. */
function body(accommodationId: number, stay: { checkin: string; checkout: string }, overrides: Overrides = {}) {
  const valid = parseIsoDate(stay.checkin) !== null && parseIsoDate(stay.checkout) !== null;
  const nights = valid ? Math.max(1, diffDays(stay.checkin, stay.checkout)) : 1;
  return bookingBody(accommodationId, stay, {
    ...overrides,
    partner: { email: uniqueEmail(), ...overrides.partner },
    booking: { total_amount: plainTotal(nights), ...overrides.booking },
  });
}

function post(payload: unknown, key?: string): Promise<LightMyRequestResponse> {
  return call({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: payload as InjectOptions['payload'],
    ...(key === undefined ? {} : { key }),
  });
}

function created(res: LightMyRequestResponse): Created {
  assert.equal(res.statusCode, 200, res.body);
  const parsed = res.json<{ success: boolean; data: Created; metadata: Record<string, unknown> }>();
  assert.equal(parsed.success, true);
  return parsed.data;
}

function bookingCount(accommodationId: number): Promise<number> {
  return t.ctx.db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('accommodation_id', '=', accommodationId)
    .executeTakeFirstOrThrow()
    .then((r) => r.n);
}

async function outboxCount(): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

async function expect400(payload: unknown, parameter: string, reason?: string) {
  const res = await post(payload);
  const parsed = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
  assert.equal(parsed.error.details.parameter, parameter, res.body);
  if (reason !== undefined) assert.equal(parsed.error.details.reason, reason, res.body);
  return parsed;
}

const CODE = /^[2-9A-HJ-NP-Z]{10}$/;

describe(`POST /bookings: payment methods and the creation result (${testStoreKind})`, () => {
  test('bank_transfer → confirmed, with the exact data fields and endpoint metadata', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const res = await post(body(a.id, stay));
    assert.equal(res.statusCode, 200, res.body);
    const parsed = res.json<{ success: boolean; data: Created; metadata: Record<string, unknown> }>();
    assert.deepEqual(Object.keys(parsed).sort(), ['data', 'metadata', 'success']);
    assert.deepEqual(Object.keys(parsed.metadata).sort(), ['api_version', 'endpoint', 'timestamp']);
    assert.equal(parsed.metadata.api_version, '1.0');
    assert.equal(parsed.metadata.endpoint, 'v1');
    assert.ok(isIsoTimestamp(parsed.metadata.timestamp));

    const data = parsed.data;
    assert.deepEqual(Object.keys(data).sort(), [
      'booking_id',
      'booking_reference',
      'confirmation_code',
      'invoice_url',
      'next_steps',
      'partner_id',
      'status',
    ]);
    assert.ok(Number.isInteger(data.booking_id) && data.booking_id > 0);
    assert.ok(Number.isInteger(data.partner_id) && data.partner_id > 0);
    assert.match(data.confirmation_code, CODE);
    assert.equal(data.booking_reference, data.confirmation_code);
    assert.equal(data.status, 'confirmed');
    assert.ok(data.invoice_url.startsWith('http://staydesk.test/'), data.invoice_url);
    assert.equal(new URL(data.invoice_url).origin, 'http://staydesk.test');
    assert.ok(Array.isArray(data.next_steps) && data.next_steps.length > 0);
    for (const step of data.next_steps)
      assert.ok(typeof step === 'string' && step.trim().length > 0, `step ${JSON.stringify(step)}`);

    const row = await t.ctx.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', data.booking_id)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, 'confirmed');
    assert.equal(row.confirmation_code, data.confirmation_code);
    assert.equal(row.checkin, stay.checkin);
    assert.equal(row.checkout, stay.checkout);
    assert.equal(row.total, 27500);
    assert.equal(row.hold_expires_at, null);
  });

  for (const method of ['bank_transfer', 'cash'] as const) {
    test(`${method} → confirmed, and a confirmation mail for the guest is in the outbox`, async () => {
      const a = await makeAccommodation(t.ctx.db);
      const email = uniqueEmail();
      const data = created(
        await post(body(a.id, futureStay(2), { partner: { email }, booking: { payment_method: method } })),
      );
      assert.equal(data.status, 'confirmed');
      const mails = await t.ctx.db.selectFrom('outbox').selectAll().where('booking_id', '=', data.booking_id).execute();
      assert.equal(mails.length, 1, 'exactly one mail queued');
      const mail = mails[0];
      assert.ok(mail !== undefined);
      assert.equal(mail.recipient, email);
      assert.equal(mail.kind, 'mail');
      assert.equal(mail.template, 'booking_confirmation');
      assert.equal(mail.status, 'pending');
      assert.ok(
        mail.subject.includes(data.confirmation_code) || mail.body_text.includes(data.confirmation_code),
        'the mail names the booking',
      );
    });
  }

  test('card_processor → draft holding its nights for DRAFT_HOLD_SECONDS, and no confirmation mail', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const outboxBefore = await outboxCount();
    // The hold is reckoned from the app's clock, held still here.
    const startedAt = Date.now();
    const data = created(
      await t.at(startedAt, () =>
        post(body(a.id, stay, { booking: { payment_method: 'card_processor', payment_intent_id: 'pi_123' } })),
      ),
    );
    const finishedAt = startedAt;
    assert.equal(data.status, 'draft');
    assert.match(data.confirmation_code, CODE);
    assert.equal(data.booking_reference, data.confirmation_code);
    assert.ok(data.next_steps.length > 0);

    const row = await t.ctx.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', data.booking_id)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, 'draft');
    assert.ok(row.hold_expires_at !== null, 'a draft has a hold');
    const hold = Date.parse(row.hold_expires_at);
    assert.ok(
      hold >= startedAt + 60_000 - 2_000 && hold <= finishedAt + 60_000 + 2_000,
      `hold_expires_at ${row.hold_expires_at} is about now + 60 s`,
    );
    assert.equal(row.payment_intent_id, 'pi_123');

    const mails = await t.ctx.db.selectFrom('outbox').select('id').where('booking_id', '=', data.booking_id).execute();
    assert.equal(mails.length, 0, 'no mail before the payment');
    assert.equal(await outboxCount(), outboxBefore);

    const claims = await t.ctx.db
      .selectFrom('night_claims')
      .select('night')
      .where('booking_id', '=', data.booking_id)
      .orderBy('night')
      .execute();
    assert.deepEqual(
      claims.map((c) => c.night),
      [stay.checkin, addDays(stay.checkin, 1)],
    );
  });

  test('the booking row stores the computed price pieces', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(7);
    const data = created(
      await post(body(a.id, stay, { booking: { total_amount: 932.8 }, extras: { breakfast: true } })),
    );
    const row = await t.ctx.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', data.booking_id)
      .executeTakeFirstOrThrow();
    assert.equal(row.base_price, 70000);
    assert.equal(row.discount, 7000);
    assert.equal(row.extras_total, 16800);
    assert.equal(row.tax, 8480);
    assert.equal(row.total, 93280);
    assert.equal(row.currency, 'EUR');
  });
});

describe(`POST /bookings: the caller's amount (${testStoreKind})`, () => {
  test('expected_amount is used when both are sent', async () => {
    const a = await makeAccommodation(t.ctx.db);
    created(await post(body(a.id, futureStay(2), { booking: { expected_amount: 275, total_amount: 1 } })));

    const res = await post(body(a.id, futureStay(2), { booking: { expected_amount: 1, total_amount: 275 } }));
    const parsed = assertErrorEnvelope(res, 409, 'CONFLICT');
    assert.equal(parsed.error.details.reason, 'price_mismatch');
    assert.equal(parsed.error.details.expected, 275);
    assert.equal(parsed.error.details.received, 1);
  });

  test('expected_amount alone is enough', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const payload = body(a.id, futureStay(2), { booking: { expected_amount: 275 } });
    delete (payload.booking_data as Record<string, unknown>).total_amount;
    created(await post(payload));
  });

  test('neither amount → 400', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const payload = body(a.id, futureStay(2));
    delete (payload.booking_data as Record<string, unknown>).total_amount;
    const parsed = assertErrorEnvelope(await post(payload), 400, 'BAD_REQUEST');
    assert.equal(parsed.error.details.received, null);
    assert.match(String(parsed.error.details.parameter), /booking_data\.(expected_amount|total_amount)/);
    assert.equal(await bookingCount(a.id), 0);
  });

  test('a mismatch → 409 price_mismatch with the computed total and what was received; nothing is created', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(7);
    const outboxBefore = await outboxCount();
    const res = await post(body(a.id, stay, { booking: { total_amount: 900 }, extras: { breakfast: true } }));
    const parsed = assertErrorEnvelope(res, 409, 'CONFLICT');
    assert.equal(parsed.error.details.reason, 'price_mismatch');
    assert.equal(parsed.error.details.expected, 932.8);
    assert.equal(parsed.error.details.received, 900);
    assert.equal(await bookingCount(a.id), 0);
    assert.equal(await outboxCount(), outboxBefore);
    const claims = await t.ctx.db
      .selectFrom('night_claims')
      .select('night')
      .where('accommodation_id', '=', a.id)
      .execute();
    assert.equal(claims.length, 0);
  });

  test('a difference below half a cent matches; half a cent or more does not', async () => {
    const a = await makeAccommodation(t.ctx.db);
    for (const amount of [932.804, 932.796, 932.8, 932.8000000000001]) {
      const res = await post(
        body(a.id, futureStay(7), { booking: { total_amount: amount }, extras: { breakfast: true } }),
      );
      assert.equal(res.statusCode, 200, `${amount}: ${res.body}`);
    }
    for (const amount of [932.805, 932.795, 932.81, 932.79, 933, 0]) {
      const res = await post(
        body(a.id, futureStay(7), { booking: { total_amount: amount }, extras: { breakfast: true } }),
      );
      const parsed = assertErrorEnvelope(res, 409, 'CONFLICT');
      assert.equal(parsed.error.details.reason, 'price_mismatch', `${amount}`);
      assert.equal(parsed.error.details.received, amount);
    }
  });

  test('the amount includes extras: breakfast changes the total to match', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const res = await post(body(a.id, stay, { booking: { total_amount: 275 }, extras: { breakfast: true } }));
    const parsed = assertErrorEnvelope(res, 409, 'CONFLICT');
    // 200 + 48 breakfast + 50 = 298, tax 29.8 → 327.8
    assert.equal(parsed.error.details.expected, 327.8);
    created(await post(body(a.id, stay, { booking: { total_amount: 327.8 }, extras: { breakfast: true } })));
  });

  test('babies are free: they change neither the price nor the guest count', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    // 4 adults + 3 babies fits max_guests 4; breakfast for 4: 4 × 2 × 12 = 96; 200 + 96 + 50 = 346, tax 34.6 → 380.6
    const data = created(
      await post(
        body(a.id, stay, {
          booking: { adults_count: 4, babies_count: 3, total_amount: 380.6 },
          extras: { breakfast: true },
        }),
      ),
    );
    const view = await call({ method: 'GET', url: `${t.v1}/bookings/${data.booking_id}` });
    const viewData = view.json<{ data: { guest_count: number; composition: Record<string, number> } }>().data;
    assert.equal(viewData.guest_count, 4);
    assert.deepEqual(viewData.composition, { adults: 4, children: 0, babies: 3 });
  });
});

describe(`POST /bookings: the guest's record (${testStoreKind})`, () => {
  test('matched by e-mail, case-insensitively; a new e-mail is a new guest', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const local = `ada.${process.pid}.${Date.now()}`;
    const first = created(await post(body(a.id, futureStay(2), { partner: { email: `${local}@example.com` } })));
    const second = created(
      await post(body(a.id, futureStay(2), { partner: { email: `${local.toUpperCase()}@Example.COM` } })),
    );
    assert.equal(second.partner_id, first.partner_id);
    const third = created(await post(body(a.id, futureStay(2), { partner: { email: `other.${local}@example.com` } })));
    assert.notEqual(third.partner_id, first.partner_id);
    const guests = await t.ctx.db
      .selectFrom('guests')
      .select('id')
      .where('email_key', 'like', `%${local}@example.com`)
      .execute();
    assert.equal(guests.length, 2);
  });
});

describe(`POST /bookings: bad input (${testStoreKind})`, () => {
  test('missing partner_data.email', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const payload = body(a.id, futureStay(2));
    delete (payload.partner_data as Record<string, unknown>).email;
    const parsed = await expect400(payload, 'partner_data.email', 'missing');
    assert.equal(parsed.error.details.received, null);
  });

  test('a malformed e-mail', async () => {
    const a = await makeAccommodation(t.ctx.db);
    for (const email of ['not-an-email', 'a@', '@example.com', 'a b@example.com']) {
      await expect400(body(a.id, futureStay(2), { partner: { email } }), 'partner_data.email');
    }
  });

  test('missing names and missing sections', async () => {
    const a = await makeAccommodation(t.ctx.db);
    for (const field of ['first_name', 'last_name'] as const) {
      const payload = body(a.id, futureStay(2));
      const { first_name, last_name, ...partner } = payload.partner_data;
      const kept = field === 'first_name' ? { ...partner, last_name } : { ...partner, first_name };
      await expect400({ ...payload, partner_data: kept }, `partner_data.${field}`, 'missing');
    }
    const noPartner: Record<string, unknown> = body(a.id, futureStay(2));
    delete noPartner.partner_data;
    await expect400(noPartner, 'partner_data', 'missing');
    const noBooking: Record<string, unknown> = body(a.id, futureStay(2));
    delete noBooking.booking_data;
    await expect400(noBooking, 'booking_data', 'missing');
    const noAccommodation: Record<string, unknown> = body(a.id, futureStay(2));
    delete noAccommodation.accommodation_id;
    const parsed = await expect400(noAccommodation, 'accommodation_id', 'missing');
    assert.equal(parsed.error.details.expected, 'integer');
    assert.equal(parsed.error.details.received, null);
  });

  test('adults_count 0, negative children_count, fractional counts', async () => {
    const a = await makeAccommodation(t.ctx.db);
    await expect400(body(a.id, futureStay(2), { booking: { adults_count: 0 } }), 'booking_data.adults_count');
    await expect400(body(a.id, futureStay(2), { booking: { children_count: -1 } }), 'booking_data.children_count');
    await expect400(body(a.id, futureStay(2), { booking: { babies_count: -1 } }), 'booking_data.babies_count');
    await expect400(body(a.id, futureStay(2), { booking: { adults_count: 1.5 } }), 'booking_data.adults_count');
    await expect400(body(a.id, futureStay(2), { booking: { adults_count: '2' } }), 'booking_data.adults_count');
    assert.equal(await bookingCount(a.id), 0);
  });

  test('an unknown payment method', async () => {
    const a = await makeAccommodation(t.ctx.db);
    await expect400(
      body(a.id, futureStay(2), { booking: { payment_method: 'bitcoin' } }),
      'booking_data.payment_method',
    );
  });

  test('a negative or non-numeric amount', async () => {
    const a = await makeAccommodation(t.ctx.db);
    await expect400(body(a.id, futureStay(2), { booking: { total_amount: -275 } }), 'booking_data.total_amount');
    await expect400(body(a.id, futureStay(2), { booking: { total_amount: '275' } }), 'booking_data.total_amount');
  });

  test('an impossible date is named with its booking_data path', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const parsed = await expect400(
      body(a.id, { checkin: '2027-02-30', checkout: stay.checkout }),
      'booking_data.checkin_date',
      'invalid_date',
    );
    assert.equal(parsed.error.details.received, '2027-02-30');
    await expect400(
      body(a.id, { checkin: stay.checkin, checkout: '2027-2-3' }),
      'booking_data.checkout_date',
      'invalid_date',
    );
  });

  test('stay rules through the booking fields', async () => {
    const a = await makeAccommodation(t.ctx.db, { min_stay: 2, max_stay: 10 });
    const stay = futureStay(3);
    await expect400(
      body(a.id, { checkin: stay.checkout, checkout: stay.checkin }),
      'booking_data.checkout_date',
      'invalid_range',
    );
    await expect400(
      body(a.id, { checkin: stay.checkin, checkout: stay.checkin }),
      'booking_data.checkout_date',
      'invalid_range',
    );
    const today = todayIn('UTC');
    await expect400(
      body(a.id, { checkin: addDays(today, -1), checkout: addDays(today, 2) }),
      'booking_data.checkin_date',
      'past_date',
    );
    await expect400(body(a.id, futureStay(1)), 'booking_data.checkout_date', 'min_stay');
    await expect400(body(a.id, futureStay(11)), 'booking_data.checkout_date', 'max_stay');
    const guests = await expect400(
      body(a.id, futureStay(2), { booking: { adults_count: 3, children_count: 2 } }),
      'booking_data.adults_count',
      'max_guests',
    );
    assert.equal(guests.error.details.received, 5);
    await expect400(body(a.id, futureStay(2), { extras: { linen: true } }), 'extras.linen', 'extra_not_offered');
    assert.equal(await bookingCount(a.id), 0);
  });

  test('unknown accommodation → 404', async () => {
    const res = await post(body(987654, futureStay(2)));
    assertErrorEnvelope(res, 404, 'NOT_FOUND');
  });

  test('no or a wrong API key → 401', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const res = await call({ method: 'POST', url: `${t.v1}/bookings`, payload: body(a.id, futureStay(2)), key: null });
    assertErrorEnvelope(res, 401, 'UNAUTHORIZED');
    const wrong = await call({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: body(a.id, futureStay(2)),
      key: 'sd_not_a_real_key',
    });
    assertErrorEnvelope(wrong, 401, 'UNAUTHORIZED');
    assert.equal(await bookingCount(a.id), 0);
  });
});

describe(`POST /bookings: taken nights (${testStoreKind})`, () => {
  test('overlapping nights → 409 dates_unavailable naming the booking; nothing is written', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3);
    const first = created(await post(body(a.id, stay)));
    const outboxBefore = await outboxCount();
    const overlap = { checkin: addDays(stay.checkin, 2), checkout: addDays(stay.checkout, 1) };
    const res = await post(body(a.id, overlap));
    const parsed = assertErrorEnvelope(res, 409, 'CONFLICT');
    assert.equal(parsed.error.details.reason, 'dates_unavailable');
    assert.ok(parsed.error.message.includes(first.confirmation_code), parsed.error.message);
    assert.equal(await bookingCount(a.id), 1);
    assert.equal(await outboxCount(), outboxBefore, 'no mail for a refused booking');
    const claims = await t.ctx.db
      .selectFrom('night_claims')
      .select('night')
      .where('accommodation_id', '=', a.id)
      .execute();
    assert.equal(claims.length, 3);
  });

  test('a blocked night → 409 dates_unavailable naming the date', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const night = addDays(stay.checkin, 1);
    await t.ctx.db
      .insertInto('night_claims')
      .values({
        accommodation_id: a.id,
        night,
        kind: 'block',
        booking_id: null,
        external_reservation_id: null,
        reason: 'repairs',
        created_at: new Date().toISOString(),
      })
      .execute();
    const parsed = assertErrorEnvelope(await post(body(a.id, stay)), 409, 'CONFLICT');
    assert.equal(parsed.error.details.reason, 'dates_unavailable');
    assert.ok(parsed.error.message.includes(night), parsed.error.message);
  });

  test('after a booking, availability says not available; back-to-back is still bookable', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const first = created(await post(body(a.id, stay)));
    const res = await call({
      method: 'POST',
      url: `${t.v1}/availability`,
      payload: { accommodation_id: a.id, checkin: stay.checkin, checkout: stay.checkout },
    });
    assert.equal(res.statusCode, 200);
    const answer = res.json<{ data: { available: boolean; message: string } }>().data;
    assert.equal(answer.available, false);
    assert.ok(answer.message.includes(first.confirmation_code));
    created(await post(body(a.id, { checkin: stay.checkout, checkout: addDays(stay.checkout, 2) })));
    created(await post(body(a.id, { checkin: addDays(stay.checkin, -2), checkout: stay.checkin })));
  });

  test('the same nights on another accommodation are free', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const b = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    created(await post(body(a.id, stay)));
    created(await post(body(b.id, stay)));
  });

  test('an expired card draft gives way to a new booking, and is cancelled for payment_timeout', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const draft = created(await post(body(a.id, stay, { booking: { payment_method: 'card_processor' } })));
    assertErrorEnvelope(await post(body(a.id, stay)), 409, 'CONFLICT');
    // DRAFT_HOLD_SECONDS (60) later by the app's clock.
    const second = created(await t.at(Date.now() + 61_000, () => post(body(a.id, stay))));
    assert.notEqual(second.booking_id, draft.booking_id);
    const old = await t.ctx.db
      .selectFrom('bookings')
      .select(['status', 'cancel_reason'])
      .where('id', '=', draft.booking_id)
      .executeTakeFirstOrThrow();
    assert.equal(old.status, 'cancelled');
    assert.equal(old.cancel_reason, 'payment_timeout');
  });
});

describe(`POST /bookings: idempotency_key (${testStoreKind})`, () => {
  test('the same key and body → the first answer, and only one booking', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const payload = body(a.id, futureStay(2), {
      booking: { idempotency_key: `idem-same-${Date.now()}`, payment_method: 'card_processor' },
    });
    const first = created(await post(payload));
    const second = created(await post(payload));
    assert.deepEqual(second, first);
    assert.equal(await bookingCount(a.id), 1);
  });

  test('the same body with its keys in another order is the same request', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const payload = body(a.id, futureStay(2), { booking: { idempotency_key: `idem-order-${Date.now()}` } });
    const first = created(await post(payload));
    const reordered = {
      booking_data: Object.fromEntries(Object.entries(payload.booking_data).reverse()),
      partner_data: Object.fromEntries(Object.entries(payload.partner_data).reverse()),
      accommodation_id: payload.accommodation_id,
    };
    const second = created(await post(reordered));
    assert.equal(second.booking_id, first.booking_id);
    assert.equal(await bookingCount(a.id), 1);
  });

  test('the same key with a different body → 409 idempotency_key_reused', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const key = `idem-diff-${Date.now()}`;
    const stay = futureStay(2);
    const payload = body(a.id, stay, { booking: { idempotency_key: key } });
    created(await post(payload));
    const changed = { ...payload, booking_data: { ...payload.booking_data, guest_notes: 'late arrival' } };
    const parsed = assertErrorEnvelope(await post(changed), 409, 'CONFLICT');
    assert.equal(parsed.error.details.reason, 'idempotency_key_reused');
    const otherDates = body(a.id, futureStay(2), { booking: { idempotency_key: key } });
    const parsed2 = assertErrorEnvelope(await post(otherDates), 409, 'CONFLICT');
    assert.equal(parsed2.error.details.reason, 'idempotency_key_reused');
    assert.equal(await bookingCount(a.id), 1);
  });

  test('keys are remembered for the retention period, then pruned', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const key = `idem-prune-${Date.now()}`;
    const payload = body(a.id, futureStay(2), { booking: { idempotency_key: key } });
    const first = created(await post(payload));
    const stored = () => t.ctx.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute();
    const justBefore = new Date(Date.now() + (IDEMPOTENCY_RETENTION_HOURS - 1) * 3_600_000);
    await pruneIdempotencyRecords(t.ctx.db, justBefore);
    assert.equal((await stored()).length, 1, 'kept within the retention');
    assert.deepEqual(created(await post(payload)), first);
    const past = new Date(Date.now() + (IDEMPOTENCY_RETENTION_HOURS + 1) * 3_600_000);
    assert.ok((await pruneIdempotencyRecords(t.ctx.db, past)) >= 1);
    assert.equal((await stored()).length, 0, 'pruned after the retention');
    assert.ok(IDEMPOTENCY_RETENTION_HOURS >= 24, 'the contract asks for at least 24 hours');
  });

  test('a key whose first attempt failed is free for the corrected request', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const key = `idem-retry-${Date.now()}`;
    const stay = futureStay(2);
    const wrong = body(a.id, stay, { booking: { idempotency_key: key, total_amount: 1 } });
    assertErrorEnvelope(await post(wrong), 409, 'CONFLICT');
    const right = { ...wrong, booking_data: { ...wrong.booking_data, total_amount: 275 } };
    const data = created(await post(right));
    assert.equal(created(await post(right)).booking_id, data.booking_id);
    assert.equal(await bookingCount(a.id), 1);
  });

  test('keys are scoped to the API key: another API key with the same key is a separate attempt', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const otherKey = (await createApiKey(t.ctx.db, { name: 'second integrator', scope: 'api' })).key;
    const key = `idem-scope-${Date.now()}`;
    const stay = futureStay(2);
    const payload = body(a.id, stay, { booking: { idempotency_key: key } });
    const first = created(await post(payload));

    // Same body from the other API key: not a replay, so the nights are simply taken.
    const parsed = assertErrorEnvelope(await post(payload, otherKey), 409, 'CONFLICT');
    assert.equal(parsed.error.details.reason, 'dates_unavailable');

    // Different dates from the other API key under the same idempotency key: a new booking.
    const other = created(await post(body(a.id, futureStay(2), { booking: { idempotency_key: key } }), otherKey));
    assert.notEqual(other.booking_id, first.booking_id);
    assert.equal(await bookingCount(a.id), 2);

    // And each API key still gets its own first answer back.
    assert.equal(created(await post(payload)).booking_id, first.booking_id);
  });
});

describe(`confirmation codes and invoices (${testStoreKind})`, () => {
  test('50 bookings: 10 characters of [2-9A-HJ-NP-Z], all different, not sequential', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const codes: string[] = [];
    for (let batch = 0; batch < 5; batch++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => post(body(a.id, futureStay(1)))));
      for (const res of answers) codes.push(created(res).confirmation_code);
    }
    assert.equal(codes.length, 50);
    for (const code of codes) assert.match(code, CODE);
    assert.equal(new Set(codes).size, 50);
    const sorted = [...codes].sort();
    assert.notDeepEqual(codes, sorted, 'codes are not issued in order');
  });

  test('invoice_url serves a PDF without an API key; a wrong token is a 404 JSON error', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const data = created(await post(body(a.id, futureStay(2))));
    const url = new URL(data.invoice_url);
    const path = url.pathname;
    const res = await call({ method: 'GET', url: path, key: null });
    assert.equal(res.statusCode, 200, res.body.slice(0, 200));
    assert.match(String(res.headers['content-type']), /^application\/pdf/);
    assert.equal(res.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');

    const token = path.split('/').pop() ?? '';
    assert.ok(token.length >= 20, 'the token is long enough to be unguessable');
    const wrongToken = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const wrongPath = `${path.slice(0, -token.length)}${wrongToken}`;
    const wrong = await call({ method: 'GET', url: wrongPath, key: null });
    const parsed = assertErrorEnvelope(wrong, 404, 'NOT_FOUND');
    assert.ok(!wrong.body.includes(data.confirmation_code));
    assert.equal(typeof parsed.error.message, 'string');
  });

  test('two bookings have different invoice tokens', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const one = created(await post(body(a.id, futureStay(2))));
    const two = created(await post(body(a.id, futureStay(2))));
    assert.notEqual(one.invoice_url, two.invoice_url);
  });
});

describe(`GET /bookings/:id (${testStoreKind})`, () => {
  test('the Booking of docs/api.md#bookings-get with booking_status and booking_reference, and no metadata', async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Seaside Cottage' });
    const stay = futureStay(7);
    const email = uniqueEmail();
    const data = created(
      await post(
        body(a.id, stay, {
          partner: { first_name: 'Grace', last_name: 'Hopper', email, phone: '+1 555 0100' },
          booking: { adults_count: 2, children_count: 1, babies_count: 1, total_amount: 1025.2 },
          extras: { breakfast: true },
        }),
      ),
    );
    // 700 − 70 weekly + breakfast 3 × 7 × 12 = 252 + cleaning 50 = 932; tax 93.2; total 1025.2
    const res = await call({ method: 'GET', url: `${t.v1}/bookings/${data.booking_id}` });
    assert.equal(res.statusCode, 200, res.body);
    const parsed = res.json<{ success: boolean; data: Record<string, unknown> }>();
    assert.deepEqual(Object.keys(parsed).sort(), ['data', 'success'], 'no metadata on retrieval');
    assert.equal(parsed.success, true);
    const view = parsed.data;
    for (const field of [
      'id',
      'confirmation_code',
      'accommodation_name',
      'checkin_date',
      'checkout_date',
      'nights',
      'guest_count',
      'composition',
      'total_amount',
      'status',
      'partner',
      'booking_status',
      'booking_reference',
    ]) {
      assert.ok(field in view, `data.${field}`);
    }
    assert.equal(view.id, data.booking_id);
    assert.equal(view.confirmation_code, data.confirmation_code);
    assert.equal(view.booking_reference, data.confirmation_code);
    assert.equal(view.accommodation_name, 'Seaside Cottage');
    assert.equal(view.checkin_date, stay.checkin);
    assert.equal(view.checkout_date, stay.checkout);
    assert.equal(view.nights, 7);
    assert.equal(view.guest_count, 3);
    assert.deepEqual(view.composition, { adults: 2, children: 1, babies: 1 });
    assert.equal(view.total_amount, 1025.2);
    assert.equal(view.status, 'confirmed');
    assert.equal(view.booking_status, 'confirmed');
    assert.deepEqual(view.partner, { id: data.partner_id, name: 'Grace Hopper', email, phone: '+1 555 0100' });
  });

  test('a draft reads as draft in both status fields', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const data = created(await post(body(a.id, futureStay(2), { booking: { payment_method: 'card_processor' } })));
    const view = (await call({ method: 'GET', url: `${t.v1}/bookings/${data.booking_id}` })).json<{
      data: { status: string; booking_status: string };
    }>().data;
    assert.equal(view.status, 'draft');
    assert.equal(view.booking_status, 'draft');
  });

  test('a partner without a phone reads as an empty string', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const payload = body(a.id, futureStay(2));
    delete (payload.partner_data as Record<string, unknown>).phone;
    const data = created(await post(payload));
    const view = (await call({ method: 'GET', url: `${t.v1}/bookings/${data.booking_id}` })).json<{
      data: { partner: { phone: string } };
    }>().data;
    assert.equal(view.partner.phone, '');
  });

  test('an unknown id → 404, a non-numeric id → 400', async () => {
    assertErrorEnvelope(await call({ method: 'GET', url: `${t.v1}/bookings/987654` }), 404, 'NOT_FOUND');
    assertErrorEnvelope(await call({ method: 'GET', url: `${t.v1}/bookings/abc` }), 400, 'BAD_REQUEST');
    assertErrorEnvelope(await call({ method: 'GET', url: `${t.v1}/bookings/-1` }), 400, 'BAD_REQUEST');
    assertErrorEnvelope(await call({ method: 'GET', url: `${t.v1}/bookings/1.5` }), 400, 'BAD_REQUEST');
  });

  test('no API key → 401', async () => {
    assertErrorEnvelope(await call({ method: 'GET', url: `${t.v1}/bookings/1`, key: null }), 401, 'UNAUTHORIZED');
  });
});

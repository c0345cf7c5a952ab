import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Edge cases that once answered wrongly: unknown extras, invoice error media types, the calendar
// look-ahead near the end of the supported years, ids beyond the integer range, NUL characters.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

function post(payload: unknown): Promise<LightMyRequestResponse> {
  return t.request({ method: 'POST', url: `${t.v1}/bookings`, payload: payload as Record<string, unknown> });
}

/** < 500, and a 4xx carries the error envelope. */
function assertHandled(res: LightMyRequestResponse, what: string): void {
  assert.ok(res.statusCode < 500, `${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  if (res.statusCode >= 400) {
    const body = res.json<{ success: boolean; error: { code: number } }>();
    assert.equal(body.success, false, what);
    assert.equal(body.error.code, res.statusCode, what);
  }
}

describe(`v1 edge cases (${testStoreKind})`, () => {
  test('an unknown extra (spa) is a 400 extra_not_offered on availability and bookings', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const res = await t.request({
      method: 'POST',
      url: `${t.v1}/availability`,
      payload: { accommodation_id: a.id, ...stay, extras: { spa: true } },
    });
    assertErrorEnvelope(res, 400, 'BAD_REQUEST');
    const booking = await post({
      ...bookingBody(a.id, stay, { booking: { total_amount: 275 } }),
      extras: { spa: true },
    });
    assertErrorEnvelope(booking, 400, 'BAD_REQUEST');
  });

  test('the OpenAPI document gives the invoice error answers the JSON media type they are sent with', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const created = await post(bookingBody(a.id, futureStay(2), { booking: { total_amount: 275 } }));
    assert.equal(created.statusCode, 200, created.body);
    const path = new URL(created.json<{ data: { invoice_url: string } }>().data.invoice_url).pathname;
    const wrong = path.replace(/[^/]{4}$/, (tail) => (tail === 'AAAA' ? 'BBBB' : 'AAAA'));
    const notFound = await t.request({ method: 'GET', url: wrong, key: null });
    assertErrorEnvelope(notFound, 404, 'NOT_FOUND');
    assertMatchesOpenApi(t.app, 'GET', wrong, notFound);
    const bad = await t.request({ method: 'GET', url: `/${t.config.slug}/invoices/x`, key: null });
    assertErrorEnvelope(bad, 400, 'BAD_REQUEST');
    assertMatchesOpenApi(t.app, 'GET', `/${t.config.slug}/invoices/x`, bad);
  });

  test('a calendar year beyond the supported range is a 400, never a 500', async () => {
    const a = await makeAccommodation(t.ctx.db);
    for (const month of [1, 12]) {
      const res = await t.request({
        method: 'POST',
        url: `${t.v1}/calendar`,
        payload: { accommodation_id: a.id, month, year: 9999 },
      });
      assertHandled(res, `calendar 9999-${month}`);
      assert.equal(res.statusCode, 400);
      assertMatchesOpenApi(t.app, 'POST', `${t.v1}/calendar`, res);
    }
  });

  test('ids beyond the integer range are unknown ids (404), not a store error', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const cases: [string, string | null][] = [
      [`${t.v1}/bookings/2147483648`, t.apiKey],
      [`${t.v1}/bookings/9999999999`, t.apiKey],
      ['/admin/api/bookings/2147483648', t.adminKey],
      ['/admin/api/accommodations/2147483648', t.adminKey],
      ['/admin/api/outbox/2147483648', t.adminKey],
      [`/admin/api/accommodations/${a.id}/ical-feeds/2147483648`, t.adminKey],
      ['/admin/api/bookings?accommodation_id=2147483648', t.adminKey],
    ];
    const failures: string[] = [];
    for (const [url, key] of cases) {
      const method = url.includes('/ical-feeds/') ? 'DELETE' : 'GET';
      const res = await t.request({ method, url, key });
      const expected = url.includes('?') ? 200 : 404;
      if (res.statusCode !== expected) failures.push(`${method} ${url} → ${res.statusCode}`);
    }
    assert.deepEqual(failures, []);
  });

  test('a U+0000 character in any text field is a 400 on every store', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const failures: string[] = [];
    for (const [label, overrides] of [
      ['partner_data.first_name', { partner: { first_name: 'Ada\u0000' } }],
      ['partner_data.phone', { partner: { phone: '+44\u0000' } }],
      ['booking_data.guest_notes', { booking: { guest_notes: 'late\u0000arrival' } }],
      ['booking_data.idempotency_key', { booking: { idempotency_key: 'key\u0000' } }],
      ['booking_data.payment_intent_id', { booking: { payment_intent_id: 'pi_\u0000' } }],
    ] as const) {
      const over = overrides as { partner?: Record<string, unknown>; booking?: Record<string, unknown> };
      const res = await post(
        bookingBody(a.id, futureStay(2), { ...over, booking: { total_amount: 275, ...over.booking } }),
      );
      const reason =
        res.statusCode === 400
          ? res.json<{ error: { details: { reason?: string; parameter?: string } } }>().error.details
          : {};
      if (res.statusCode !== 400 || reason.reason !== 'nul_character' || reason.parameter !== label) {
        failures.push(`POST /bookings ${label} → ${res.statusCode} ${JSON.stringify(reason)}`);
      }
    }
    const admin = await t.request({
      method: 'POST',
      url: '/admin/api/accommodations',
      key: t.adminKey,
      payload: { name: 'Nul\u0000House', base_price: 100, max_guests: 2 },
    });
    if (admin.statusCode !== 400) failures.push(`POST /admin/api/accommodations name → ${admin.statusCode}`);
    assert.deepEqual(failures, []);
  });
});

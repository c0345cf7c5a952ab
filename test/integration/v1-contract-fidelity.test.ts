import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setSetting } from '../../src/settings/settings-repository.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Where v1 once differed from its contract: diagnostics with an empty JSON body, booking ids of any
// length, every allowed value of an enum in details.expected, the legacy JSON-RPC wrapper.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

const JSON_TYPE = { 'content-type': 'application/json' };

describe(`v1 contract fidelity (${testStoreKind})`, () => {
  for (const path of ['health', 'test', 'debug']) {
    test(`calendar/${path} with Content-Type: application/json and an empty body answers 200`, async () => {
      const res = await t.checkedRequest({
        method: 'POST',
        url: `${t.v1}/calendar/${path}`,
        headers: JSON_TYPE,
        payload: '',
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json<{ success: boolean }>().success, true);
      // Still JSON-only: a broken body stays a 400.
      const broken = await t.request({
        method: 'POST',
        url: `${t.v1}/calendar/${path}`,
        headers: JSON_TYPE,
        payload: '{"a":',
      });
      assert.equal(assertErrorEnvelope(broken, 400, 'BAD_REQUEST').error.details.reason, 'malformed_json');
    });
  }

  test('the OpenAPI document gives calendar/health, test and debug an optional JSON request body', async () => {
    const doc = (await t.request({ method: 'GET', url: '/openapi.json', key: null })).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { required?: boolean; content?: Record<string, unknown> } }>
      >;
    }>();
    for (const path of ['health', 'test', 'debug']) {
      const op = doc.paths[`${t.v1}/calendar/${path}`]?.post;
      assert.ok(
        op?.requestBody?.content?.['application/json'] !== undefined,
        `calendar/${path} has a JSON request body`,
      );
      assert.notEqual(op.requestBody.required, true, `calendar/${path}: the body is optional`);
    }
  });

  test('calendar/test says whether webhook signatures are on', async () => {
    await setSetting(t.ctx.db, 'webhook_secret', null);
    const off = await t.checkedRequest({ method: 'POST', url: `${t.v1}/calendar/test`, payload: {} });
    assert.equal(off.json<{ data: { webhook_signatures: string; message: string } }>().data.webhook_signatures, 'off');
    assert.match(off.json<{ data: { message: string } }>().data.message, /signatures are off/i);
    await setSetting(t.ctx.db, 'webhook_secret', `whsk_${'ab'.repeat(32)}`);
    try {
      const on = await t.checkedRequest({ method: 'POST', url: `${t.v1}/calendar/test`, payload: {} });
      assert.equal(on.json<{ data: { webhook_signatures: string } }>().data.webhook_signatures, 'on');
    } finally {
      await setSetting(t.ctx.db, 'webhook_secret', null);
    }
  });

  test('GET /bookings/<id> with any number of digits is a 404 when unknown; other characters stay 400', async () => {
    // Up to the router's 100-character limit on any path parameter.
    for (const id of ['9999999999', '12345678901', '99999999999999999999', '0000000000001234567', '9'.repeat(100)]) {
      const res = await t.checkedRequest({ method: 'GET', url: `${t.v1}/bookings/${id}` });
      assert.equal(
        assertErrorEnvelope(res, 404, 'NOT_FOUND').error.details.reason,
        'booking_not_found',
        `${id.length} digits`,
      );
    }
    for (const id of ['12a', '-1', '1.5', '1e3', '%20']) {
      const res = await t.request({ method: 'GET', url: `${t.v1}/bookings/${id}` });
      assertErrorEnvelope(res, 400, 'BAD_REQUEST');
    }
  });

  test('details.expected lists every allowed value of an enum', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const res = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(a.id, futureStay(2), { booking: { payment_method: 'paypal', total_amount: 275 } }),
    });
    const details = assertErrorEnvelope(res, 400, 'BAD_REQUEST').error.details;
    assert.equal(details.parameter, 'booking_data.payment_method');
    assert.equal(details.expected, 'card_processor, bank_transfer, cash');
    assert.equal(details.received, 'paypal');
  });

  test('a body in the legacy JSON-RPC wrapper is a 400 that says v1 takes the plain body', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const wrapped = [
      [
        `${t.v1}/availability`,
        {
          jsonrpc: '2.0',
          method: 'check_availability',
          params: { accommodation_id: a.id, checkin_date: stay.checkin, checkout_date: stay.checkout },
          id: 1,
        },
      ],
      [
        `${t.v1}/bookings`,
        {
          jsonrpc: '2.0',
          method: 'create_booking',
          params: bookingBody(a.id, stay, { booking: { total_amount: 275 } }),
        },
      ],
      [`${t.v1}/calendar`, { jsonrpc: '2.0', method: 'call', params: { accommodation_id: a.id } }],
    ] as const;
    for (const [url, payload] of wrapped) {
      const res = await t.request({ method: 'POST', url, payload });
      const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
      assert.equal(body.error.details.reason, 'legacy_jsonrpc_body', url);
      assert.match(body.error.message, /plain JSON body/, url);
    }
    assert.equal(
      (await t.ctx.db.selectFrom('bookings').select('id').where('accommodation_id', '=', a.id).execute()).length,
      0,
      'nothing booked',
    );
  });
});

import { isHtmlPage } from '../support/console-routes.ts';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

/**
 * Every route that names a resource answers an unknown one with a 404 whose `details.reason`
 * says which resource (docs/api.md#error-reasons): never a bare or generic 404.
 */

const UNKNOWN = 987654;
const TOKEN = 'A'.repeat(43);

interface Case {
  /** The route pattern, as the app registers it. */
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
  key: 'admin' | 'api' | 'test' | null;
  reason: string;
  extraFields?: string[];
}

let t: TestApp;
let accommodationId: number;

let testKey: string;

before(async () => {
  t = await createTestApp();
  testKey = (await createApiKey(t.ctx.db, { name: 'unknown ids test key', scope: 'api', mode: 'test' })).key;
  accommodationId = (await makeAccommodation(t.ctx.db)).id;
});
after(async () => {
  await t.close();
});

function cases(): Case[] {
  const slug = t.config.slug;
  const acc = '/admin/api/accommodations';
  const range = { from: '2031-05-01', to: '2031-05-03' };
  const stay = futureStay(2);
  const unknownAccommodation = (
    route: string,
    method: Case['method'],
    suffix = '',
    payload?: Record<string, unknown>,
  ): Case => ({
    route: `${acc}/:id${route}`,
    method,
    url: `${acc}/${UNKNOWN}${suffix}`,
    key: 'admin',
    reason: 'accommodation_not_found',
    ...(payload === undefined ? {} : { payload }),
  });
  return [
    unknownAccommodation('', 'GET'),
    unknownAccommodation('', 'PATCH', '', { name: 'x' }),
    unknownAccommodation('', 'DELETE'),
    unknownAccommodation('/blocks', 'GET'),
    unknownAccommodation('/blocks', 'POST', '/blocks', range),
    unknownAccommodation('/blocks', 'DELETE', '/blocks', range),
    unknownAccommodation('/prices', 'GET', `/prices?from=${range.from}&to=${range.to}`),
    unknownAccommodation('/prices', 'PUT', '/prices', { ...range, price: 10 }),
    unknownAccommodation('/ical-feeds', 'GET', '/ical-feeds'),
    unknownAccommodation('/ical-feeds', 'POST', '/ical-feeds', { name: 'airbnb', url: 'https://example.com/a.ics' }),
    unknownAccommodation('/ical-feeds/:feedId', 'DELETE', '/ical-feeds/1'),
    unknownAccommodation('/ical-feeds/:feedId', 'PATCH', '/ical-feeds/1', { name: 'vrbo' }),
    unknownAccommodation('/ical-feeds/:feedId/sync', 'POST', '/ical-feeds/1/sync'),
    unknownAccommodation('/ical-export-url/rotate', 'POST', '/ical-export-url/rotate'),
    unknownAccommodation('/overbooking-alerts', 'GET', '/overbooking-alerts'),
    {
      route: `${acc}/:id/ical-feeds/:feedId`,
      method: 'DELETE',
      url: `${acc}/${accommodationId}/ical-feeds/${UNKNOWN}`,
      key: 'admin',
      reason: 'feed_not_found',
    },
    {
      route: `${acc}/:id/ical-feeds/:feedId`,
      method: 'PATCH',
      url: `${acc}/${accommodationId}/ical-feeds/${UNKNOWN}`,
      payload: { name: 'vrbo' },
      key: 'admin',
      reason: 'feed_not_found',
    },
    {
      route: `${acc}/:id/ical-feeds/:feedId/sync`,
      method: 'POST',
      url: `${acc}/${accommodationId}/ical-feeds/${UNKNOWN}/sync`,
      key: 'admin',
      reason: 'feed_not_found',
    },
    {
      route: '/admin/api/guests/:id/export',
      method: 'GET',
      url: `/admin/api/guests/${UNKNOWN}/export`,
      key: 'admin',
      reason: 'guest_not_found',
    },
    {
      route: '/admin/api/guests/:id/erase',
      method: 'POST',
      url: `/admin/api/guests/${UNKNOWN}/erase`,
      key: 'admin',
      reason: 'guest_not_found',
    },
    {
      route: '/admin/api/bookings/:id',
      method: 'GET',
      url: `/admin/api/bookings/${UNKNOWN}`,
      key: 'admin',
      reason: 'booking_not_found',
    },
    ...(
      [
        ['PATCH', '/admin/api/bookings/:id', '', { adults_count: 1 }],
        ['POST', '/admin/api/bookings/:id/cancel', '/cancel', {}],
        ['POST', '/admin/api/bookings/:id/reinstate', '/reinstate', {}],
        ['POST', '/admin/api/bookings/:id/guest-url', '/guest-url', undefined],
        ['POST', '/admin/api/bookings/:id/payments', '/payments', { amount: 1, method: 'cash' }],
        ['DELETE', '/admin/api/bookings/:id/payments/:paymentId', '/payments/1', undefined],
        ['POST', '/admin/api/bookings/:id/deposit', '/deposit', { action: 'collect' }],
        ['POST', '/admin/api/bookings/:id/refunds', '/refunds', { amount: 1, method: 'cash' }],
        ['GET', '/admin/api/bookings/:id/documents', '/documents', undefined],
        ['GET', '/admin/api/bookings/:id/registration', '/registration', undefined],
      ] as const
    ).map(([method, route, suffix, payload]): Case => ({
      route,
      method,
      url: `/admin/api/bookings/${UNKNOWN}${suffix}`,
      key: 'admin',
      reason: 'booking_not_found',
      ...(payload === undefined ? {} : { payload }),
    })),
    ...(
      [
        ['GET', '/admin/api/bookings/:id/messages', '/messages'],
        ['POST', '/admin/api/bookings/:id/messages/:mid/send-now', '/messages/1/send-now'],
        ['POST', '/admin/api/bookings/:id/messages/:mid/skip', '/messages/1/skip'],
      ] as const
    ).map(([method, route, suffix]): Case => ({
      route,
      method,
      url: `/admin/api/bookings/${UNKNOWN}${suffix}`,
      key: 'admin',
      reason: 'booking_not_found',
    })),
    ...(
      [
        ['GET', '', undefined],
        ['PATCH', '', { name: 'x' }],
        ['DELETE', '', undefined],
        ['POST', '/preview', { booking_id: 1 }],
      ] as const
    ).map(([method, suffix, payload]): Case => ({
      route: `/admin/api/message-templates/:id${suffix}`,
      method,
      url: `/admin/api/message-templates/${UNKNOWN}${suffix}`,
      key: 'admin',
      reason: 'template_not_found',
      ...(payload === undefined ? {} : { payload }),
    })),
    ...(
      [
        ['GET', undefined],
        ['PATCH', { name: 'x' }],
        ['DELETE', undefined],
      ] as const
    ).map(([method, payload]): Case => ({
      route: '/admin/api/message-rules/:id',
      method,
      url: `/admin/api/message-rules/${UNKNOWN}`,
      key: 'admin',
      reason: 'rule_not_found',
      ...(payload === undefined ? {} : { payload }),
    })),
    {
      route: '/admin/api/documents/:number/pdf',
      method: 'GET',
      url: '/admin/api/documents/INV-1999-0001/pdf',
      key: 'admin',
      reason: 'document_not_found',
    },
    {
      route: '/admin/api/outbox/:id',
      method: 'GET',
      url: `/admin/api/outbox/${UNKNOWN}`,
      key: 'admin',
      reason: 'message_not_found',
    },
    {
      route: '/admin/api/api-keys/:id/webhook-secret',
      method: 'POST',
      url: `/admin/api/api-keys/${UNKNOWN}/webhook-secret`,
      key: 'admin',
      reason: 'api_key_not_found',
    },
    {
      route: `${t.v1}/bookings/:booking_id/cancel`,
      method: 'POST',
      url: `${t.v1}/bookings/${UNKNOWN}/cancel`,
      key: 'api',
      reason: 'booking_not_found',
    },
    {
      route: `${t.v1}/webhook-endpoints/:id`,
      method: 'DELETE',
      url: `${t.v1}/webhook-endpoints/${UNKNOWN}`,
      key: 'api',
      reason: 'endpoint_not_found',
    },
    {
      route: `${t.v1}/webhook-endpoints/:id/test`,
      method: 'POST',
      url: `${t.v1}/webhook-endpoints/${UNKNOWN}/test`,
      key: 'api',
      reason: 'endpoint_not_found',
    },
    {
      route: `${t.v1}/test/bookings/:booking_id/payment`,
      method: 'POST',
      url: `${t.v1}/test/bookings/${UNKNOWN}/payment`,
      payload: { outcome: 'succeeded' },
      key: 'test',
      reason: 'booking_not_found',
    },
    ...(
      [
        ['GET', ''],
        ['DELETE', ''],
        ['POST', '/test'],
        ['POST', '/pause'],
        ['POST', '/resume'],
        ['POST', '/rotate-secret'],
        ['GET', '/deliveries'],
      ] as const
    ).map(([method, suffix]): Case => ({
      route: `/admin/api/webhook-endpoints/:id${suffix}`,
      method,
      url: `/admin/api/webhook-endpoints/${UNKNOWN}${suffix}`,
      key: 'admin',
      reason: 'endpoint_not_found',
    })),
    {
      route: '/admin/api/webhook-endpoints/:id/deliveries/:delivery_id/redeliver',
      method: 'POST',
      url: `/admin/api/webhook-endpoints/${UNKNOWN}/deliveries/${UNKNOWN}/redeliver`,
      key: 'admin',
      reason: 'delivery_not_found',
    },
    {
      route: '/admin/api/api-keys/:id',
      method: 'DELETE',
      url: `/admin/api/api-keys/${UNKNOWN}`,
      key: 'admin',
      reason: 'api_key_not_found',
    },
    {
      route: '/admin/api/api-keys/:id',
      method: 'PATCH',
      url: `/admin/api/api-keys/${UNKNOWN}`,
      key: 'admin',
      reason: 'api_key_not_found',
      payload: { endpoint_limit: 20 },
    },
    {
      route: `${t.v1}/bookings/:booking_id`,
      method: 'GET',
      url: `${t.v1}/bookings/${UNKNOWN}`,
      key: 'api',
      reason: 'booking_not_found',
    },
    {
      route: `/${slug}/invoices/:token`,
      method: 'GET',
      url: `/${slug}/invoices/${TOKEN}`,
      key: null,
      reason: 'invoice_not_found',
    },
    {
      route: `/${slug}/ical/:file`,
      method: 'GET',
      url: `/${slug}/ical/${TOKEN}.ics`,
      key: null,
      reason: 'calendar_not_found',
    },
    {
      route: `/${slug}/tasks/:file`,
      method: 'GET',
      url: `/${slug}/tasks/${TOKEN}.ics`,
      key: null,
      reason: 'calendar_not_found',
    },
    {
      route: '/admin/api/users/:id',
      method: 'PATCH',
      url: `/admin/api/users/${UNKNOWN}`,
      key: 'admin',
      reason: 'user_not_found',
      payload: { role: 'manager' },
    },
    {
      route: '/admin/api/tasks/:id',
      method: 'PATCH',
      url: `/admin/api/tasks/${UNKNOWN}`,
      key: 'admin',
      reason: 'task_not_found',
      payload: { state: 'done' },
    },
    // Resources named in the body.
    {
      route: `${t.v1}/availability`,
      method: 'POST',
      url: `${t.v1}/availability`,
      payload: { accommodation_id: UNKNOWN, ...stay },
      key: 'api',
      reason: 'accommodation_not_found',
    },
    {
      route: `${t.v1}/bookings`,
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(UNKNOWN, stay),
      key: 'api',
      reason: 'accommodation_not_found',
    },
    {
      route: `${t.v1}/calendar`,
      method: 'POST',
      url: `${t.v1}/calendar`,
      payload: { accommodation_id: UNKNOWN, month: 3, year: 2031 },
      key: 'api',
      reason: 'accommodation_not_found',
    },
    {
      route: `/${slug}/webhook/update`,
      method: 'POST',
      url: `/${slug}/webhook/update`,
      payload: { event_type: 'cancelled', booking_id: UNKNOWN },
      key: null,
      reason: 'booking_not_found',
      extraFields: ['updated', 'message', 'booking_id', 'new_status'],
    },
    {
      route: `/${slug}/webhook/calendar_sync`,
      method: 'POST',
      url: `/${slug}/webhook/calendar_sync`,
      payload: { accommodation_id: UNKNOWN, action: 'sync' },
      key: null,
      reason: 'accommodation_not_found',
    },
  ];
}

describe(`unknown ids are a 404 naming the resource (${testStoreKind})`, () => {
  test('every route with an id in its path is covered here', async () => {
    await t.app.ready();
    const covered = new Set(cases().map((c) => `${c.method} ${c.route}`));
    // The console's HTML pages answer unknown ids with a page, not the envelope (console-security.test.ts).
    const withIds = t.app.staydeskRoutes
      .filter((r) => r.url.includes('/:') && !isHtmlPage(r))
      .map((r) => `${r.method} ${r.url}`);
    assert.ok(withIds.length >= 20, `the app's routes were listed (${withIds.length})`);
    assert.deepEqual(
      withIds.filter((r) => !covered.has(r)),
      [],
      'routes with ids that this test does not try',
    );
  });

  test('each answers 404 with its specific reason, as the OpenAPI document says', async () => {
    for (const c of cases()) {
      const key = c.key === 'admin' ? t.adminKey : c.key === 'api' ? t.apiKey : c.key === 'test' ? testKey : null;
      const options: InjectOptions & { key: string | null } = { method: c.method, url: c.url, key };
      if (c.payload !== undefined) options.payload = c.payload;
      const res = await t.request(options);
      const body = assertErrorEnvelope(res, 404, 'NOT_FOUND', { extraFields: c.extraFields ?? [] });
      assert.equal(body.error.details.reason, c.reason, `${c.method} ${c.url}`);
      assertMatchesOpenApi(t.app, c.method, c.url, res);
    }
  });
});

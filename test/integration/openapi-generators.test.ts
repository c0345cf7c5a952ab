/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment,
   @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-explicit-any --
   these tests walk the parsed JSON document, whose shape is what they check */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ERROR_REASONS, type ErrorReason } from '../../src/http/error-reasons.ts';
import { createDemoAccommodation } from '../../src/seed/demo-accommodation.ts';
import { stripeSignature } from '../support/payment-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { existsSync, readFileSync } from 'node:fs';

type Json = Record<string, any>;
const PAYMENT_SECRET = 'whsec_openapi_examples';

let t: TestApp;
let doc: Json;
let text: string;

before(async () => {
  t = await createTestApp({ PAYMENT_WEBHOOK_SECRET: PAYMENT_SECRET });
  const res = await t.request({ method: 'GET', url: '/openapi.json', key: null });
  assert.equal(res.statusCode, 200);
  text = res.body;
  doc = res.json<Json>();
});
after(async () => {
  await t.close();
});

function operations(): { method: string; path: string; op: Json }[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]) => ({ method, path, op: op as Json })),
  );
}

/** Follows `#/components/...` references. */
function deref(node: Json): Json {
  let current = node;
  while (typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<Json>((n, key) => n[key] as Json, doc);
  }
  return current;
}

describe(`/openapi.json for client generators (${testStoreKind})`, () => {
  test('every operation has an operationId, unique, and the partner routes have fixed names', () => {
    const ids = operations().map(({ op }) => op.operationId as unknown);
    assert.ok(
      ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id)),
      JSON.stringify(ids),
    );
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    const v1 = `/api/v1/${t.config.slug}`;
    const paths = doc.paths as Json;
    assert.equal(paths[`${v1}/availability`].post.operationId, 'checkAvailability');
    assert.equal(paths[`${v1}/bookings`].post.operationId, 'createBooking');
    assert.equal(paths[`${v1}/bookings/{booking_id}`].get.operationId, 'getBooking');
    assert.equal(paths[`${v1}/calendar`].post.operationId, 'getCalendar');
  });

  test('request and answer bodies are named schemas in components, and the document is under 400 KB', () => {
    assert.ok(Buffer.byteLength(text) < 400_000, `${Buffer.byteLength(text)} bytes`);
    const schemas = doc.components.schemas as Json;
    for (const name of ['Booking', 'BookingCreated', 'ErrorEnvelope', 'ErrorReason', 'Pricing', 'PartnerData']) {
      assert.ok(schemas[name] !== undefined, name);
    }
    for (const { method, path, op } of operations()) {
      const body = op.requestBody?.content?.['application/json']?.schema as Json | undefined;
      if (body !== undefined) assert.ok(typeof body.$ref === 'string', `${method} ${path} request body`);
      for (const [status, response] of Object.entries(op.responses as Json)) {
        const schema = deref(response as Json).content?.['application/json']?.schema as Json | undefined;
        if (schema === undefined) continue;
        assert.ok(typeof schema.$ref === 'string' || Array.isArray(schema.allOf), `${method} ${path} ${status}`);
      }
    }
    // A booking is one schema, referenced from creation's answer and retrieval's answer alike.
    assert.equal(deref(schemas.GetBookingResponse.properties.data).properties.id.type, 'integer');
    const v1 = `/api/v1/${t.config.slug}`;
    const param = (doc.paths[`${v1}/bookings/{booking_id}`].get.parameters as Json[])[0]!;
    assert.equal(param.schema.type, 'integer', 'the booking id is an integer, as creation returns it');
  });

  test('statuses and payment methods are enums in answers', () => {
    const schemas = doc.components.schemas as Json;
    const booking = schemas.Booking.properties as Json;
    assert.deepEqual(booking.status.enum, ['draft', 'confirmed', 'modified', 'cancelled']);
    assert.deepEqual(booking.booking_status.enum, ['draft', 'confirmed', 'modified', 'cancelled']);
    assert.deepEqual(booking.payment_method.enum, ['card_processor', 'bank_transfer', 'cash', 'other']);
    assert.deepEqual(schemas.BookingCreated.properties.status.enum, ['draft', 'confirmed', 'modified', 'cancelled']);
  });

  test('each operation lists its own error statuses and reasons, each reason valid for its status', () => {
    const reasonsOf = (op: Json, status: string): string[] => {
      const response = op.responses[status] as Json | undefined;
      if (response === undefined) return [];
      const schema = deref(response).content['application/json'].schema as Json;
      const overlay = (schema.allOf as Json[] | undefined)?.[1];
      if (overlay === undefined) return [];
      const details = overlay.properties.error.properties.details;
      assert.deepEqual(details.required, ['reason'], 'details.reason is always sent');
      return details.properties.reason.enum as string[];
    };
    for (const { method, path, op } of operations()) {
      for (const status of Object.keys(op.responses as Json).filter((s) => Number(s) >= 400)) {
        for (const reason of reasonsOf(op, status)) {
          const allowed: readonly number[] = ERROR_REASONS[reason as ErrorReason].status;
          assert.ok(allowed.includes(Number(status)), `${method} ${path}: ${reason} under ${status}`);
        }
      }
    }
    const v1 = `/api/v1/${t.config.slug}`;
    const create = doc.paths[`${v1}/bookings`].post as Json;
    const get = doc.paths[`${v1}/bookings/{booking_id}`].get as Json;
    assert.deepEqual(reasonsOf(create, '409'), [
      'dates_unavailable',
      'price_mismatch',
      'idempotency_key_reused',
      'accommodation_archived',
    ]);
    assert.ok(reasonsOf(create, '429').includes('draft_limit'));
    assert.ok(reasonsOf(create, '400').includes('past_date'));
    assert.equal(get.responses['409'], undefined, 'retrieval never answers 409');
    assert.deepEqual(reasonsOf(get, '404'), ['booking_not_found']);
    assert.equal(doc.paths['/healthz'].get.responses['401'], undefined);
  });

  test('headers are documented: request id everywhere, rate-limit headers and 429 wherever a limit applies', () => {
    const headers = doc.components.headers as Json;
    for (const h of ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
      assert.ok(headers[h] !== undefined, h);
    }
    assert.ok(headers['Retry-After'] !== undefined && headers['Idempotent-Replayed'] !== undefined);
    const slug = t.config.slug;
    const limited = [`/api/v1/${slug}/`, '/admin/api/', `/${slug}/webhook/`, `/${slug}/api/payment/`];
    for (const prefix of [...limited, `/${slug}/invoices/`, `/${slug}/ical/`]) {
      const ops = operations().filter(({ path }) => path.startsWith(prefix));
      assert.ok(ops.length > 0, prefix);
      for (const { method, path, op } of ops) {
        const tooMany = op.responses['429'] as Json | undefined;
        assert.ok(tooMany !== undefined, `${method} ${path} lists 429`);
        assert.ok(deref(tooMany).headers['Retry-After'] !== undefined, `${method} ${path} 429 Retry-After`);
      }
    }
    for (const { method, path, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        assert.ok(deref(response as Json).headers?.['X-Request-Id'] !== undefined, `${method} ${path} ${status}`);
      }
    }
    const created = doc.paths[`/api/v1/${slug}/bookings`].post.responses['200'] as Json;
    assert.ok(created.headers['Idempotent-Replayed'] !== undefined);
    assert.ok(created.headers['X-RateLimit-Remaining'] !== undefined);
  });

  test('descriptions cite only the project’s public docs, and those exist', () => {
    assert.doesNotMatch(text, /\bsrc\/|\.ts\b/);
    for (const [cited, file, anchor] of text.matchAll(/(docs\/[a-z-]+\.md)(?:#([a-z0-9-]+))?/g)) {
      assert.ok(existsSync(file!), cited);
      if (anchor !== undefined) {
        const headings = readFileSync(file!, 'utf8')
          .split('\n')
          .filter((l) => l.startsWith('#'))
          .map((l) =>
            l
              .replace(/^#+\s*/, '')
              .toLowerCase()
              .replace(/[^a-z0-9 -]/g, '')
              .replace(/ /g, '-'),
          );
        assert.ok(headings.includes(anchor) || readFileSync(file!, 'utf8').includes(`id="${anchor}"`), cited);
      }
    }
  });

  test('the payment webhook body is described', () => {
    const body = doc.paths[`/${t.config.slug}/api/payment/webhook`].post.requestBody as Json;
    assert.match(String(body.description), /booking_reference/);
    const schema = deref(body.content['application/json'].schema as Json);
    assert.ok(schema.properties.data.properties.object.properties.metadata.properties.booking_reference);
  });

  test('every example in the document is accepted by the service', async () => {
    await createDemoAccommodation(t.ctx.db);
    const examples = operations()
      .map(({ method, path, op }) => ({
        method,
        path,
        example: op.requestBody?.content?.['application/json']?.example,
      }))
      .filter((e) => e.example !== undefined);
    assert.ok(examples.length >= 6, `${examples.length} examples`);
    // Creation first: the webhook examples name booking 1.
    examples.sort((a, b) => Number(b.path.endsWith('/bookings')) - Number(a.path.endsWith('/bookings')));
    for (const { method, path, example } of examples) {
      const payload = JSON.stringify(example);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (path.endsWith('/payment/webhook')) headers['stripe-signature'] = stripeSignature(payload, PAYMENT_SECRET);
      const res = await t.checkedRequest({ method: method.toUpperCase(), url: path, payload, headers });
      assert.equal(res.statusCode, 200, `${method} ${path}: ${res.body}`);
    }
  });
});

describe(`Idempotent-Replayed (${testStoreKind})`, () => {
  test('booking creation documents what a key remembers: replays marked, refused attempts not kept', () => {
    const description = String(doc.paths[`/api/v1/${t.config.slug}/bookings`].post.description);
    assert.match(description, /Idempotent-Replayed: true/);
    assert.match(description, /idempotency_key_reused/);
    assert.match(description, /7 days/);
    assert.match(description, /refused attempt .* stores nothing/);
  });

  test('a repeat of an idempotent booking is marked, the first answer is not', async () => {
    const body = doc.paths[`/api/v1/${t.config.slug}/bookings`].post.requestBody.content['application/json']
      .example as Json;
    const again = { ...body, booking_data: { ...body.booking_data, idempotency_key: 'replay-marker' } };
    const first = await t.checkedRequest({ method: 'POST', url: `${t.v1}/bookings`, payload: again });
    assert.equal(first.statusCode, 409, 'the example stay is booked already: a refused attempt');
    // A fresh stay: 3 nights later.
    const stay = { ...again, booking_data: { ...again.booking_data, idempotency_key: 'replay-marker-2' } };
    stay.booking_data.checkin_date = shift(stay.booking_data.checkin_date, 10);
    stay.booking_data.checkout_date = shift(stay.booking_data.checkout_date, 10);
    const made = await t.checkedRequest({ method: 'POST', url: `${t.v1}/bookings`, payload: stay });
    assert.equal(made.statusCode, 200, made.body);
    assert.equal(made.headers['idempotent-replayed'], undefined);
    const repeat = await t.checkedRequest({ method: 'POST', url: `${t.v1}/bookings`, payload: stay });
    assert.equal(repeat.statusCode, 200);
    assert.equal(repeat.headers['idempotent-replayed'], 'true');
    assert.equal(repeat.json<Json>().data.booking_id, made.json<Json>().data.booking_id);
  });
});

function shift(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

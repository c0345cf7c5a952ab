import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RouteInfo } from '../../src/http/types.ts';
import { setSetting } from '../../src/settings/settings-repository.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { MAX_AMOUNT_MINOR } from '../../src/shared/money.ts';
import { paymentIntentEvent, postPaymentEvent } from '../support/payment-client.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { bookingBody, futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { isHtmlPage } from '../support/console-routes.ts';

// docs/api.md#errors: whatever a caller sends to any route — broken JSON, wrong types, impossible
// dates, huge strings, prototype-pollution keys, oversized or non-JSON bodies — the answer is
// never a 5xx, and every 4xx carries the error envelope. The routes come from the app itself
// (`staydeskRoutes`), so a route added later is swept without touching this file.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = Record<string, unknown>;

const t = await createTestApp();
await t.app.ready();
// Accommodation 1 and booking 1 exist, so plausible bodies and `1` path parameters get past the
// 404s into the deeper checks (stay rules, prices, signatures).
const seeded = await makeAccommodation(t.ctx.db);
const seededBooking = await t.request({
  method: 'POST',
  url: `${t.v1}/bookings`,
  payload: bookingBody(seeded.id, futureStay(2), { booking: { total_amount: 275 } }),
});
assert.equal(seeded.id, 1);
assert.equal(seededBooking.statusCode, 200, seededBooking.body);
after(async () => {
  await t.close();
});

const doc = JSON.parse(JSON.stringify(t.app.swagger())) as JsonObject;
const docPaths = (doc.paths ?? {}) as Record<string, Record<string, JsonObject>>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolve(schema: unknown): JsonObject {
  let current = schema;
  for (let depth = 0; depth < 10 && isObject(current) && typeof current.$ref === 'string'; depth++) {
    const parts = current.$ref.replace(/^#\//, '').split('/');
    let target: unknown = doc;
    for (const part of parts) target = isObject(target) ? target[part] : undefined;
    current = target;
  }
  return isObject(current) ? current : {};
}

/** The first non-null branch of a union, so a nullable field is treated as its real type. */
function concrete(schema: unknown): JsonObject {
  const s = resolve(schema);
  const branches = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : null;
  if (branches !== null) {
    const real = branches.map(resolve).find((b) => b.type !== 'null');
    return real ?? s;
  }
  return s;
}

function typeOf(schema: JsonObject): string {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return String(schema.type.find((x) => x !== 'null') ?? 'string');
  if (Array.isArray(schema.enum) || 'const' in schema) return 'string';
  if (isObject(schema.properties)) return 'object';
  return 'unknown';
}

/** A plausible value for a schema: the starting point each bad variant changes one field of. */
function plausible(schema: unknown, name = ''): Json {
  const s = concrete(schema);
  if ('const' in s) return s.const as Json;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0] as Json;
  switch (typeOf(s)) {
    case 'object': {
      const out: { [key: string]: Json } = {};
      for (const [key, child] of Object.entries(isObject(s.properties) ? s.properties : {}))
        out[key] = plausible(child, key);
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? Math.max(1, s.minimum) : 1;
    case 'boolean':
      return true;
    default:
      if (s.format === 'email' || /email/.test(name)) return 'sweep@example.com';
      // Never a reachable address: a feed URL the sweep registers must not make the app fetch anything.
      if (s.format === 'uri' || /url/.test(name)) return 'http://127.0.0.1:9/feed.ics';
      if (/checkout|^to$|end/.test(name)) return '2031-03-04';
      if (
        /date|checkin|^from$|start/.test(name) ||
        (typeof s.description === 'string' && s.description.includes('YYYY-MM-DD'))
      )
        return '2031-03-01';
      if (/timestamp/.test(name)) return new Date().toISOString();
      return 'x';
  }
}

interface Field {
  path: string[];
  schema: JsonObject;
}

function fieldsOf(schema: unknown, prefix: string[] = []): Field[] {
  const s = concrete(schema);
  const out: Field[] = [];
  for (const [key, child] of Object.entries(isObject(s.properties) ? s.properties : {})) {
    const c = concrete(child);
    out.push({ path: [...prefix, key], schema: c });
    if (typeOf(c) === 'object') out.push(...fieldsOf(c, [...prefix, key]));
  }
  return out;
}

function withField(base: Json, path: readonly string[], value: Json): Json {
  const copy = structuredClone(base);
  if (!isObject(copy)) return copy;
  let target: { [key: string]: Json } = copy;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    if (!isObject(next)) target[key] = {};
    target = target[key] as { [key: string]: Json };
  }
  const last = path[path.length - 1];
  if (last !== undefined) target[last] = value;
  return copy;
}

const LONG = 'x'.repeat(100_000);
const MONEY_FIELD = /price|amount|fee|breakfast|linen|late_checkin|total/;
const HUGE_AMOUNTS = [100_000_000, 50_000_000, 2_750_000_000, MAX_AMOUNT_MINOR + 1, Number.MAX_SAFE_INTEGER];
const IMPOSSIBLE_DATE = '2027-02-30';

/** Bad values for one field: wrong types, null, a negative count, an impossible date, a huge string. */
function badValues(field: Field): Json[] {
  const type = typeOf(field.schema);
  const name = field.path[field.path.length - 1] ?? '';
  const values: Json[] = [null, LONG, { nested: 1 }, [1, 2]];
  if (type === 'integer' || type === 'number') values.push('12', -1, 1.5, 1e300);
  else if (type === 'boolean') values.push('true', 1);
  else if (type === 'object') values.push(42, 'object');
  else if (type === 'array') values.push('x', 7);
  else values.push(12345, true, '', IMPOSSIBLE_DATE);
  if (/count|guest|nights|price|amount|fee|stay|month|year|id$/.test(name)) values.push(-1);
  // Amounts the schemas accept but no store column held (issue: 500 integer out of range).
  if ((type === 'integer' || type === 'number') && MONEY_FIELD.test(name)) values.push(...HUGE_AMOUNTS);
  return values;
}

interface Attempt {
  label: string;
  payload?: string;
  contentType?: string;
  query?: string;
}

function json(label: string, value: unknown): Attempt {
  return { label, payload: JSON.stringify(value), contentType: 'application/json' };
}

function attemptsFor(method: string, bodySchema: JsonObject | null, queryParams: Field[]): Attempt[] {
  const attempts: Attempt[] = [
    { label: 'malformed JSON', payload: '{"accommodation_id": 1,', contentType: 'application/json' },
    json('a JSON array', [1, 2, 3]),
    json('a JSON string', 'hello'),
    json('a JSON number', 42),
    json('JSON null', null),
    { label: '__proto__', payload: '{"__proto__": {"x": 1}}', contentType: 'application/json' },
    {
      label: 'constructor.prototype',
      payload: '{"constructor": {"prototype": {"x": 1}}}',
      contentType: 'application/json',
    },
    {
      label: 'a body over 1 MiB',
      payload: JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) }),
      contentType: 'application/json',
    },
    { label: 'a text/plain body', payload: 'accommodation_id=1', contentType: 'text/plain' },
    { label: 'a form body', payload: 'accommodation_id=1', contentType: 'application/x-www-form-urlencoded' },
    { label: 'an empty JSON body', payload: '', contentType: 'application/json' },
    // Nested deeper than a recursive walk's call stack: JSON.parse accepts it.
    {
      label: 'an array nested 20000 deep',
      payload: `${'['.repeat(20_000)}1${']'.repeat(20_000)}`,
      contentType: 'application/json',
    },
    {
      label: 'an object nested 20000 deep around a NUL',
      payload: `${'{"a":'.repeat(20_000)}"x\\u0000"${'}'.repeat(20_000)}`,
      contentType: 'application/json',
    },
  ];
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') attempts.push({ label: 'no body at all' });
  if (bodySchema !== null) {
    const base = plausible(bodySchema);
    attempts.push(json('a plausible body', base));
    const rest = JSON.stringify(base).slice(1);
    attempts.push({
      label: 'plausible + __proto__',
      payload: `{"__proto__": {"x": 1}${rest === '}' ? '' : ','}${rest}`,
      contentType: 'application/json',
    });
    attempts.push({
      label: 'plausible + constructor.prototype',
      payload: `{"constructor": {"prototype": {"x": 1}}${rest === '}' ? '' : ','}${rest}`,
      contentType: 'application/json',
    });
    for (const field of fieldsOf(bodySchema)) {
      for (const value of badValues(field)) {
        const shown = typeof value === 'string' && value.length > 20 ? `${value.length} chars` : JSON.stringify(value);
        attempts.push(json(`${field.path.join('.')} = ${shown}`, withField(base, field.path, value)));
      }
    }
  }
  for (const param of queryParams) {
    const name = param.path[0] ?? '';
    for (const value of ['x', '-1', '1.5', IMPOSSIBLE_DATE, '99999999999999999999', LONG, '%00', '[object Object]']) {
      const shown = value.length > 20 ? `${value.length} chars` : value;
      attempts.push({ label: `?${name}=${shown}`, query: `${encodeURIComponent(name)}=${encodeURIComponent(value)}` });
    }
  }
  return attempts;
}

const ERROR_NAMES: Record<string, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
};

/** The problems with one answer, as readable lines (empty when it is fine). */
interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

function problemsWith(res: Answer): string[] {
  if (res.statusCode >= 500) return [`answered ${res.statusCode}: ${res.body.slice(0, 200)}`];
  if (res.statusCode < 400) return [];
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return [`${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 120)}`];
  }
  const problems: string[] = [];
  if (!String(res.headers['content-type']).startsWith('application/json'))
    problems.push(`${res.statusCode} content-type ${String(res.headers['content-type'])}`);
  if (!isObject(body)) return [...problems, `${res.statusCode} body is not an object`];
  if (body.success !== false) problems.push('success is not false');
  const error = body.error;
  if (!isObject(error)) return [...problems, `${res.statusCode} without an error object: ${res.body.slice(0, 120)}`];
  if (error.code !== res.statusCode) problems.push(`error.code ${String(error.code)} ≠ status ${res.statusCode}`);
  if (typeof error.name !== 'string' || ERROR_NAMES[error.name] !== res.statusCode)
    problems.push(`error.name ${String(error.name)} for ${res.statusCode}`);
  if (typeof error.message !== 'string' || error.message.length === 0) problems.push('no error.message');
  if (!isObject(error.details)) problems.push('error.details is not an object');
  const metadata = body.metadata;
  if (!isObject(metadata) || metadata.api_version !== '1.0' || typeof metadata.timestamp !== 'string')
    problems.push('no metadata {api_version, timestamp}');
  if (res.body.length > 20_000) problems.push(`an error body of ${res.body.length} characters echoes the input`);
  return problems;
}

function keyFor(route: RouteInfo): string | null {
  if (route.auth === 'api') return t.apiKey;
  if (route.auth === 'admin') return t.adminKey;
  return null;
}

function openApiOperation(route: RouteInfo): JsonObject | null {
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const op = docPaths[path]?.[route.method.toLowerCase()];
  return isObject(op) ? op : null;
}

function bodySchemaOf(op: JsonObject | null): JsonObject | null {
  const requestBody = resolve(op?.requestBody);
  const content = isObject(requestBody.content) ? requestBody.content : {};
  const media = content['application/json'];
  return isObject(media) && isObject(media.schema) ? resolve(media.schema) : null;
}

function queryParamsOf(op: JsonObject | null): Field[] {
  const params = Array.isArray(op?.parameters) ? op.parameters : [];
  return params
    .map(resolve)
    .filter((p) => p.in === 'query' && typeof p.name === 'string')
    .map((p) => ({ path: [String(p.name)], schema: concrete(p.schema) }));
}

/** Concrete URLs for a route pattern: each path parameter as 1, as 'x', and as a huge number. */
function urlsFor(route: RouteInfo): string[] {
  if (!/[:*]/.test(route.url)) return [route.url];
  const fill = (value: string) => route.url.replace(/:[A-Za-z0-9_]+/g, value).replace(/\*/g, value);
  return [fill('1'), fill('x'), fill('99999999999999999999')];
}

// Destructive routes last, so revoking a key or deleting accommodation 1 cannot hide the others
// behind a 401 or 404; the API-key revocation is the very last of all.
const weight = (r: RouteInfo) => (r.method === 'DELETE' ? (r.url.includes('api-keys') ? 2 : 1) : 0);
const routes = t.app.staydeskRoutes.filter((r) => !isHtmlPage(r)).sort((a, b) => weight(a) - weight(b));

describe(`bad input to every route (${testStoreKind})`, () => {
  test('the app has routes of every auth kind to sweep', () => {
    const kinds = new Set(routes.map((r) => r.auth));
    for (const kind of ['public', 'api', 'admin'] as const) assert.ok(kinds.has(kind), `a ${kind} route`);
    assert.ok(routes.length >= 20, `${routes.length} routes`);
  });

  test('the answer checks can fail', () => {
    const answer = (statusCode: number, body: unknown, contentType = 'application/json'): Answer => ({
      statusCode,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': contentType },
    });
    const envelope = {
      success: false,
      error: { code: 404, name: 'NOT_FOUND', message: 'No such thing.', details: {} },
      metadata: { api_version: '1.0', timestamp: new Date().toISOString() },
    };
    assert.deepEqual(problemsWith(answer(404, envelope)), []);
    assert.deepEqual(problemsWith(answer(200, { anything: true })), []);
    assert.notDeepEqual(problemsWith(answer(500, envelope)), [], 'a 5xx');
    assert.notDeepEqual(problemsWith(answer(400, 'Bad Request', 'text/plain')), [], 'a plain-text error');
    assert.notDeepEqual(
      problemsWith(answer(400, { statusCode: 400, error: 'Bad Request', message: 'body must be object' })),
      [],
      "Fastify's own error shape",
    );
    assert.notDeepEqual(problemsWith(answer(400, envelope)), [], 'error.code differs from the status');
    assert.notDeepEqual(problemsWith(answer(404, { ...envelope, metadata: undefined })), [], 'no metadata');
    assert.notDeepEqual(
      problemsWith(answer(404, { ...envelope, error: { ...envelope.error, details: 'x' } })),
      [],
      'details not an object',
    );
  });

  for (const route of routes) {
    test(`${route.method} ${route.url} (${route.auth})`, async () => {
      const op = openApiOperation(route);
      const attempts = attemptsFor(route.method, bodySchemaOf(op), queryParamsOf(op));
      const key = keyFor(route);
      const failures: string[] = [];
      let answered = 0;
      for (const url of urlsFor(route)) {
        for (const attempt of attempts) {
          const fullUrl = attempt.query === undefined ? url : `${url}?${attempt.query}`;
          const headers: Record<string, string> = {};
          if (attempt.contentType !== undefined) headers['content-type'] = attempt.contentType;
          const res = await t.request({
            method: route.method,
            url: fullUrl,
            key,
            headers,
            ...(attempt.payload === undefined ? {} : { payload: attempt.payload }),
          });
          answered += 1;
          const problems = problemsWith(res);
          if (op !== null && res.statusCode < 500) {
            try {
              assertMatchesOpenApi(t.app, route.method, url, res);
            } catch (error) {
              problems.push(
                `OpenAPI: ${(error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''}`,
              );
            }
          }
          for (const problem of problems)
            failures.push(`${route.method} ${fullUrl.slice(0, 120)} [${attempt.label}]: ${problem}`);
        }
      }
      assert.ok(answered > 0);
      assert.deepEqual(failures.slice(0, 25), [], `${failures.length} bad answers`);
    });
  }

  test('afterwards the service is healthy and nothing was polluted', async () => {
    const res = await t.request({ method: 'GET', url: '/healthz', key: null });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'x'), false);
    assert.equal(({} as Record<string, unknown>).x, undefined);
    assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'prototype'), false);
    const ready = await t.request({ method: 'GET', url: '/readyz', key: null });
    assert.equal(ready.statusCode, 200, ready.body);
  });
});

// Issue: amounts that validation accepted caused 500 `integer out of range` on PostgreSQL. Each is
// now a 400 amount_too_large, or for payment events a recorded issue and a 200.
describe(`amounts beyond what is stored (${testStoreKind})`, () => {
  let m: TestApp;
  const PAYMENT_SECRET = 'whsec_sweep_money_secret_0123456789abcdef';
  before(async () => {
    m = await createTestApp();
    await setSetting(m.ctx.db, 'payment_webhook_secret', PAYMENT_SECRET);
  });
  after(async () => {
    await m.close();
  });

  const reasonOf = (res: Answer) =>
    (JSON.parse(res.body) as { error?: { details?: { reason?: string } } }).error?.details?.reason;
  const accommodation = { name: 'Big money', currency: 'EUR', base_price: 100, max_guests: 4 };

  test('base price, cleaning fee and extras above MAX_AMOUNT_MINOR are a 400 amount_too_large', async () => {
    const cases: Record<string, unknown>[] = [
      { ...accommodation, base_price: 100_000_000 },
      { ...accommodation, cleaning_fee: 100_000_000 },
      { ...accommodation, extras: { breakfast: 100_000_000 } },
      { ...accommodation, extras: { linen: 10_000_000.01 } },
      { ...accommodation, extras: { late_checkin: MAX_AMOUNT_MINOR } },
    ];
    for (const body of cases) {
      const res = await m.admin('POST', '/admin/api/accommodations', body);
      assert.deepEqual(
        [res.statusCode, reasonOf(res), problemsWith(res)],
        [400, 'amount_too_large', []],
        JSON.stringify(body),
      );
    }
    const atBound = await m.admin('POST', '/admin/api/accommodations', {
      ...accommodation,
      base_price: 10_000_000,
      extras: { breakfast: 10_000_000 },
    });
    assert.equal(atBound.statusCode, 201, atBound.body);
    const id = (JSON.parse(atBound.body) as { data: { id: number } }).data.id;
    const patch = await m.admin('PATCH', `/admin/api/accommodations/${id}`, { cleaning_fee: 100_000_000 });
    assert.equal(reasonOf(patch), 'amount_too_large');
    // EUR to KWD keeps the major value: 10 000 000 EUR is more minor units than KWD may hold.
    const kwd = await m.admin('PATCH', `/admin/api/accommodations/${id}`, { currency: 'KWD' });
    assert.deepEqual([kwd.statusCode, reasonOf(kwd)], [400, 'amount_too_large']);
  });

  test('a nightly price of 50000000 is a 400 amount_too_large', async () => {
    const acc = await makeAccommodation(m.ctx.db);
    const res = await m.admin('PUT', `/admin/api/accommodations/${acc.id}/prices`, {
      from: '2031-03-01',
      to: '2031-03-04',
      price: 50_000_000,
    });
    assert.deepEqual([res.statusCode, reasonOf(res), problemsWith(res)], [400, 'amount_too_large', []]);
  });

  test('a 3650-night stay at 10000 a night is a 400 amount_too_large, for availability and booking', async () => {
    const acc = await makeAccommodation(m.ctx.db, { base_price: 1_000_000, max_stay: 3650 });
    const checkin = addDays(todayIn('UTC'), 30);
    const checkout = addDays(checkin, 3650);
    const quote = await m.request({
      method: 'POST',
      url: `${m.v1}/availability`,
      payload: { accommodation_id: acc.id, checkin, checkout, guest_count: 2 },
    });
    assert.deepEqual(
      [quote.statusCode, reasonOf(quote), problemsWith(quote)],
      [400, 'amount_too_large', []],
      quote.body,
    );
    const booking = await m.request({
      method: 'POST',
      url: `${m.v1}/bookings`,
      payload: bookingBody(acc.id, { checkin, checkout }, { booking: { total_amount: 1 } }),
    });
    assert.deepEqual(
      [booking.statusCode, reasonOf(booking), problemsWith(booking)],
      [400, 'amount_too_large', []],
      booking.body,
    );
    // Just under the bound is priced and booked: 99 nights at 10000 = 990000, tax 0.
    const fits = await m.request({
      method: 'POST',
      url: `${m.v1}/availability`,
      payload: { accommodation_id: acc.id, checkin, checkout: addDays(checkin, 99), guest_count: 2 },
    });
    assert.equal(fits.statusCode, 200, fits.body);
  });

  test('a signed payment event of 2750000000 or 1e300 is recorded as an amount mismatch and answered 200', async () => {
    const acc = await makeAccommodation(m.ctx.db);
    for (const amount of [2_750_000_000, 1e300]) {
      const draft = await insertBooking(m.ctx.db, acc, { ...futureStay(2), status: 'draft' });
      const event = paymentIntentEvent('payment_intent.succeeded', {
        amount,
        amount_received: amount,
        currency: 'eur',
        metadata: { booking_reference: draft.confirmation_code },
      });
      const res = await postPaymentEvent(m, event, { secret: PAYMENT_SECRET });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal((JSON.parse(res.body) as { outcome: string }).outcome, 'amount_mismatch');
      const issues = await m.ctx.db
        .selectFrom('payment_issues')
        .select(['kind', 'amount', 'detail'])
        .where('booking_id', '=', draft.id)
        .execute();
      assert.equal(issues.length, 1);
      assert.equal(issues[0]?.kind, 'amount_mismatch');
      assert.equal(
        issues[0]?.amount,
        Number.isSafeInteger(amount) ? amount : null,
        'stored exactly, or (beyond any integer column) only in the detail',
      );
      assert.match(issues[0]?.detail ?? '', Number.isSafeInteger(amount) ? /27500000\.00 EUR/ : /1e\+300/);
      const listed = await m.request({ method: 'GET', url: '/admin/api/payment-issues', key: m.adminKey });
      assert.equal(listed.statusCode, 200, listed.body);
    }
  });
});

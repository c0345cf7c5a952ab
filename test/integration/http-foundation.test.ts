import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PassThrough } from 'node:stream';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { TECHNICAL_USER_LOGIN } from '../../src/auth/api-key-repository.ts';
import { assertErrorEnvelope, isIsoTimestamp } from '../support/envelope-assertions.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET_TEXT = 'select password_hash from users where login = hunter2';

let t: TestApp;

/** Throwaway routes, registered before the app is ready, to reach each error path on purpose. */
before(async () => {
  t = await createTestApp();
  t.app.post(
    '/__test/echo',
    { config: { auth: 'public' }, schema: { hide: true, body: Type.Object({ a: Type.Integer() }) } },
    async (request) => ({ received: request.body }),
  );
  t.app.get('/__test/boom', { config: { auth: 'public' }, schema: { hide: true } }, async () => {
    throw new Error(SECRET_TEXT);
  });
  t.app.get('/__test/sql', { config: { auth: 'public' }, schema: { hide: true } }, async () => {
    await sql`select password_hash from no_such_table_xyz where login = ${'hunter2'}`.execute(t.ctx.db);
    return { unreachable: true };
  });
  t.app.get('/__test/items/:id', { config: { auth: 'public' }, schema: { hide: true } }, async () => ({ ok: true }));
  t.app.get('/__test/slow', { config: { auth: 'public' }, schema: { hide: true } }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 60));
    return { ok: true };
  });
  // An answer written over time: its request lasts until the last chunk has gone.
  t.app.get('/__test/stream', { config: { auth: 'public' }, schema: { hide: true } }, (_request, reply) => {
    const stream = new PassThrough();
    stream.write('first ');
    setTimeout(() => stream.end('last'), 60);
    return reply.type('text/plain').send(stream);
  });
  await t.app.ready();
});
after(async () => {
  await t.close();
});

const json = { 'content-type': 'application/json' };

describe(`error envelope of docs/api.md#errors (${testStoreKind})`, () => {
  test('malformed JSON → 400 BAD_REQUEST', async () => {
    const res = await t.request({ method: 'POST', url: '/__test/echo', payload: '{"a": 1,', headers: json, key: null });
    const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
    assert.equal(body.error.details.reason, 'malformed_json');
  });

  test('an empty body declared as JSON → 400 BAD_REQUEST', async () => {
    const res = await t.request({ method: 'POST', url: '/__test/echo', payload: '', headers: json, key: null });
    assertErrorEnvelope(res, 400, 'BAD_REQUEST');
  });

  test('a text/plain body where JSON is expected → 400 BAD_REQUEST', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/__test/echo',
      payload: 'a=1',
      headers: { 'content-type': 'text/plain' },
      key: null,
    });
    assertErrorEnvelope(res, 400, 'BAD_REQUEST');
  });

  for (const type of ['application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
    test(`a ${type.split(';')[0] ?? type} body → 400 BAD_REQUEST naming application/json`, async () => {
      const res = await t.request({
        method: 'POST',
        url: '/__test/echo',
        payload: 'a=1',
        headers: { 'content-type': type },
        key: null,
      });
      const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
      assert.equal(body.error.details.reason, 'unsupported_media_type');
      assert.equal(body.error.details.expected, 'application/json');
    });
  }

  test('a wrong type in the body → 400 with parameter, expected, received, reason', async () => {
    const res = await t.request({ method: 'POST', url: '/__test/echo', payload: { a: 'one' }, key: null });
    const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
    assert.deepEqual(body.error.details, {
      parameter: 'a',
      expected: 'integer',
      received: 'one',
      reason: 'invalid_type',
    });
  });

  test('a body over 1 MiB → 413 PAYLOAD_TOO_LARGE', async () => {
    const payload = JSON.stringify({ a: 1, pad: 'x'.repeat(1024 * 1024) });
    const res = await t.request({ method: 'POST', url: '/__test/echo', payload, headers: json, key: null });
    assertErrorEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  test('a body of exactly 1 MiB is accepted', async () => {
    const frame = JSON.stringify({ a: 1, pad: '' });
    const payload = JSON.stringify({ a: 1, pad: 'x'.repeat(1024 * 1024 - frame.length) });
    assert.equal(Buffer.byteLength(payload), 1024 * 1024);
    const res = await t.request({ method: 'POST', url: '/__test/echo', payload, headers: json, key: null });
    assert.equal(res.statusCode, 200);
  });

  test('an unknown route → 404 NOT_FOUND', async () => {
    for (const [method, url] of [
      ['GET', '/no/such/route'],
      ['POST', '/no/such/route'],
      ['GET', `${t.v1}/no-such-endpoint`],
      ['DELETE', '/healthz'],
    ] as const) {
      const res = await t.request({ method, url, key: null });
      const body = assertErrorEnvelope(res, 404, 'NOT_FOUND');
      assert.equal(body.error.details.reason, 'unknown_route');
    }
  });

  test('the 404 message does not echo a huge path back', async () => {
    const res = await t.request({ method: 'GET', url: `/${'a'.repeat(5000)}`, key: null });
    const body = assertErrorEnvelope(res, 404, 'NOT_FOUND');
    assert.ok(body.error.message.length < 300);
  });

  for (const [label, payload] of [
    ['__proto__', '{"a": 1, "__proto__": {"polluted": true}}'],
    ['nested __proto__', '{"a": 1, "x": {"__proto__": {"polluted": true}}}'],
    ['constructor.prototype', '{"a": 1, "constructor": {"prototype": {"polluted": true}}}'],
  ] as const) {
    test(`a ${label} key → 400 BAD_REQUEST, nothing polluted`, async () => {
      const res = await t.request({ method: 'POST', url: '/__test/echo', payload, headers: json, key: null });
      assertErrorEnvelope(res, 400, 'BAD_REQUEST');
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });
  }

  test('bad percent-encoding in the URL → 400 BAD_REQUEST', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/__test/items/%zz',
      key: null,
      headers: { 'x-request-id': 'bad-url-1' },
    });
    const body = assertErrorEnvelope(res, 400, 'BAD_REQUEST');
    assert.equal(body.metadata.request_id, 'bad-url-1');
  });

  test('an over-long path parameter → 400 BAD_REQUEST', async () => {
    const res = await t.request({ method: 'GET', url: `/__test/items/${'9'.repeat(500)}`, key: null });
    assertErrorEnvelope(res, 400, 'BAD_REQUEST');
  });

  test('a plain Error thrown by a route → 500 INTERNAL_ERROR without its message or a stack', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/__test/boom',
      key: null,
      headers: { 'x-request-id': 'boom-1' },
    });
    const body = assertErrorEnvelope(res, 500, 'INTERNAL_ERROR');
    assert.ok(
      !res.body.includes('hunter2') && !res.body.includes('password_hash') && !res.body.includes('select'),
      res.body,
    );
    assert.ok(!/\bat\s|\.ts:\d+|stack/i.test(res.body), `no stack trace: ${res.body}`);
    assert.deepEqual(body.error.details, {});
    assert.match(body.error.message, /boom-1/, 'the message gives the request id to quote');
  });

  test('a database error → 500 INTERNAL_ERROR without SQL', async () => {
    const res = await t.request({ method: 'GET', url: '/__test/sql', key: null });
    assertErrorEnvelope(res, 500, 'INTERNAL_ERROR');
    assert.ok(!/no_such_table|select|hunter2|sqlite|postgres|relation/i.test(res.body), res.body);
  });

  test('malformed JSON on every key-protected route with a body → 400, even with a valid key', async () => {
    const routes = t.app.staydeskRoutes.filter(
      (r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && (r.auth === 'api' || r.auth === 'admin'),
    );
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z0-9_]+/g, '999999');
      const res = await t.request({ method: route.method, url, payload: '{"broken":', headers: json, key: t.adminKey });
      assertErrorEnvelope(res, 400, 'BAD_REQUEST');
    }
  });
});

describe(`x-request-id (${testStoreKind})`, () => {
  test('a valid incoming id is reused on success and on error', async () => {
    const ok = await t.request({
      method: 'GET',
      url: '/healthz',
      key: null,
      headers: { 'x-request-id': 'client-req.42:a_b-c' },
    });
    assert.equal(ok.headers['x-request-id'], 'client-req.42:a_b-c');
    const failed = await t.request({
      method: 'GET',
      url: '/nowhere',
      key: null,
      headers: { 'x-request-id': 'client-req-43' },
    });
    assert.equal(assertErrorEnvelope(failed, 404, 'NOT_FOUND').metadata.request_id, 'client-req-43');
  });

  for (const [label, incoming] of [
    ['with spaces and markup', 'bad id <script>'],
    ['too long', 'a'.repeat(65)],
    ['with a newline-like escape', 'abc%0d%0aset-cookie'],
    ['empty', ''],
  ] as const) {
    test(`an invalid incoming id (${label}) is replaced by a UUID`, async () => {
      const res = await t.request({ method: 'GET', url: '/nowhere', key: null, headers: { 'x-request-id': incoming } });
      const id = res.headers['x-request-id'];
      assert.match(String(id), UUID);
      assert.equal(assertErrorEnvelope(res, 404, 'NOT_FOUND').metadata.request_id, id);
    });
  }

  test('without an incoming id each request gets its own UUID', async () => {
    const a = await t.request({ method: 'GET', url: '/healthz', key: null });
    const b = await t.request({ method: 'GET', url: '/healthz', key: null });
    assert.match(String(a.headers['x-request-id']), UUID);
    assert.match(String(b.headers['x-request-id']), UUID);
    assert.notEqual(a.headers['x-request-id'], b.headers['x-request-id']);
  });

  test('v1 answers carry it too', async () => {
    const res = await t.request({ method: 'GET', url: `${t.v1}/test`, headers: { 'x-request-id': 'v1-call-7' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['x-request-id'], 'v1-call-7');
  });
});

describe(`health, readiness and metrics (${testStoreKind})`, () => {
  test('GET /healthz → 200 {status: ok}, no key needed', async () => {
    const res = await t.request({ method: 'GET', url: '/healthz', key: null });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'ok' });
    assertMatchesOpenApi(t.app, 'GET', '/healthz', res);
  });

  test('GET /readyz → 200 while the store answers, without secrets', async () => {
    const res = await t.request({ method: 'GET', url: '/readyz', key: null });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'ready', store: testStoreKind });
    assertMatchesOpenApi(t.app, 'GET', '/readyz', res);
  });

  test('GET /readyz → 503 once the store is gone, /healthz still 200', async () => {
    const other = await createTestApp();
    try {
      assert.equal((await other.request({ method: 'GET', url: '/readyz', key: null })).statusCode, 200);
      await other.ctx.store.destroy();
      const res = await other.request({ method: 'GET', url: '/readyz', key: null });
      assert.equal(res.statusCode, 503);
      assert.deepEqual(res.json(), { status: 'unavailable', store: testStoreKind });
      assertMatchesOpenApi(other.app, 'GET', '/readyz', res);
      assert.equal((await other.request({ method: 'GET', url: '/healthz', key: null })).statusCode, 200);
    } finally {
      await other.close();
    }
  });

  test('GET /metrics is Prometheus text with request durations labelled by route pattern and status', async () => {
    await t.request({ method: 'GET', url: '/healthz', key: null });
    await t.request({ method: 'GET', url: '/__test/items/424242', key: null });
    await t.request({ method: 'GET', url: '/__test/items/515151', key: null });
    await t.request({ method: 'GET', url: '/definitely/not/here', key: null });
    await t.request({ method: 'GET', url: `${t.v1}/test`, key: null });

    const res = await t.request({ method: 'GET', url: '/metrics', key: null });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    const text = res.body;
    assert.match(text, /^# HELP http_request_duration_seconds /m);
    assert.match(text, /^# TYPE http_request_duration_seconds histogram$/m);

    const count = (route: string, status: string): number => {
      const line = text
        .split('\n')
        .find(
          (l) =>
            l.startsWith('http_request_duration_seconds_count{') &&
            l.includes(`route="${route}"`) &&
            l.includes(`status_code="${status}"`),
        );
      return line === undefined ? 0 : Number(line.split(' ').pop());
    };
    assert.ok(count('/healthz', '200') >= 1, 'healthz 200 counted');
    assert.equal(count('/__test/items/:id', '200'), 2, 'both calls counted under the route pattern');
    assert.equal(count(`${t.v1}/test`, '401'), 1, 'a refused call is counted with its status');
    assert.ok(!text.includes('424242') && !text.includes('/definitely/not/here'), 'raw paths never become labels');
    assert.match(
      text,
      /^http_request_duration_seconds_bucket\{le="[0-9.]+",method="GET",route="\/healthz",status_code="200"\} \d+$/m,
    );
    assert.ok(!text.includes(t.apiKey) && !text.includes(t.adminKey));
  });

  test('a request is timed from its arrival until its answer has gone, a streamed one until its last chunk', async () => {
    const metric = async (name: string, route: string) => {
      const text = (await t.request({ method: 'GET', url: '/metrics', key: null })).body;
      const line = text
        .split('\n')
        .find((l) => l.startsWith(`http_request_duration_seconds_${name}{`) && l.includes(`route="${route}"`));
      return Number(line?.split(' ').pop() ?? Number.NaN);
    };
    assert.equal((await t.request({ method: 'GET', url: '/__test/slow', key: null })).statusCode, 200);
    const streamed = await t.request({ method: 'GET', url: '/__test/stream', key: null });
    assert.equal(streamed.body, 'first last');
    assert.ok(typeof streamed.headers['x-request-id'] === 'string', 'a streamed answer is named too');
    for (const route of ['/__test/slow', '/__test/stream']) {
      assert.equal(await metric('count', route), 1, route);
      const seconds = await metric('sum', route);
      assert.ok(seconds >= 0.05 && seconds < 5, `${route} took ${String(seconds)} s`);
    }
  });
});

describe(`GET /api/v1/staydesk/test (docs/api.md#v1-test) (${testStoreKind})`, () => {
  test('answers status ok, a message, an ISO timestamp and the technical user', async () => {
    const before = Date.now();
    const res = await t.request({ method: 'GET', url: `${t.v1}/test` });
    const after = Date.now();
    assert.equal(res.statusCode, 200);
    const body = res.json<{
      success: boolean;
      data: Record<string, unknown>;
      metadata: Record<string, unknown>;
    }>();
    assert.deepEqual(Object.keys(body).sort(), ['data', 'metadata', 'success']);
    assert.equal(body.success, true);
    assert.deepEqual(Object.keys(body.data).sort(), ['login', 'message', 'status', 'timestamp', 'user']);
    assert.equal(body.data.status, 'ok');
    assert.equal(typeof body.data.message, 'string');
    assert.ok((body.data.message as string).length > 0);
    assert.ok(isIsoTimestamp(body.data.timestamp), String(body.data.timestamp));
    const at = Date.parse(body.data.timestamp as string);
    assert.ok(at >= before && at <= after, 'the timestamp is taken while the request is answered');

    const technical = await t.ctx.db
      .selectFrom('users')
      .select(['login', 'display_name'])
      .where('role', '=', 'technical')
      .executeTakeFirstOrThrow();
    assert.equal(technical.login, TECHNICAL_USER_LOGIN);
    assert.equal(body.data.login, technical.login);
    assert.equal(body.data.user, technical.display_name);

    assert.deepEqual(Object.keys(body.metadata).sort(), ['api_version', 'endpoint', 'timestamp']);
    assert.equal(body.metadata.api_version, '1.0');
    assert.equal(body.metadata.endpoint, 'v1');
    assert.ok(isIsoTimestamp(body.metadata.timestamp));
    assertMatchesOpenApi(t.app, 'GET', `${t.v1}/test`, res);
  });

  test('does not echo the key', async () => {
    const res = await t.request({ method: 'GET', url: `${t.v1}/test` });
    assert.ok(!res.body.includes(t.apiKey));
  });

  test('follows STAYDESK_SLUG', async () => {
    const other = await createTestApp({ STAYDESK_SLUG: 'rentals' });
    try {
      assert.equal(other.v1, '/api/v1/rentals');
      const res = await other.request({ method: 'GET', url: '/api/v1/rentals/test' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json<{ data: { status: string } }>().data.status, 'ok');
      assertErrorEnvelope(await other.request({ method: 'GET', url: '/api/v1/staydesk/test' }), 404, 'NOT_FOUND');
    } finally {
      await other.close();
    }
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { compileErrors, validate } from '@readme/openapi-parser';
import { ERROR_REASON_NAMES } from '../../src/http/error-reasons.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { isHtmlPage } from '../support/console-routes.ts';

type JsonObject = Record<string, unknown>;

let t: TestApp;
let doc: JsonObject;

before(async () => {
  t = await createTestApp();
  const res = await t.request({ method: 'GET', url: '/openapi.json', key: null });
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  doc = res.json<JsonObject>();
});
after(async () => {
  await t.close();
});

/** `/bookings/:booking_id` → `/bookings/{booking_id}` */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function documentedRoutes() {
  return t.app.staydeskRoutes.filter(
    (r) => !isHtmlPage(r) && r.url !== '/openapi.json' && r.url !== '/docs' && !r.url.startsWith('/docs/'),
  );
}

describe(`GET /openapi.json (${testStoreKind})`, () => {
  test('is OpenAPI 3.1.0 according to an independent validator', async () => {
    assert.equal(doc.openapi, '3.1.0');
    const result = await validate(structuredClone(doc) as Parameters<typeof validate>[0]);
    assert.ok(result.valid, result.valid ? '' : compileErrors(result));
    assert.equal(result.specification, 'OpenAPI');
  });

  test('a broken document is refused by the same validator (the check can fail)', async () => {
    const broken = structuredClone(doc);
    delete broken.info;
    const result = await validate(broken as Parameters<typeof validate>[0]);
    assert.equal(result.valid, false);
  });

  test('names the service, its version and the public base URL', () => {
    const info = doc.info as JsonObject;
    assert.equal(info.title, 'Staydesk API');
    assert.equal(typeof info.version, 'string');
    assert.deepEqual(doc.servers, [{ url: 'http://staydesk.test' }]);
  });

  test('every route of the app is in paths, with its method', async () => {
    await t.app.ready();
    const routes = documentedRoutes();
    assert.ok(routes.length >= 4, 'the app has routes to check');
    const paths = doc.paths as Record<string, JsonObject>;
    const missing = routes.filter((r) => paths[openApiPath(r.url)]?.[r.method.toLowerCase()] === undefined);
    assert.deepEqual(
      missing.map((r) => `${r.method} ${r.url}`),
      [],
      'routes missing from /openapi.json',
    );
  });

  test('the core routes are there by name', () => {
    const paths = doc.paths as Record<string, JsonObject>;
    for (const [method, path] of [
      ['get', '/healthz'],
      ['get', '/readyz'],
      ['get', '/metrics'],
      ['get', `${t.v1}/test`],
    ] as const) {
      assert.ok(paths[path]?.[method] !== undefined, `${method.toUpperCase()} ${path}`);
    }
    assert.equal(paths['/openapi.json'], undefined, 'the document does not describe itself');
  });

  test('every bearer-key route declares the bearer security scheme', async () => {
    await t.app.ready();
    const paths = doc.paths as Record<string, Record<string, JsonObject>>;
    const undeclared = documentedRoutes()
      .filter((r) => r.auth === 'api' || r.auth === 'admin')
      .filter((r) => {
        const security = paths[openApiPath(r.url)]?.[r.method.toLowerCase()]?.security;
        return (
          !Array.isArray(security) || !security.some((s) => typeof s === 'object' && s !== null && 'bearerKey' in s)
        );
      });
    assert.deepEqual(
      undeclared.map((r) => `${r.method} ${r.url}`),
      [],
      'routes that need a key but do not say so in /openapi.json',
    );
  });

  test('the closed table of reasons is one named schema, and every error answer names its reasons', () => {
    const components = doc.components as { schemas: Record<string, { enum?: unknown }> };
    assert.deepEqual(components.schemas.ErrorReason?.enum, ERROR_REASON_NAMES);
    let whole = 0;
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (typeof node === 'object' && node !== null) {
        const values = (node as { enum?: unknown }).enum;
        if (Array.isArray(values) && values.length === ERROR_REASON_NAMES.length) whole++;
        Object.values(node).forEach(walk);
      }
    };
    walk(doc);
    assert.equal(whole, 1, 'the whole table is written once');
  });

  test('follows STAYDESK_SLUG', async () => {
    const other = await createTestApp({ STAYDESK_SLUG: 'rentals' });
    try {
      const res = await other.request({ method: 'GET', url: '/openapi.json', key: null });
      const paths = Object.keys(res.json<{ paths: JsonObject }>().paths);
      assert.ok(paths.includes('/api/v1/rentals/test'));
      assert.ok(!paths.some((p) => p.includes('/staydesk/')), paths.join(', '));
    } finally {
      await other.close();
    }
  });

  test('GET /docs renders the document', async () => {
    const res = await t.request({ method: 'GET', url: '/docs', key: null });
    if (res.statusCode === 302) {
      const location = String(res.headers.location);
      const follow = await t.request({
        method: 'GET',
        url: location.startsWith('/') ? location : `/docs/${location.replace(/^\.\//, '')}`,
        key: null,
      });
      assert.equal(follow.statusCode, 200);
      assert.match(follow.body, /<html/i);
    } else {
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /<html/i);
    }
  });
});

describe(`assertMatchesOpenApi (${testStoreKind})`, () => {
  test('accepts a real response of a documented operation', async () => {
    const res = await t.request({ method: 'GET', url: `${t.v1}/test` });
    assert.equal(res.statusCode, 200);
    assertMatchesOpenApi(t.app, 'GET', `${t.v1}/test`, res);
    assertMatchesOpenApi(t.app, 'GET', `${t.v1}/test?x=1`, res);
  });

  test('accepts documented error answers', async () => {
    const res = await t.request({ method: 'GET', url: `${t.v1}/test`, key: null });
    assert.equal(res.statusCode, 401);
    assertMatchesOpenApi(t.app, 'GET', `${t.v1}/test`, res);
  });

  test('refuses a body that breaks the schema', async () => {
    const res = await t.request({ method: 'GET', url: `${t.v1}/test` });
    const body = res.json<{ data: JsonObject }>();
    delete body.data.login;
    assert.throws(() => {
      assertMatchesOpenApi(t.app, 'GET', `${t.v1}/test`, {
        ...res,
        statusCode: 200,
        headers: res.headers,
        body: JSON.stringify(body),
      });
    }, /login/);
    body.data.login = 'x';
    body.data.timestamp = 'yesterday';
    assert.throws(() => {
      assertMatchesOpenApi(t.app, 'GET', `${t.v1}/test`, {
        statusCode: 200,
        headers: res.headers,
        body: JSON.stringify(body),
      });
    }, /date-time/);
  });

  test('refuses an undocumented status, an unknown path, a method with no operation, and a non-JSON body', async () => {
    const res = await t.request({ method: 'GET', url: `${t.v1}/test` });
    assert.throws(() => {
      assertMatchesOpenApi(t.app, 'GET', `${t.v1}/test`, { statusCode: 418, headers: res.headers, body: res.body });
    }, /does not document status 418/);
    assert.throws(() => {
      assertMatchesOpenApi(t.app, 'GET', '/no/such/path', res);
    }, /no path matches/);
    assert.throws(() => {
      assertMatchesOpenApi(t.app, 'DELETE', `${t.v1}/test`, res);
    }, /no path matches|no DELETE operation/);
    assert.throws(() => {
      assertMatchesOpenApi(t.app, 'GET', `${t.v1}/test`, { statusCode: 200, headers: res.headers, body: '<html>' });
    }, /not JSON/);
  });

  test('matches path parameters in concrete URLs and in route patterns', async () => {
    await t.app.ready();
    const withParams = documentedRoutes().find((r) => r.url.includes('/:') && r.method === 'GET');
    if (withParams === undefined) {
      // No parameterised GET route exists yet: check the matcher on the ops routes instead.
      const res = await t.request({ method: 'GET', url: '/healthz', key: null });
      assertMatchesOpenApi(t.app, 'GET', '/healthz', res);
      return;
    }
    const concrete = withParams.url.replace(/:[A-Za-z0-9_]+/g, '999999');
    const res = await t.request({
      method: 'GET',
      url: concrete,
      key: withParams.auth === 'admin' ? t.adminKey : t.apiKey,
    });
    assertMatchesOpenApi(t.app, 'GET', concrete, res);
    assertMatchesOpenApi(t.app, 'GET', withParams.url, res);
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createAdminUser } from '../../src/users/user-repository.ts';
import { FAILURES_PER_LOGIN } from '../../src/console/sign-in-limits.ts';
import { PAGES, pageUrl, type ConsolePage } from '../../src/console/console-pages.ts';
import { formBody, postSignIn, signIn, type ConsoleClient } from '../support/console-client.ts';
import { PAGE_NAMES } from '../support/console-pages.ts';
import { isConsoleRoute } from '../support/console-routes.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The console's doors (docs/decisions.md#console): every page needs a session, every change
// the session's CSRF token; a session does not open the admin API, nor an API key the console.

let t: TestApp;
let host: ConsoleClient;
before(async () => {
  t = await createTestApp();
  host = await signIn(t);
});
after(async () => {
  await t.close();
});

const sample = (url: string) => url.replace(':feedId', '1').replace(':id', '1').replace(':kind', 'webhook');

function sessionRoutes() {
  return t.app.staydeskRoutes.filter((r) => r.auth === 'session');
}

describe('console routes', () => {
  test("the console's pages are exactly the registry's, each behind a session but the sign-in page", () => {
    const pages = PAGE_NAMES.map((name) => {
      const page: ConsolePage = PAGES[name];
      return { url: pageUrl(name), auth: page.public === true ? 'public' : 'session' };
    });
    const routes = t.app.staydeskRoutes.filter(
      (r) => isConsoleRoute(r) && r.method === 'GET' && !r.url.startsWith('/admin/assets/') && r.url !== '/admin/',
    );
    assert.deepEqual(
      routes.map((r) => ({ url: r.url, auth: r.auth })).sort((a, b) => a.url.localeCompare(b.url)),
      pages.sort((a, b) => a.url.localeCompare(b.url)),
      'every GET route of the console is a page of the registry, and every page of the registry has its route',
    );
  });

  test('without a session every page redirects to the sign-in page and every change is refused', async () => {
    for (const route of sessionRoutes()) {
      const res = await t.app.inject({
        method: route.method as 'GET' | 'POST',
        url: sample(route.url),
        ...(route.method === 'GET'
          ? {}
          : {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: formBody({ _csrf: host.csrf }),
            }),
      });
      if (route.method === 'GET') {
        assert.equal(res.statusCode, 303, `${route.method} ${route.url}`);
        assert.match(String(res.headers.location), /^\/admin\/sign-in\?next=/);
      } else {
        assert.equal(res.statusCode, 401, `${route.method} ${route.url}: ${res.body}`);
      }
    }
  });

  test('a made-up or expired session cookie opens nothing', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/admin', headers: { cookie: 'staydesk_session=abc' } });
    assert.equal(forged.statusCode, 303);
    const later = await t.at(Date.now() + 12 * 3600_000 + 60_000, () => host.get('/admin/bookings'));
    assert.equal(later.statusCode, 303, 'a session ends after 12 hours');
    assert.equal((await host.get('/admin/bookings')).statusCode, 200, 'and is live before');
  });

  test('every change without the CSRF token, or with another session’s, is refused and changes nothing', async () => {
    const other = await signIn(t);
    const before = (await t.ctx.db.selectFrom('api_keys').select('id').execute()).length;
    for (const route of sessionRoutes().filter((r) => r.method === 'POST')) {
      const missing = await host.post(sample(route.url), { name: 'x' }, { csrf: false });
      assert.equal(missing.statusCode, 403, `${route.url} without a token`);
      const foreign = await host.post(sample(route.url), { name: 'x' }, { csrf: other.csrf });
      assert.equal(foreign.statusCode, 403, `${route.url} with another session's token`);
    }
    assert.equal((await t.ctx.db.selectFrom('api_keys').select('id').execute()).length, before, 'no key was created');
    const made = await host.post('/admin/settings/api-keys', { name: 'with token', scope: 'api' });
    assert.equal(made.statusCode, 200, 'the same form with the token works');
  });

  test('a session cookie does not open the admin API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/api/bookings', headers: { cookie: host.cookie } });
    assert.equal(res.statusCode, 401);
    assert.equal(
      (JSON.parse(res.body) as { error: { details: { reason: string } } }).error.details.reason,
      'missing_api_key',
    );
  });

  test('an admin API key does not open the console', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/admin/settings',
      headers: { authorization: `Bearer ${t.adminKey}` },
    });
    assert.equal(page.statusCode, 303);
    const change = await t.app.inject({
      method: 'POST',
      url: '/admin/settings/api-keys',
      headers: { authorization: `Bearer ${t.adminKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody({ name: 'sneaky' }),
    });
    assert.equal(change.statusCode, 401);
  });

  test('the admin API still answers in JSON beside the console', async () => {
    const res = await t.admin('GET', '/admin/api/accommodations');
    assert.equal(res.statusCode, 200);
    const missing = await t.admin('GET', '/admin/api/nothing-here');
    assert.equal(missing.statusCode, 404);
    assert.match(String(missing.headers['content-type']), /application\/json/);
  });
});

describe('sign-in', () => {
  const post = (form: Record<string, string>, ip = '203.0.113.9') => postSignIn(t.app, form, { remoteAddress: ip });

  test('the cookie is HttpOnly, SameSite=Strict, for /admin, and only its hash is stored', async () => {
    const { password } = await createAdminUser(t.ctx.db, 'cookie-check');
    const res = await post({ login: 'cookie-check', password });
    assert.equal(res.statusCode, 303);
    const cookie = String(res.headers['set-cookie']);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    assert.match(cookie, /Path=\/admin/);
    assert.doesNotMatch(cookie, /Secure/, 'plain http: no Secure flag');
    const token = /staydesk_session=([^;]+)/.exec(cookie)?.[1] ?? '';
    const rows = await t.ctx.db.selectFrom('console_sessions').select(['token_hash']).execute();
    assert.ok(rows.length > 0);
    assert.ok(rows.every((r) => r.token_hash !== token && !r.token_hash.includes(token)));
  });

  test('a wrong password is refused without a cookie; after the limit even the right one waits', async () => {
    const { password } = await createAdminUser(t.ctx.db, 'limited');
    const wrong = await post({ login: 'limited', password: 'nope' }, '198.51.100.1');
    assert.equal(wrong.statusCode, 401);
    assert.doesNotMatch(String(wrong.headers['set-cookie']), /staydesk_session=/);
    assert.match(wrong.body, /login or password is wrong/);
    for (let i = 1; i < FAILURES_PER_LOGIN; i += 1)
      await post({ login: 'limited', password: 'nope' }, `198.51.100.${i + 1}`);
    const blocked = await post({ login: 'limited', password }, '198.51.100.99');
    assert.equal(blocked.statusCode, 429);
    assert.doesNotMatch(String(blocked.headers['set-cookie']), /staydesk_session=/);
  });

  test('an API-only (technical) user cannot sign in, and an unknown login reads like a wrong password', async () => {
    const res = await post({ login: 'staydesk-api', password: 'whatever' }, '192.0.2.7');
    assert.equal(res.statusCode, 401);
    const unknown = await post({ login: 'nobody-at-all', password: 'whatever' }, '192.0.2.8');
    assert.equal(unknown.statusCode, 401);
    assert.match(unknown.body, /login or password is wrong/);
  });

  test('sign-out ends the session', async () => {
    const client = await signIn(t);
    const out = await client.post('/admin/sign-out', {});
    assert.equal(out.statusCode, 303);
    assert.equal((await client.get('/admin')).statusCode, 303);
  });

  test('after sign-in only a console path is followed', async () => {
    const { password } = await createAdminUser(t.ctx.db, 'next-check');
    const evil = await post({ login: 'next-check', password, next: 'https://evil.example/' }, '192.0.2.20');
    assert.equal(evil.headers.location, '/admin');
    const fine = await post({ login: 'next-check', password, next: '/admin/calendar' }, '192.0.2.21');
    assert.equal(fine.headers.location, '/admin/calendar');
  });
});

test('with an https public address the cookie is Secure', async () => {
  const secure = await createTestApp({ PUBLIC_BASE_URL: 'https://book.example' });
  try {
    const { password } = await createAdminUser(secure.ctx.db, 'secure-check');
    const res = await postSignIn(secure.app, { login: 'secure-check', password });
    assert.match(String(res.headers['set-cookie']), /staydesk_session=[^,]*; Secure/);
  } finally {
    await secure.close();
  }
});

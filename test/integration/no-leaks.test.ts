import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { buildApp } from '../../src/app.ts';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { AppContext } from '../../src/app-context.ts';
import { loadConfig } from '../../src/config/config.ts';
import { createContext } from '../../src/create-app-context.ts';
import type { App } from '../../src/http/types.ts';
import { createMailDelivery } from '../../src/mail/deliver-mail.ts';
import { createAdminUser } from '../../src/users/user-repository.ts';
import { postSignIn, signIn } from '../support/console-client.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { LIMITS_OFF } from '../support/limits-off.ts';
import { openTestStore, testStoreKind, type TestStore } from '../support/test-store.ts';

// Issue 24, "Leaks and 500s": nothing a caller sends as a secret comes back or reaches a log,
// and input of the wrong shape is a 4xx, never a 500.

const lines: string[] = [];
const sink = { write: (line: string) => void lines.push(line) };
const logText = () => lines.join('');

let store: TestStore;
let ctx: AppContext;
let app: App;
let apiKey: string;
let adminKey: string;
before(async () => {
  store = await openTestStore();
  const config = loadConfig({ PUBLIC_BASE_URL: 'http://staydesk.test', LOG_LEVEL: 'info', ...LIMITS_OFF });
  config.store = store.config;
  ctx = createContext(config, store.store);
  app = await buildApp(ctx, { logStream: sink });
  apiKey = (await createApiKey(ctx.db, { name: 'leak test', scope: 'api' })).key;
  adminKey = (await createApiKey(ctx.db, { name: 'leak admin', scope: 'admin' })).key;
});
after(async () => {
  await app.close();
  await store.close();
});

const v1 = () => `/api/v1/${ctx.config.slug}`;
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe(`no secret in details.received (${testStoreKind})`, () => {
  test('a too-short webhook or payment secret is not echoed', async () => {
    for (const field of ['webhook_secret', 'payment_webhook_secret']) {
      const secret = `short-${randomBytes(6).toString('hex')}`;
      const res = await app.inject({
        method: 'PUT',
        url: '/admin/api/settings',
        headers: bearer(adminKey),
        payload: { [field]: secret },
      });
      assert.equal(res.statusCode, 400, res.body);
      assert.ok(!res.body.includes(secret), `${field} echoed: ${res.body}`);
    }
  });

  test('a payment token of the wrong shape is not echoed, nor the start of an over-long value', async () => {
    const a = await makeAccommodation(ctx.db);
    const token = `tok_${randomBytes(300).toString('hex')}`;
    const res = await app.inject({
      method: 'POST',
      url: `${v1()}/bookings`,
      headers: bearer(apiKey),
      payload: bookingBody(a.id, futureStay(2), { booking: { total_amount: 275, payment_token: token } }),
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.ok(!res.body.includes(token.slice(0, 20)), res.body);
    const long = `Ada${'x'.repeat(200)}`;
    const longName = await app.inject({
      method: 'POST',
      url: `${v1()}/bookings`,
      headers: bearer(apiKey),
      payload: bookingBody(a.id, futureStay(2), { partner: { first_name: long }, booking: { total_amount: 275 } }),
    });
    assert.equal(longName.statusCode, 400, longName.body);
    assert.ok(!longName.body.includes(long.slice(0, 50)), longName.body);
    assert.match(longName.body, /string of 203 characters/);
  });
});

describe(`log lines (${testStoreKind})`, () => {
  test('a percent-encoded invoice path logs no token; apikey, apiKey and k are redacted', async () => {
    const a = await makeAccommodation(ctx.db);
    const created = await app.inject({
      method: 'POST',
      url: `${v1()}/bookings`,
      headers: bearer(apiKey),
      payload: bookingBody(a.id, futureStay(2), { booking: { total_amount: 275 } }),
    });
    const token = new URL(created.json<{ data: { invoice_url: string } }>().data.invoice_url).pathname.split('/').pop();
    assert.ok(token !== undefined && token.length >= 20);
    const secrets = ['apikeySecret012345', 'apiKeySecret012345', 'kSecret0123456789'];
    lines.length = 0;
    const invoice = await app.inject({ method: 'GET', url: `/${ctx.config.slug}/%69nvoices/${token}` });
    assert.equal(invoice.statusCode, 200, 'the encoded path is the same route');
    const encodedToken = `${token.slice(0, 3)}%${token.charCodeAt(3).toString(16)}${token.slice(4)}`;
    await app.inject({ method: 'GET', url: `/${ctx.config.slug}/invoices/${encodedToken}` });
    await app.inject({
      method: 'GET',
      url: `${v1()}/test?apikey=${secrets[0]}&apiKey=${secrets[1]}&k=${secrets[2]}&month=5`,
    });
    const text = logText();
    assert.ok(text.includes('"request completed"'), text.slice(0, 300));
    for (const secret of [token, token.slice(4), ...secrets])
      assert.ok(!text.includes(secret), `a log line contains ${secret.slice(0, 8)}…`);
    assert.ok(text.includes('month=5'));
  });

  test("an SMTP refusal naming the guest's address is logged without it above debug", async () => {
    const a = await makeAccommodation(ctx.db);
    const email = `smtp-${randomBytes(4).toString('hex')}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: `${v1()}/bookings`,
      headers: bearer(apiKey),
      payload: bookingBody(a.id, futureStay(2), { booking: { total_amount: 275 }, partner: { email } }),
    });
    assert.equal(res.statusCode, 200, res.body);
    const out: string[] = [];
    const worker = createMailDelivery({
      db: ctx.db,
      config: { smtpUrl: 'smtp://127.0.0.1:9', mailFrom: 'x@staydesk.test' },
      metrics: ctx.metrics,
      log: pino({ level: 'info' }, { write: (line: string) => void out.push(line) }),
      now: () => new Date(),
      worker: 'leak-test',
      sender: {
        send: (mail) =>
          Promise.reject(
            Object.assign(
              new Error(`Can't send mail - all recipients were rejected: 550 5.1.1 <${mail.to}>: unknown`),
              {
                responseCode: 550,
              },
            ),
          ),
        close: () => undefined,
      },
    });
    await worker.run();
    worker.close();
    const text = out.join('');
    assert.match(text, /mail delivery failed/);
    assert.ok(!text.includes(email), text);
    assert.match(text, /550/);
  });
});

describe(`console input of the wrong shape (${testStoreKind})`, () => {
  test('sign-in takes only its form: JSON is a 415, deeply nested JSON is refused at once', async () => {
    const json = await app.inject({
      method: 'POST',
      url: '/admin/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ login: 5, password: 'x' }),
    });
    assert.equal(json.statusCode, 415, json.body);
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const nested = await app.inject({
      method: 'POST',
      url: '/admin/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    assert.ok(nested.statusCode >= 400 && nested.statusCode < 500, String(nested.statusCode));
  });

  test('a repeated console query parameter is a 400, not a 500', async () => {
    const host = await signIn({ app, ctx });
    for (const url of [
      '/admin/bookings?q=a&q=b',
      '/admin/bookings?status=confirmed&status=draft',
      '/admin/calendar?month=2027-01&month=2027-02',
      '/admin/reports?from=2027-01-01&from=2027-02-01',
      '/admin/outbox?status=failed&status=sent',
      '/admin/sign-in?next=/admin&next=/admin/calendar',
    ]) {
      const res = await host.get(url);
      assert.ok(res.statusCode < 500, `${url}: ${res.statusCode}`);
    }
  });

  test('sign-in needs the token of its own form', async () => {
    const { password } = await createAdminUser(ctx.db, `csrf-${process.pid}`);
    const without = await app.inject({
      method: 'POST',
      url: '/admin/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ login: `csrf-${process.pid}`, password }).toString(),
    });
    assert.equal(without.statusCode, 403);
    assert.doesNotMatch(String(without.headers['set-cookie']), /staydesk_session=/, 'no session');
    assert.match(without.body, /name="_csrf"/, 'the form comes back with a fresh token');
    const other = await postSignIn(app, { login: `csrf-${process.pid}`, password }, { token: 'x'.repeat(43) });
    assert.equal(other.statusCode, 403);
    const ok = await postSignIn(app, { login: `csrf-${process.pid}`, password });
    assert.equal(ok.statusCode, 303, ok.body);
  });

  test('console logins are matched whatever their case, and unique so', async () => {
    const login = `Front.Desk${process.pid}`;
    const { password } = await createAdminUser(ctx.db, login);
    const res = await postSignIn(app, { login: login.toLowerCase(), password });
    assert.equal(res.statusCode, 303, res.body);
    await assert.rejects(createAdminUser(ctx.db, login.toUpperCase()), /already exists/);
  });
});

describe(`partner ids and /docs (${testStoreKind})`, () => {
  test("one key's booking does not tell another key that a guest is known", async () => {
    const a = await makeAccommodation(ctx.db);
    const other = (await createApiKey(ctx.db, { name: 'probe', scope: 'api' })).key;
    const email = `probe-${randomBytes(4).toString('hex')}@example.com`;
    const book = (key: string) =>
      app.inject({
        method: 'POST',
        url: `${v1()}/bookings`,
        headers: bearer(key),
        payload: bookingBody(a.id, futureStay(2), {
          partner: { email },
          booking: { payment_method: 'card_processor', total_amount: 275 },
        }),
      });
    const first = await book(apiKey);
    const again = await book(apiKey);
    const probe = await book(other);
    const id = (res: Awaited<ReturnType<typeof book>>) => res.json<{ data: { partner_id: number } }>().data.partner_id;
    assert.equal(id(first), id(again), "a key keeps its guest's partner id");
    assert.notEqual(id(probe), id(first), "another key does not get the first key's partner id");
  });

  test('/docs is served with a content security policy and no framing', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs' });
    const page = res.statusCode === 302 ? await app.inject({ method: 'GET', url: String(res.headers.location) }) : res;
    for (const r of [res, page]) {
      assert.match(String(r.headers['content-security-policy']), /frame-ancestors 'none'/);
      assert.match(String(r.headers['content-security-policy']), /script-src 'self'/);
      assert.equal(r.headers['x-frame-options'], 'DENY');
    }
  });
});

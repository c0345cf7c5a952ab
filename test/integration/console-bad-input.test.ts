import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { signIn, type ConsoleClient } from '../support/console-client.ts';
import { consolePages } from '../support/console-pages.ts';
import { insertBooking, futureStay, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Every console route declares the schema of its path, query string and form (src/console/
// console-schemas.ts): what does not fit is answered with a page (404 for a path that names no
// page, 400 naming the field for a query string or a form), never with a 500.

let t: TestApp;
let host: ConsoleClient;
let rows: { booking: number; accommodation: number };
before(async () => {
  t = await createTestApp();
  host = await signIn(t);
  const a = await makeAccommodation(t.ctx.db);
  const b = await insertBooking(t.ctx.db, a, futureStay(3));
  rows = { booking: b.id, accommodation: a.id };
});
after(async () => {
  await t.close();
});

/** A console answer: a whole page, with a status the console gives on purpose. */
function assertPage(res: LightMyRequestResponse, what: string, statuses: readonly number[] = [200, 400, 404]): void {
  assert.ok(statuses.includes(res.statusCode), `${what}: ${res.statusCode} ${res.body.slice(0, 400)}`);
  if (res.statusCode === 303) return;
  assert.match(String(res.headers['content-type']), /text\/html/, what);
  assert.match(res.body, /<main id="main"/, what);
}

const NAMES = ['q', 'status', 'accommodation', 'from', 'to', 'page', 'month', 'done', 'next'];
const VALUES = ['x', '-1', '2027-02-30', '2027-13', '99999999999', '<script>', 'x'.repeat(3000)];

describe(`bad input to the console (${testStoreKind})`, () => {
  test('every page answers any value of any query parameter, and a repeated one, with a page', async () => {
    for (const { url } of consolePages(rows)) {
      for (const name of NAMES) {
        for (const value of VALUES) {
          const address = `${url}?${new URLSearchParams({ [name]: value }).toString()}`;
          assertPage(await host.get(address), address.slice(0, 200));
        }
        const twice = `${url}?${name}=a&${name}=b`;
        assertPage(await host.get(twice), twice);
      }
    }
  });

  test('a query parameter that does not fit is a 400 naming it; the empty fields of a filter form are no filter', async () => {
    const status = await host.get('/admin/bookings?status=nope');
    assert.equal(status.statusCode, 400);
    assert.match(status.body, /status: Choose one of: draft, confirmed, modified, cancelled\./);
    const month = await host.get('/admin/calendar?month=2027-13');
    assert.equal(month.statusCode, 400);
    assert.match(month.body, /month: Enter a month like 2027-07\./);
    const date = await host.get('/admin/bookings?from=2027-02-30');
    assert.equal(date.statusCode, 400);
    assert.match(date.body, /2027-02-30 is not a real YYYY-MM-DD date/);
    const repeated = await host.get('/admin/bookings?q=a&q=b');
    assert.equal(repeated.statusCode, 400, 'a search sent twice is refused, not a 500');
    assert.match(repeated.body, /q: /);
    const done = await host.get('/admin/outbox?done=something-else');
    assert.equal(done.statusCode, 400);
    const empty = await host.get('/admin/bookings?q=&status=&accommodation=&from=&to=');
    assert.equal(empty.statusCode, 200, 'the filter form sent with every field empty lists every booking');
    assert.match(empty.body, /<option value="">Any<\/option>/);
  });

  test('a path whose parameters name no page is a 404 page', async () => {
    for (const url of ['/admin/bookings/abc', '/admin/accommodations/-1', '/admin/bookings/1e3']) {
      const res = await host.get(url);
      assert.equal(res.statusCode, 404, url);
      assertPage(res, url, [404]);
    }
    const secret = await host.post('/admin/settings/secrets/nope/generate', {});
    assert.equal(secret.statusCode, 404);
    assertPage(secret, 'an unknown kind of secret', [404]);
  });

  test('a form field that does not fit is a 400 naming it', async () => {
    const long = await host.post(`/admin/bookings/${rows.booking}/cancel`, { reason: 'x'.repeat(600) });
    assert.equal(long.statusCode, 400);
    assert.match(long.body, /reason: Use at most 500 characters\./);
    const booking = await t.ctx.db
      .selectFrom('bookings')
      .select('status')
      .where('id', '=', rows.booking)
      .executeTakeFirstOrThrow();
    assert.equal(booking.status, 'confirmed', 'nothing was cancelled');
    const scope = await host.post('/admin/settings/api-keys', { name: 'k', scope: 'root' });
    assert.equal(scope.statusCode, 400);
    assert.match(scope.body, /scope: Choose one of: api, admin, test\./);
  });

  test('every form answers hostile fields with a page or a redirect, never a 500', async () => {
    const hostile = {
      name: 'x'.repeat(5000),
      url: 'javascript:alert(1)',
      from: '2027-02-30',
      to: 'x',
      price: '-1e400',
      reason: 'x'.repeat(5000),
      accommodation: 'abc',
      month: '2027-13',
      scope: 'root',
      login: '<script>',
      host_email: 'not an address',
      webhook_secret: 'short',
      payment_secret: 'x'.repeat(5000),
      base_price: 'NaN',
      max_guests: '1.5',
      extras_breakfast: 'Infinity',
      currency: 'euro',
    };
    const routes = t.app.staydeskRoutes.filter(
      (r) => r.auth === 'session' && r.method === 'POST' && r.url !== '/admin/sign-out',
    );
    assert.ok(routes.length >= 15, `the console's forms were listed (${routes.length})`);
    for (const route of routes) {
      const url = route.url
        .replace(':feedId', '1')
        .replace(':kind', 'payment')
        .replace(':id', String(route.url.startsWith('/admin/bookings') ? rows.booking : rows.accommodation));
      assertPage(await host.post(url, hostile), `POST ${url}`, [200, 303, 400, 404, 409]);
    }
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { buildApp } from '../../src/app.ts';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { AppContext } from '../../src/app-context.ts';
import { loadConfig } from '../../src/config/config.ts';
import { createContext } from '../../src/create-app-context.ts';
import type { App } from '../../src/http/types.ts';
import { redactUrl } from '../../src/http/log-redaction.ts';
import { createMailDelivery } from '../../src/mail/deliver-mail.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { openTestStore, testStoreKind, type TestStore } from '../support/test-store.ts';
import { signIn } from '../support/console-client.ts';

// Issue 9 item 7: secrets in logs. The real pino output of the app is captured and searched.

const lines: string[] = [];
const sink = { write: (line: string) => void lines.push(line) };

let store: TestStore;
let ctx: AppContext;
let app: App;
let apiKey: string;
before(async () => {
  store = await openTestStore();
  const config = loadConfig({ PUBLIC_BASE_URL: 'http://staydesk.test', LOG_LEVEL: 'info' });
  config.store = store.config;
  ctx = createContext(config, store.store);
  app = await buildApp(ctx, { logStream: sink });
  apiKey = (await createApiKey(ctx.db, { name: 'log test', scope: 'api' })).key;
});
after(async () => {
  await app.close();
  await store.close();
});

const logText = () => lines.join('');

describe(`request log lines carry no tokens or query secrets (${testStoreKind})`, () => {
  test('invoice, iCal export, tasks feed and guest page tokens and secrets in query strings are redacted', async () => {
    const a = await makeAccommodation(ctx.db);
    const created = await app.inject({
      method: 'POST',
      url: `/api/v1/${ctx.config.slug}/bookings`,
      headers: { authorization: `Bearer ${apiKey}` },
      payload: bookingBody(a.id, futureStay(2), { booking: { total_amount: 275 } }),
    });
    assert.equal(created.statusCode, 200, created.body);
    const invoicePath = new URL(created.json<{ data: { invoice_url: string } }>().data.invoice_url).pathname;
    const invoiceToken = invoicePath.split('/').pop() ?? '';
    assert.ok(invoiceToken.length >= 20);
    const icalToken = 'icalSecretToken0123456789abcdefXYZ';
    const tasksToken = 'tasksSecretToken0123456789abcdefXYZ';
    const booking = await ctx.db
      .selectFrom('bookings')
      .select('guest_token')
      .where('invoice_token', '=', invoiceToken)
      .executeTakeFirstOrThrow();
    const guestToken = booking.guest_token;
    const secrets = ['queryKey0123456789', 'queryToken0123456789', 'queryApiKey0123456789', 'querySecret0123456789'];

    lines.length = 0;
    assert.equal((await app.inject({ method: 'GET', url: invoicePath })).statusCode, 200);
    await app.inject({ method: 'GET', url: `/${ctx.config.slug}/ical/${icalToken}.ics` });
    await app.inject({ method: 'GET', url: `/${ctx.config.slug}/tasks/${tasksToken}.ics` });
    assert.equal((await app.inject({ method: 'GET', url: `/guest/${guestToken}` })).statusCode, 200);
    await app.inject({ method: 'GET', url: `/guest/${guestToken}/documents/NONE-1` });
    await app.inject({
      method: 'GET',
      url: `/api/v1/${ctx.config.slug}/test?key=${secrets[0]}&token=${secrets[1]}&api_key=${secrets[2]}&secret=${secrets[3]}&month=5`,
    });
    const text = logText();
    assert.ok(lines.length >= 3, `request lines were logged: ${lines.length}`);
    assert.ok(text.includes('"request completed"'), text.slice(0, 500));
    for (const secret of [invoiceToken, icalToken, tasksToken, guestToken, ...secrets])
      assert.ok(!text.includes(secret), `a log line contains ${secret.slice(0, 8)}…`);
    assert.ok(text.includes(`/${ctx.config.slug}/invoices/[redacted]`), 'the invoice path is still recognisable');
    assert.ok(text.includes(`/${ctx.config.slug}/ical/[redacted].ics`));
    assert.ok(text.includes(`/${ctx.config.slug}/tasks/[redacted].ics`));
    assert.ok(text.includes('/guest/[redacted]/documents/NONE-1'));
    assert.ok(text.includes('month=5'), 'harmless parameters stay');
    assert.ok(!text.includes(apiKey), 'the Authorization header is never logged');
  });

  test('redactUrl leaves other paths alone and catches encoded names', () => {
    assert.equal(redactUrl('/api/v1/staydesk/bookings/12?x=1', 'staydesk'), '/api/v1/staydesk/bookings/12?x=1');
    assert.equal(
      redactUrl('/staydesk/invoices/abc?download=1', 'staydesk'),
      '/staydesk/invoices/[redacted]?download=1',
    );
    assert.equal(redactUrl('/staydesk/tasks/t0k3n.ics', 'staydesk'), '/staydesk/tasks/[redacted].ics');
    assert.equal(redactUrl('/guest/Abc_123-xyz?lang=de', 'staydesk'), '/guest/[redacted]?lang=de');
    assert.equal(
      redactUrl('/guest/Abc_123-xyz/documents/INV-1', 'staydesk', '/guest/:token/documents/:number'),
      '/guest/[redacted]/documents/INV-1',
    );
    assert.equal(redactUrl('/GUEST/%41bc/pay', 'staydesk'), '/guest/[redacted]/pay');
    assert.equal(redactUrl('/guest/page.css', 'staydesk'), '/guest/page.css');
    assert.equal(
      redactUrl('/x?API%5FKEY=s3cr3t&access_token=t0k&sig=zz&keyword=beach', 'staydesk'),
      '/x?API%5FKEY=[redacted]&access_token=[redacted]&sig=[redacted]&keyword=beach',
    );
  });
});

describe(`mail log lines carry the guest's address only at debug level (${testStoreKind})`, () => {
  async function runWorkerAt(level: 'info' | 'debug'): Promise<{ text: string; email: string }> {
    const a = await makeAccommodation(ctx.db);
    const email = `guest-${level}-${Date.now()}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/${ctx.config.slug}/bookings`,
      headers: { authorization: `Bearer ${apiKey}` },
      payload: bookingBody(a.id, futureStay(2), { booking: { total_amount: 275 }, partner: { email } }),
    });
    assert.equal(res.statusCode, 200, res.body);
    const out: string[] = [];
    const log = pino({ level }, { write: (line: string) => void out.push(line) });
    const worker = createMailDelivery({
      db: ctx.db,
      config: { smtpUrl: null, mailFrom: 'x@staydesk.test' },
      metrics: ctx.metrics,
      log,
      now: () => new Date(),
      worker: 'log-test',
    });
    await worker.run();
    worker.close();
    return { text: out.join(''), email };
  }

  test('at info the mail is logged without the address', async () => {
    const { text, email } = await runWorkerAt('info');
    assert.ok(text.includes('mail kept in the outbox'), text);
    assert.ok(!text.includes(email), 'no guest address at info');
  });

  test('at debug the address is there', async () => {
    const { text, email } = await runWorkerAt('debug');
    assert.ok(text.includes(email));
  });
});

describe(`the desk's quote and the console's searches leave nothing personal in the log (${testStoreKind})`, () => {
  test('no guest e-mail, phone, name, internal note or CSRF token in any request line', async () => {
    const host = await signIn({ app, ctx });
    const a = await makeAccommodation(ctx.db, { name: 'Log House' });
    const stay = futureStay(2);
    const personal = {
      guest_first_name: 'Zebedee',
      guest_last_name: 'Quillfeather',
      guest_email: 'zebedee.quill@example.com',
      guest_phone: '+41 79 555 01 23',
      internal_note: 'keysafe code 4711',
    };
    lines.length = 0;
    const quoted = await host.post('/admin/bookings/new/quote', {
      accommodation_id: String(a.id),
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
      adults_count: '2',
      ...personal,
    });
    assert.equal(quoted.statusCode, 200, quoted.body);
    assert.match(quoted.body, /2 night\(s\) at Log House/);
    const made = await host.post('/admin/bookings/new', {
      accommodation_id: String(a.id),
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
      adults_count: '2',
      source: 'phone',
      payment_method: 'cash',
      ...personal,
    });
    assert.equal(made.statusCode, 303, made.body);
    // Searches by each thing a host types to find a guest, and an address an old form would have sent.
    for (const q of [personal.guest_email, personal.guest_last_name, '41795550123', `${personal.guest_first_name} x`]) {
      const found = await host.get(`/admin/bookings?q=${encodeURIComponent(q)}&status=confirmed`);
      assert.equal(found.statusCode, 200);
    }
    const found = await host.get(`/admin/bookings?q=${encodeURIComponent(personal.guest_email)}`);
    assert.match(found.body, /Quillfeather/, 'the search finds the booking');
    const old = new URLSearchParams({ ...personal, accommodation_id: String(a.id), _csrf: host.csrf });
    await host.get(`/admin/bookings/new?${old.toString()}`);
    const api = await app.inject({
      method: 'GET',
      url: `/admin/api/bookings?q=${encodeURIComponent(personal.guest_email)}`,
      headers: { authorization: `Bearer ${(await createApiKey(ctx.db, { name: 'log admin', scope: 'admin' })).key}` },
    });
    assert.equal(api.statusCode, 200, api.body);

    const text = logText();
    assert.ok(text.includes('/admin/bookings/new/quote'), 'the quote was logged');
    assert.ok(text.includes('/admin/bookings?q=[redacted]&status=confirmed'), 'a search is logged, its text redacted');
    assert.ok(text.includes('/admin/api/bookings?q=[redacted]'), "the admin API's search too");
    assert.ok(text.includes(`accommodation_id=${a.id}`), 'plain parameters stay');
    const encoded = (v: string) => [v, encodeURIComponent(v), new URLSearchParams({ v }).toString().slice(2)];
    for (const value of [...Object.values(personal), '41795550123', host.csrf])
      for (const form of encoded(value)) assert.ok(!text.includes(form), `a log line contains ${form}`);
    for (const word of ['Zebedee', 'Quillfeather', 'zebedee', '4711']) assert.ok(!text.includes(word), word);
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { quoteStay } from '../../src/pricing/quote-stay.ts';
import { claimNights } from '../../src/occupancy/night-ledger.ts';
import { addDays, eachDate, todayIn } from '../../src/shared/dates.ts';
import { bookingBody, futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { postSignIn, signIn, type ConsoleClient } from '../support/console-client.ts';
import { consolePages } from '../support/console-pages.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The console's pages over HTTP, on the store TEST_DATABASE_URL selects: each action goes through
// the domain code and its effect is checked in the store, and errors appear beside their field.

let t: TestApp;
let host: ConsoleClient;
before(async () => {
  t = await createTestApp();
  host = await signIn(t);
});
after(async () => {
  await t.close();
});

function location(res: { headers: Record<string, unknown> }): string {
  return String(res.headers.location);
}

/** The text of the element with this id (an error beside a field). */
function errorFor(body: string, name: string): string | undefined {
  return new RegExp(`id="err-${name}"[^>]*>([^<]*)<`).exec(body)?.[1];
}

describe(`console pages (${testStoreKind})`, () => {
  test('every page renders for a signed-in host', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const b = await insertBooking(t.ctx.db, a, futureStay(3));
    const pages = consolePages({ booking: b.id, accommodation: a.id });
    assert.ok(pages.length >= 10, 'the registry lists the pages');
    for (const { url } of pages) {
      const res = await host.get(url);
      assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`);
      assert.match(String(res.headers['content-type']), /text\/html/);
      assert.match(res.body, /<main id="main"/);
      assert.match(String(res.headers['content-security-policy']), /default-src 'none'/);
    }
  });

  test('creating an accommodation goes through the admin rules; a bad field is named beside it', async () => {
    const bad = await host.post('/admin/accommodations', {
      name: 'Chalet',
      base_price: '-5',
      max_guests: '4',
      currency: 'EUR',
    });
    assert.equal(bad.statusCode, 400);
    assert.equal(errorFor(bad.body, 'base_price'), 'Enter at least 0.');
    const decimals = await host.post('/admin/accommodations', {
      name: 'Chalet',
      base_price: '100.123',
      max_guests: '4',
      currency: 'EUR',
    });
    assert.equal(decimals.statusCode, 400, 'the domain refuses three decimals of EUR');
    assert.ok(errorFor(decimals.body, 'base_price') !== undefined, decimals.body);
    const created = await host.post('/admin/accommodations', {
      name: 'Chalet Edelweiss',
      base_price: '180.50',
      max_guests: '6',
      currency: 'CHF',
      timezone: 'Europe/Zurich',
      cleaning_fee: '90',
      tax_rate: '7.7',
      weekly_discount: '10',
      min_stay: '2',
      extras_breakfast: '25',
    });
    assert.equal(created.statusCode, 303, created.body.slice(0, 500));
    const id = Number(/\/admin\/accommodations\/(\d+)/.exec(location(created))?.[1]);
    const row = await t.ctx.db.selectFrom('accommodations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(row.base_price, 18050);
    assert.equal(row.tax_rate_ppm, 77000);
    assert.equal(row.min_stay, 2);
    assert.equal(row.extra_breakfast, 2500);
    assert.equal(row.extra_linen, null);

    const edited = await host.post(`/admin/accommodations/${id}`, {
      name: 'Chalet Edelweiss',
      base_price: '200',
      max_guests: '6',
      currency: 'CHF',
      min_stay: '5',
      max_stay: '3',
    });
    assert.equal(edited.statusCode, 400);
    assert.match(errorFor(edited.body, 'max_stay') ?? '', /must be at least “Minimum stay \(nights\)”/);
    const saved = await host.post(`/admin/accommodations/${id}`, {
      name: 'Chalet Edelweiss',
      base_price: '200',
      max_guests: '6',
      currency: 'CHF',
      min_stay: '2',
    });
    assert.equal(saved.statusCode, 303);
    const after = await t.ctx.db
      .selectFrom('accommodations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(after.base_price, 20000);
    assert.equal(after.extra_breakfast, null, 'an extra left empty is no longer offered, as in the admin API');
  });

  test('seasonal prices and blocks from the calendar and the accommodation page', async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Calendar House' });
    const stay = futureStay(3, 20);
    const month = stay.checkin.slice(0, 7);
    const priced = await host.post('/admin/calendar/price', {
      accommodation: String(a.id),
      from: stay.checkin,
      to: stay.checkout,
      price: '150',
      month,
    });
    assert.equal(priced.statusCode, 303);
    const prices = await t.ctx.db
      .selectFrom('nightly_prices')
      .select(['night', 'price'])
      .where('accommodation_id', '=', a.id)
      .execute();
    assert.equal(prices.length, 3);
    assert.ok(prices.every((p) => p.price === 15000));

    const blocked = await host.post(`/admin/accommodations/${a.id}/blocks`, {
      from: stay.checkin,
      to: addDays(stay.checkin, 2),
      reason: 'painting',
    });
    assert.equal(blocked.statusCode, 303);
    const again = await host.post('/admin/calendar/block', {
      accommodation: String(a.id),
      from: addDays(stay.checkin, 1),
      to: stay.checkout,
      month,
    });
    assert.equal(again.statusCode, 409, 'a taken night is refused');
    assert.match(again.body, new RegExp(addDays(stay.checkin, 1)), 'naming the night');
    const backwards = await host.post('/admin/calendar/block', {
      accommodation: String(a.id),
      from: stay.checkout,
      to: stay.checkin,
      month,
    });
    assert.equal(backwards.statusCode, 400);
    assert.ok(errorFor(backwards.body, 'to') !== undefined, 'the range error is beside "to"');

    const calendar = await host.get(`/admin/calendar?month=${month}`);
    assert.match(calendar.body, /Blocked: painting/);
    assert.match(calendar.body, /150\.00/);
    const page = await host.get(`/admin/accommodations/${a.id}`);
    assert.match(page.body, /painting/);
    assert.match(page.body, /\(3 nights\): €150\.00 per night/, 'the seasonal price is listed, arrival → departure');
    const unblocked = await host.post(`/admin/accommodations/${a.id}/unblock`, {
      from: stay.checkin,
      to: addDays(stay.checkin, 2),
    });
    assert.equal(unblocked.statusCode, 303);
    const claims = await t.ctx.db
      .selectFrom('night_claims')
      .select('night')
      .where('accommodation_id', '=', a.id)
      .execute();
    assert.equal(claims.length, 0);
  });

  test('a booking made through the v1 API shows in the calendar and the list; the host cancels it and the guest is mailed', async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Booked House' });
    const stay = futureStay(4, 30);
    const quote = await quoteStay(t.ctx.db, a, {
      checkin: stay.checkin,
      checkout: stay.checkout,
      guests: 2,
      extras: {},
    });
    const payload = bookingBody(a.id, stay, {
      partner: { first_name: 'Grace', last_name: '<b>Hopper</b>', email: 'grace@example.com' },
      booking: { expected_amount: quote.total / 100 },
    });
    const made = await t.request({ method: 'POST', url: `${t.v1}/bookings`, payload });
    assert.equal(made.statusCode, 200, made.body);
    const booking = await t.ctx.db
      .selectFrom('bookings')
      .selectAll()
      .where('accommodation_id', '=', a.id)
      .executeTakeFirstOrThrow();

    const calendar = await host.get(`/admin/calendar?month=${stay.checkin.slice(0, 7)}`);
    assert.match(calendar.body, new RegExp(`href="/admin/bookings/${booking.id}"`));
    assert.match(calendar.body, /Grace &lt;b&gt;Hopper&lt;\/b&gt;/, 'the guest name is escaped');
    assert.doesNotMatch(calendar.body, /<b>Hopper<\/b>/);
    assert.match(calendar.body, new RegExp(`class="bar c${booking.color_index}`));

    const found = await host.get(`/admin/bookings?q=GRACE@example&accommodation=${a.id}`);
    assert.match(found.body, new RegExp(booking.confirmation_code));
    const notFound = await host.get(`/admin/bookings?q=nobody-like-this&accommodation=${a.id}`);
    assert.doesNotMatch(notFound.body, new RegExp(booking.confirmation_code));
    const byCode = await host.get(`/admin/bookings?q=${booking.confirmation_code.toLowerCase()}`);
    assert.match(byCode.body, new RegExp(`/admin/bookings/${booking.id}`));
    const byStatus = await host.get(`/admin/bookings?status=cancelled&accommodation=${a.id}`);
    assert.doesNotMatch(byStatus.body, new RegExp(booking.confirmation_code));

    const detail = await host.get(`/admin/bookings/${booking.id}`);
    assert.match(detail.body, /Price as quoted/);
    assert.match(detail.body, /grace@example\.com/);

    const cancelled = await host.post(`/admin/bookings/${booking.id}/cancel`, { reason: 'pipe burst' });
    assert.equal(cancelled.statusCode, 303);
    const row = await t.ctx.db
      .selectFrom('bookings')
      .select(['status', 'cancel_reason'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...row }, { status: 'cancelled', cancel_reason: 'pipe burst' });
    const events = await t.ctx.db
      .selectFrom('booking_events')
      .select(['event', 'actor_kind', 'actor_ref'])
      .where('booking_id', '=', booking.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      { ...events.at(-1) },
      { event: 'cancelled', actor_kind: 'host', actor_ref: `console_user:${host.userId}` },
    );
    const mails = await t.ctx.db
      .selectFrom('outbox')
      .select(['template', 'recipient'])
      .where('booking_id', '=', booking.id)
      .orderBy('id')
      .execute();
    assert.deepEqual({ ...mails.at(-1) }, { template: 'booking_cancellation', recipient: 'grace@example.com' });
    const claims = await t.ctx.db
      .selectFrom('night_claims')
      .select('night')
      .where('booking_id', '=', booking.id)
      .execute();
    assert.equal(claims.length, 0, 'its nights are free');
    const page = await host.get(`/admin/bookings/${booking.id}?done=cancelled`);
    assert.match(page.body, /a cancellation mail is queued for the guest/);
    const me = await t.ctx.db
      .selectFrom('users')
      .select('display_name')
      .where('id', '=', host.userId)
      .executeTakeFirstOrThrow();
    assert.ok(page.body.includes(`by ${me.display_name}: pipe burst`), 'the history names who cancelled it');
  });

  test('a booking whose stored extras or address are damaged still shows, and so does its invoice', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const damaged = await insertBooking(t.ctx.db, a, {
      ...futureStay(2),
      row: { extras: '{"breakfast": 12', guest_address: '["street", ' },
    });
    const page = await host.get(`/admin/bookings/${damaged.id}`);
    assert.equal(page.statusCode, 200, page.body.slice(0, 300));
    assert.match(page.body, /Price as quoted/);
    assert.doesNotMatch(page.body, /Extra: /, 'unreadable extras read as none');
    const invoice = await t.request({
      method: 'GET',
      url: `/${t.config.slug}/invoices/${damaged.invoice_token}`,
      key: null,
    });
    assert.equal(invoice.statusCode, 200, invoice.body.slice(0, 300));

    const partly = await insertBooking(t.ctx.db, a, {
      ...futureStay(2),
      row: {
        extras: '{"breakfast": "a lot", "linen": 1500}',
        guest_address: '{"street": "Main Street 1", "city": 7, "country": "Austria"}',
      },
    });
    const shown = (await host.get(`/admin/bookings/${partly.id}`)).body;
    assert.match(shown, /Extra: linen<\/th><td>€15\.00/, 'the readable extra is shown');
    assert.doesNotMatch(shown, /Extra: breakfast/);
    assert.match(shown, /Main Street 1, Austria/, 'the readable parts of the address are shown');
  });

  test('resend confirmation queues the mail again', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const b = await insertBooking(t.ctx.db, a, futureStay(2));
    await t.ctx.db
      .insertInto('inbound_webhook_events')
      .values({
        source: 'payment',
        dedupe_key: `evt_${b.id}`,
        event_type: 'payment_intent.succeeded',
        outcome: 'confirmed',
        detail: null,
        booking_id: b.id,
        received_at: new Date().toISOString(),
      })
      .execute();
    assert.match(
      (await host.get(`/admin/bookings/${b.id}`)).body,
      /card processor payment_intent\.succeeded → confirmed/,
      'the payment events show',
    );
    const res = await host.post(`/admin/bookings/${b.id}/resend`, {});
    assert.equal(res.statusCode, 303);
    const mails = await t.ctx.db.selectFrom('outbox').select('template').where('booking_id', '=', b.id).execute();
    assert.deepEqual(
      mails.map((m) => m.template),
      ['booking_confirmation'],
    );
    const draft = await insertBooking(t.ctx.db, a, { ...futureStay(2), status: 'draft' });
    const refused = await host.post(`/admin/bookings/${draft.id}/resend`, {});
    assert.equal(refused.statusCode, 303, 'a refusal is a redirect too: a reload does not try again');
    assert.match((await host.follow(refused)).body, /role="alert">Only a confirmed booking has a confirmation/);
  });

  test('today lists arrivals, waiting card drafts and what needs attention', async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Arrival House' });
    const today = todayIn('UTC');
    const arriving = await insertBooking(t.ctx.db, a, {
      checkin: addDays(today, 2),
      checkout: addDays(today, 4),
      firstName: 'Arriving',
    });
    const draft = await insertBooking(t.ctx.db, a, { ...futureStay(2), status: 'draft', firstName: 'Waiting' });
    const at = new Date().toISOString();
    await t.ctx.db
      .insertInto('outbox')
      .values({
        kind: 'guest',
        template: 'confirmation',
        booking_id: null,
        recipient: 'x@example.com',
        subject: 'Failed subject',
        body_text: '',
        body_html: '',
        status: 'failed',
        attempts: 10,
        next_attempt_at: at,
        last_error: 'smtp said no',
        created_at: at,
      })
      .execute();
    const lapsed = await insertBooking(t.ctx.db, a, {
      checkin: addDays(today, 5),
      checkout: addDays(today, 6),
      status: 'draft',
      firstName: 'Lapsed',
      holdExpiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const page = await host.get('/admin');
    assert.match(page.body, new RegExp(`href="/admin/bookings/${arriving.id}">Arriving`));
    assert.doesNotMatch(
      page.body,
      new RegExp(`/admin/bookings/${lapsed.id}"`),
      'a draft past its hold neither arrives nor waits',
    );
    assert.match(page.body, new RegExp(`${draft.confirmation_code}</a> Waiting`));
    assert.match(page.body, /smtp said no/);
  });

  test("today is the homes' date when they share a time zone", async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Island House' });
    const utcToday = todayIn('UTC');
    const lastDay = await insertBooking(t.ctx.db, a, {
      checkin: addDays(utcToday, 8),
      checkout: addDays(utcToday, 10),
      firstName: 'LastDay',
    });
    await t.ctx.db.updateTable('accommodations').set({ timezone: 'Pacific/Kiritimati' }).execute();
    try {
      // At 12:00 UTC it is already tomorrow at UTC+14, so the 7 days ahead reach a day further.
      const page = await t.at(new Date(`${utcToday}T12:00:00Z`), () => host.get('/admin'));
      assert.match(page.body, /\(Pacific\/Kiritimati\)/);
      assert.match(page.body, new RegExp(`href="/admin/bookings/${lastDay.id}">LastDay`));
    } finally {
      await t.ctx.db.updateTable('accommodations').set({ timezone: 'UTC' }).execute();
    }
  });

  test('search takes _, % and \\ as plain characters', async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Underscore House' });
    const under = await insertBooking(t.ctx.db, a, { ...futureStay(2), email: 'john_doe@example.com' });
    const plain = await insertBooking(t.ctx.db, a, { ...futureStay(2), email: 'johnxdoe@example.com' });
    const found = await host.get(`/admin/bookings?q=${encodeURIComponent('john_doe')}&accommodation=${a.id}`);
    assert.match(found.body, new RegExp(`/admin/bookings/${under.id}"`), 'an e-mail with an underscore is found');
    assert.doesNotMatch(found.body, new RegExp(`/admin/bookings/${plain.id}"`), '_ matches only an underscore');
    const percent = await host.get(`/admin/bookings?q=${encodeURIComponent('%')}&accommodation=${a.id}`);
    assert.doesNotMatch(percent.body, new RegExp(`/admin/bookings/${under.id}"`), '% matches only a percent sign');
  });

  test('ids beyond the id range are unknown, not an error from the store', async () => {
    for (const url of ['/admin/bookings/9999999999', '/admin/accommodations/9999999999', '/admin/bookings/1e3']) {
      assert.equal((await host.get(url)).statusCode, 404, url);
    }
    const revoke = await host.post('/admin/settings/api-keys/9999999999/revoke', {});
    assert.equal(revoke.statusCode, 404);
  });

  test('outbox: a failed mail can be retried once more', async () => {
    const at = new Date().toISOString();
    const mail = await t.ctx.db
      .insertInto('outbox')
      .values({
        kind: 'guest',
        template: 'confirmation',
        booking_id: null,
        recipient: 'y@example.com',
        subject: 'Retry me',
        body_text: '',
        body_html: '',
        status: 'failed',
        attempts: 10,
        next_attempt_at: at,
        last_error: 'boom',
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await host.get('/admin/outbox?status=failed');
    assert.match(list.body, /Retry me/);
    assert.match(list.body, /boom/);
    const res = await host.post(`/admin/outbox/${mail.id}/retry`, {});
    assert.equal(location(res), '/admin/outbox?done=retried');
    const row = await t.ctx.db
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .where('id', '=', mail.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...row }, { status: 'pending', attempts: 10 });
    const twice = await host.post(`/admin/outbox/${mail.id}/retry`, {});
    assert.equal(location(twice), '/admin/outbox?done=not_failed');
  });

  test('API keys: the secret is shown once and works; revoking stops it at once', async () => {
    const made = await host.post('/admin/settings/api-keys', { name: 'website', scope: 'api' });
    assert.equal(made.statusCode, 303, 'answered with a redirect: a reload creates no second key');
    const created = await host.follow(made);
    const key = /value="(sdk_[A-Za-z0-9_-]+)"/.exec(created.body)?.[1];
    assert.ok(key !== undefined, 'the new key is on the page');
    assert.equal((await t.request({ method: 'GET', url: `${t.v1}/test`, key })).statusCode, 200);
    for (const page of ['/admin/settings', '/admin/settings/integrations']) {
      assert.doesNotMatch((await host.get(page)).body, new RegExp(key), 'never shown again');
    }
    const record = await t.ctx.db
      .selectFrom('api_keys')
      .select('id')
      .where('name', '=', 'website')
      .executeTakeFirstOrThrow();
    const revoked = await host.post(`/admin/settings/api-keys/${record.id}/revoke`, {});
    assert.equal(revoked.statusCode, 303);
    assert.equal((await t.request({ method: 'GET', url: `${t.v1}/test`, key })).statusCode, 401);
    const blank = await host.post('/admin/settings/api-keys', { name: '' });
    assert.equal(errorFor(blank.body, 'name'), 'This cannot be empty.');
  });

  test("settings are split: the host's business and bank on one page, keys, secrets and mail on the other", async () => {
    const own = await host.get('/admin/settings');
    assert.match(own.body, /Your business/);
    assert.match(own.body, /Bank details/);
    assert.doesNotMatch(own.body, /API keys|Signing secrets/);
    const integrations = await host.get('/admin/settings/integrations');
    assert.match(integrations.body, /API keys/);
    assert.match(integrations.body, /Signing secrets/);
    assert.match(integrations.body, /SMTP_URL/);
    assert.doesNotMatch(integrations.body, /Bank details/);

    const badIban = await host.post('/admin/settings/bank', {
      bank_details_account_holder: 'Seaside Lets',
      bank_details_iban: 'DE88 3704 0044 0532 0130 00',
    });
    assert.equal(badIban.statusCode, 400);
    assert.match(errorFor(badIban.body, 'bank_details_iban') ?? '', /check digits/);
    const noHolder = await host.post('/admin/settings/bank', { bank_details_iban: 'DE89370400440532013000' });
    assert.equal(noHolder.statusCode, 400);
    assert.equal(errorFor(noHolder.body, 'bank_details_account_holder'), 'This cannot be empty.');
    const bank = await host.post('/admin/settings/bank', {
      bank_details_account_holder: 'Seaside Lets',
      bank_details_iban: 'DE89 3704 0044 0532 0130 00',
      bank_details_bic: '',
    });
    assert.equal(location(bank), '/admin/settings?done=bank');
    const business = await host.post('/admin/settings/business', {
      business_name: 'Seaside Lets',
      business_address: 'Harbour Road 1\n24937 Flensburg',
      business_email: 'not-an-address',
    });
    assert.equal(business.statusCode, 400);
    assert.ok(errorFor(business.body, 'business_email') !== undefined);
    const saved = await host.post('/admin/settings/business', {
      business_name: 'Seaside Lets',
      business_address: 'Harbour Road 1\n24937 Flensburg',
      business_tax_id: 'DE123456789',
    });
    assert.equal(location(saved), '/admin/settings?done=business');
    const api = (await t.admin('GET', '/admin/api/settings')).json<{
      data: { business: { name: string; address: string }; bank_details: { iban: string; bic: string | null } };
    }>().data;
    assert.equal(api.business.name, 'Seaside Lets');
    assert.equal(api.business.address, 'Harbour Road 1\n24937 Flensburg');
    assert.deepEqual([api.bank_details.iban, api.bank_details.bic], ['DE89370400440532013000', null]);
    const shown = await host.get('/admin/settings?done=bank');
    assert.match(shown.body, /The bank details are saved/);
    assert.match(shown.body, /value="DE89 3704 0044 0532 0130 00"/);

    const mail = await host.post('/admin/settings/integrations/test-mail', { recipient: 'host@example.com' });
    assert.equal(location(mail), '/admin/settings/integrations?done=test_mail');
    const queued = await t.ctx.db
      .selectFrom('outbox')
      .select(['recipient', 'status'])
      .where('template', '=', 'test')
      .execute();
    assert.deepEqual(
      queued.map((m) => ({ ...m })),
      [{ recipient: 'host@example.com', status: 'pending' }],
    );
    const noRecipient = await host.post('/admin/settings/integrations/test-mail', { recipient: 'nope' });
    assert.equal(noRecipient.statusCode, 400);
    await host.post('/admin/settings/business', {});
    assert.equal(
      (await t.admin('GET', '/admin/api/settings')).json<{ data: { business: null } }>().data.business,
      null,
    );
  });

  test('signing secrets: generated or set, shown once, too short refused', async () => {
    const generated = await host.follow(await host.post('/admin/settings/secrets/webhook/generate', {}));
    const secret = /id="new-secret" class="secret" readonly value="(whsk_[0-9a-f]{64})"/.exec(generated.body)?.[1];
    assert.ok(secret !== undefined);
    const stored = await t.ctx.db
      .selectFrom('settings')
      .select('value')
      .where('name', '=', 'webhook_secret')
      .executeTakeFirstOrThrow();
    assert.equal(stored.value, secret);
    assert.doesNotMatch((await host.get('/admin/settings/integrations')).body, new RegExp(secret));
    const short = await host.post('/admin/settings/secrets/payment', { payment_secret: 'too-short' });
    assert.equal(short.statusCode, 400);
    assert.ok(errorFor(short.body, 'payment_secret') !== undefined);
    const set = await host.post('/admin/settings/secrets/payment', { payment_secret: 'whsec_'.padEnd(40, 'x') });
    assert.equal(set.statusCode, 303);
    const payment = await t.ctx.db
      .selectFrom('settings')
      .select('value')
      .where('name', '=', 'payment_webhook_secret')
      .executeTakeFirstOrThrow();
    assert.equal(payment.value, 'whsec_'.padEnd(40, 'x'));
  });

  test('console users: a new one gets a password shown once and can sign in; a taken login is refused by the field', async () => {
    const added = await host.post('/admin/settings/console-users', {
      login: 'front.desk',
      name: 'Frida Desk',
      role: 'front_desk',
    });
    assert.equal(added.statusCode, 303);
    const created = await host.follow(added);
    const password = /id="new-secret" class="secret" readonly value="([^"]+)"/.exec(created.body)?.[1];
    assert.ok(password !== undefined, 'the password is on the page');
    assert.ok(!(await host.get('/admin/settings')).body.includes(password), 'never shown again');
    const stored = await t.ctx.db
      .selectFrom('users')
      .select(['password_hash', 'role'])
      .where('login', '=', 'front.desk')
      .executeTakeFirstOrThrow();
    assert.equal(stored.role, 'front_desk');
    assert.ok(!stored.password_hash.includes(password), 'only a hash is stored');
    const signedIn = await postSignIn(t.app, { login: 'front.desk', password });
    assert.equal(signedIn.statusCode, 303, 'the new user signs in with the password shown');
    const taken = await host.post('/admin/settings/console-users', { login: 'front.desk', role: 'manager' });
    assert.equal(taken.statusCode, 409);
    assert.match(errorFor(taken.body, 'login') ?? '', /already exists/);
    const bad = await host.post('/admin/settings/console-users', { login: 'x', role: 'manager' });
    assert.equal(bad.statusCode, 400);
    assert.ok(errorFor(bad.body, 'login') !== undefined);
  });

  test('money and dates follow the browser locale and the accommodation currency', async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Locale House', currency: 'EUR', base_price: 123456 });
    const de = await t.app.inject({
      method: 'GET',
      url: '/admin/accommodations',
      headers: { cookie: host.cookie, 'accept-language': 'de-DE,de;q=0.9' },
    });
    assert.match(de.body, /1\.234,56\s€/);
    const en = await t.app.inject({
      method: 'GET',
      url: '/admin/accommodations',
      headers: { cookie: host.cookie, 'accept-language': 'en-US' },
    });
    assert.match(en.body, /€1,234\.56/);
    assert.ok(a.id > 0);
  });
});

describe(`console: imported stays, drafts and what needs attention (${testStoreKind})`, () => {
  test('the calendar marks imported stays by their channel and hatches live drafts; an expired draft shows nothing', async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Channel House' });
    const stay = futureStay(2, 50);
    const at = new Date().toISOString();
    const feed = await t.ctx.db
      .insertInto('external_feeds')
      .values({
        accommodation_id: a.id,
        name: 'airbnb',
        url: 'https://example.com/a.ics',
        created_at: at,
        last_synced_at: at,
        last_status: 'failed',
        last_error: 'HTTP 500 from the feed',
        last_success_at: null,
        consecutive_failures: 3,
        etag: null,
        last_modified: null,
        next_attempt_at: null,
        export_token: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reservation = await t.ctx.db
      .insertInto('external_reservations')
      .values({
        feed_id: feed.id,
        accommodation_id: a.id,
        uid: 'u1',
        summary: 'Reserved',
        start_date: stay.checkin,
        end_date: stay.checkout,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await claimNights(
      t.ctx.db,
      {
        accommodationId: a.id,
        nights: eachDate(stay.checkin, stay.checkout),
        kind: 'external',
        externalReservationId: reservation.id,
      },
      at,
    );
    const live = await insertBooking(t.ctx.db, a, { ...futureStay(2, 53), status: 'draft', firstName: 'Live' });
    const expired = await insertBooking(t.ctx.db, a, {
      ...futureStay(2, 56),
      status: 'draft',
      firstName: 'Expired',
      holdExpiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const months = new Set([stay.checkin, live.checkin, expired.checkin].map((d) => d.slice(0, 7)));
    const bodies = await Promise.all([...months].map(async (m) => (await host.get(`/admin/calendar?month=${m}`)).body));
    const all = bodies.join('\n');
    assert.match(all, /airbnb: Reserved/);
    assert.match(all, new RegExp(`class="bar c\\d draft" href="/admin/bookings/${live.id}"`));
    assert.doesNotMatch(all, new RegExp(`/admin/bookings/${expired.id}"`), 'an expired hold holds nothing');

    await t.ctx.db
      .insertInto('payment_issues')
      .values({
        booking_id: null,
        kind: 'amount_mismatch',
        payment_intent_id: 'pi_1',
        amount: 100,
        currency: 'eur',
        detail: 'paid 1.00 instead of 99.00',
        created_at: at,
        resolved_at: null,
      })
      .execute();
    const today = await host.get('/admin');
    assert.match(today.body, /feed “airbnb”: HTTP 500 from the feed \(3 time\(s\) in a row\)/);
    assert.match(today.body, /amount mismatch: paid 1\.00 instead of 99\.00/);
  });
});

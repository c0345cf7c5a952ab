import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { signIn, type ConsoleClient } from '../support/console-client.ts';
import { futureStay, insertBooking, insertFeed, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Every console form that comes back with errors says them in a host's words, lists them above
// the form in an error summary (an alert) that links each to its field, and marks the field.

let t: TestApp;
let host: ConsoleClient;
let home: Accommodation;
let bookingId: number;
let feedId: number;

before(async () => {
  t = await createTestApp();
  host = await signIn(t);
  home = await makeAccommodation(t.ctx.db, { name: 'Form House' });
  bookingId = (await insertBooking(t.ctx.db, home, futureStay(2))).id;
  feedId = (await insertFeed(t.ctx.db, home.id, 'airbnb')).id;
  await createApiKey(t.ctx.db, { name: 'partner', scope: 'api' });
});
after(async () => {
  await t.close();
});

/** What a validator says and a host should never read. */
const VALIDATOR_WORDS = /must (match|have|NOT)|format "|pattern "|allowed values|instancePath|\bNaN\b|undefined/;

interface Case {
  form: string;
  url: () => string;
  body: () => Record<string, string>;
  /** Each field refused: the label the summary names it by and the message it gets. */
  fields: Record<string, { label: string; message?: RegExp }>;
}

const EMAIL = /Enter an e-mail address like name@example\.com/;

const CASES: Case[] = [
  {
    form: 'new booking',
    url: () => '/admin/bookings/new',
    body: () => ({
      accommodation_id: String(home.id),
      checkin_date: '2031-02-30x',
      checkout_date: '',
      adults_count: 'two',
      guest_first_name: '',
      guest_last_name: 'Santos',
      guest_email: 'maria at example',
      payment_method: 'gold',
    }),
    fields: {
      checkin_date: { label: 'Arrival', message: /Enter a date like 2027-07-03\./ },
      checkout_date: { label: 'Departure' },
      adults_count: { label: 'Adults', message: /Enter a whole number, like 2\./ },
      guest_first_name: { label: 'First name', message: /This cannot be empty\./ },
      guest_email: { label: 'E-mail', message: EMAIL },
      payment_method: { label: 'Payment method', message: /Choose one of: bank transfer, cash/ },
    },
  },
  {
    form: 'edit booking',
    url: () => `/admin/bookings/${bookingId}/edit`,
    body: () => ({ checkin_date: 'soon', checkout_date: '2031-01-01', adults_count: '-1', price: 'reprice' }),
    fields: {
      checkin_date: { label: 'Arrival', message: /Enter a date like/ },
      adults_count: { label: 'Adults', message: /Enter at least 1\./ },
    },
  },
  {
    form: 'payment',
    url: () => `/admin/bookings/${bookingId}/payments`,
    body: () => ({ amount: 'ten', method: 'cash', received_on: 'yesterday' }),
    fields: {
      amount: { label: 'Amount (EUR)', message: /Enter a number, like 120\.50\./ },
      received_on: { label: 'Received on', message: /Enter a date like/ },
    },
  },
  {
    form: 'new accommodation',
    url: () => '/admin/accommodations',
    body: () => ({ name: '', base_price: 'x', max_guests: '2', currency: 'EUR' }),
    fields: {
      name: { label: 'Name', message: /This is required\./ },
      base_price: { label: 'Base price per night', message: /Enter a number/ },
    },
  },
  {
    form: 'seasonal price',
    url: () => `/admin/accommodations/${home.id}/prices`,
    body: () => ({ from: 'x', to: '2031-01-01', price: 'cheap' }),
    fields: {
      from: { label: 'First night', message: /Enter a date like/ },
      price: { label: 'Price per night', message: /Enter a number/ },
    },
  },
  {
    form: 'blocked nights',
    url: () => `/admin/accommodations/${home.id}/blocks`,
    body: () => ({ from: '2031-01-05', to: 'x' }),
    fields: { to: { label: 'Until (the night after the last)', message: /Enter a date like/ } },
  },
  {
    form: 'new calendar feed',
    url: () => `/admin/accommodations/${home.id}/feeds`,
    body: () => ({ name: 'air bnb!', url: 'not a url' }),
    fields: { name: { label: 'Channel name', message: /Use only letters, digits, “-” and “_”, without spaces\./ } },
  },
  {
    form: "a feed's new URL",
    url: () => `/admin/accommodations/${home.id}/feeds/${feedId}`,
    body: () => ({ url: 'not a url' }),
    fields: { url: { label: 'New iCal URL for airbnb', message: /^“New iCal URL for airbnb” must be an absolute/ } },
  },
  {
    form: 'calendar block',
    url: () => '/admin/calendar/block',
    body: () => ({ accommodation: String(home.id), from: 'x', to: '' }),
    fields: { from: { label: 'First night', message: /Enter a date like/ } },
  },
  {
    form: 'calendar price',
    url: () => '/admin/calendar/price',
    body: () => ({ accommodation: String(home.id), from: '2031-01-01', to: '2031-01-03', price: 'lots' }),
    fields: { price: { label: 'Price per night', message: /Enter a number/ } },
  },
  {
    form: 'event endpoint',
    url: () => '/admin/endpoints',
    body: () => ({ api_key_id: '1', url: 'not a url' }),
    fields: { url: { label: 'URL that receives the events' } },
  },
  {
    form: 'signing secret',
    url: () => '/admin/settings/secrets/webhook',
    body: () => ({ webhook_secret: 'short' }),
    fields: { webhook_secret: { label: 'Set the webhook signing secret', message: /Use at least 32 characters\./ } },
  },
  {
    form: 'test mail',
    url: () => '/admin/settings/integrations/test-mail',
    body: () => ({ recipient: 'me at home' }),
    fields: { recipient: { label: 'Send a test mail to', message: EMAIL } },
  },
  {
    form: 'business details',
    url: () => '/admin/settings/business',
    body: () => ({ business_name: 'Lets', business_address: 'Road 1', business_email: 'lets at example' }),
    fields: { business_email: { label: 'Contact e-mail', message: EMAIL } },
  },
  {
    form: 'bank details',
    url: () => '/admin/settings/bank',
    body: () => ({ bank_details_account_holder: 'Lets', bank_details_iban: 'DE00', bank_details_bic: '??' }),
    fields: { bank_details_iban: { label: 'IBAN' } },
  },
  {
    form: 'alert address',
    url: () => '/admin/settings/host-email',
    body: () => ({ host_email: 'alerts at example' }),
    fields: { host_email: { label: 'Mail overbooking alerts to', message: EMAIL } },
  },
  {
    form: 'console user',
    url: () => '/admin/settings/console-users',
    body: () => ({ login: 'x', email: 'not an address' }),
    fields: { login: { label: 'Login' }, email: { label: 'E-mail' }, role: { label: 'Role' } },
  },
];

describe(`console form errors in a host's words, listed above the form (${testStoreKind})`, () => {
  for (const c of CASES) {
    test(`${c.form}: an error summary linked to the fields, no validator words`, async () => {
      const res = await host.post(c.url(), c.body());
      assert.equal(res.statusCode, 400, `${c.form}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const summary = /<div class="error-summary" role="alert"[\s\S]*?<\/div>/.exec(res.body)?.[0];
      assert.ok(summary !== undefined, `${c.form}: no error summary`);
      const firstField = res.body.indexOf('<label', res.body.indexOf(`action="${c.url()}"`));
      assert.ok(res.body.indexOf(summary) < firstField, `${c.form}: the summary comes before the form's fields`);
      const text = res.body.replace(/<[^>]+>/g, ' ');
      assert.doesNotMatch(text, VALIDATOR_WORDS, c.form);
      for (const [name, expected] of Object.entries(c.fields)) {
        const link = new RegExp(`<li><a href="#([^"]+)">${expected.label.replace(/[()]/g, '\\$&')}</a>: ([^<]+)</li>`);
        const match = link.exec(summary);
        assert.ok(match, `${c.form}: ${name} is not listed by its label in ${summary}`);
        const [, id = '', message = ''] = match;
        assert.match(res.body, new RegExp(`id="${id}"`), `${c.form}: the link to ${name} leads to its field`);
        if (expected.message !== undefined) assert.match(message, expected.message, `${c.form}: ${name}`);
        assert.ok(!message.startsWith(`${name} `) && !message.includes(`${name}_`), `${c.form}: no API name`);
        if (name.includes('_')) assert.ok(!message.includes(name), `${c.form}: no API name in ${message}`);
        assert.match(res.body, new RegExp(`id="err-${name}"`), `${c.form}: the error stands beside ${name} too`);
      }
    });
  }
});

describe(`the accommodation form names a maximum stay below the minimum with its other errors (${testStoreKind})`, () => {
  const summaryOf = (body: string) => /<div class="error-summary"[\s\S]*?<\/div>/.exec(body)?.[0] ?? '';

  test('creating: a bad price, an empty name and min stay > max stay, all in one answer', async () => {
    const res = await host.post('/admin/accommodations', {
      name: '',
      base_price: 'x',
      max_guests: '2',
      currency: 'EUR',
      min_stay: '7',
      max_stay: '3',
    });
    assert.equal(res.statusCode, 400);
    const summary = summaryOf(res.body);
    assert.match(summary, /3 fields need a change/);
    assert.match(
      summary,
      /<a href="#f-max_stay">Maximum stay \(nights\)<\/a>: “Maximum stay \(nights\)” \(3\) must be at least “Minimum stay \(nights\)” \(7\)\./,
    );
    assert.match(res.body, /id="err-max_stay"/);
    assert.match(res.body, /id="err-base_price"/);
  });

  test('creating: a minimum above the default maximum is named beside a bad field', async () => {
    const res = await host.post('/admin/accommodations', {
      name: 'Long Stay',
      base_price: '100',
      max_guests: 'many',
      currency: 'EUR',
      min_stay: '400',
    });
    assert.equal(res.statusCode, 400);
    const summary = summaryOf(res.body);
    assert.match(summary, /2 fields need a change/);
    assert.match(summary, /<a href="#f-min_stay">Minimum stay \(nights\)<\/a>: .*\(365\) must be at least .*\(400\)/);
  });

  test('editing: the stored maximum against a new minimum, with a bad time zone from the domain', async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Edit Stay', min_stay: 1, max_stay: 10 });
    const res = await host.post(`/admin/accommodations/${a.id}`, {
      name: 'Edit Stay',
      base_price: '100',
      max_guests: '2',
      currency: 'EUR',
      timezone: 'Mars/Olympus',
      min_stay: '14',
    });
    assert.equal(res.statusCode, 400);
    const summary = summaryOf(res.body);
    assert.match(summary, /2 fields need a change/);
    assert.match(summary, /href="#f-timezone"/);
    assert.match(summary, /href="#f-min_stay"/);
    const row = await t.ctx.db
      .selectFrom('accommodations')
      .selectAll()
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.min_stay, 1, 'nothing changed');
  });
});

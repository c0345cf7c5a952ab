import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Accommodation } from '../../src/db/schema.ts';
import { addDays } from '../../src/shared/dates.ts';
import { futureStay, makeAccommodation } from '../support/factories.ts';
import { paymentIntentEvent, postPaymentEvent } from '../support/payment-client.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { startCheckoutStandIn, type CheckoutStandIn } from '../support/stripe-checkout-stand-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The guest's page (docs/guest-page.md): its address and its renewal, what it shows as the stay
// comes near, its documents, the limit on guessing, and the balance paid by card through a
// Checkout Session of the `stripe` package pointed at a local stand-in, confirmed by the signed
// payment webhook; on the store TEST_DATABASE_URL selects.

const SECRET = 'whsec_guest_page_test';
let t: TestApp;
let processor: CheckoutStandIn;
let home: Accommodation;

before(async () => {
  processor = await startCheckoutStandIn();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_guest_page',
    STRIPE_API_BASE: processor.url,
    PAYMENT_WEBHOOK_SECRET: SECRET,
  });
  home = await makeAccommodation(t.ctx.db, {
    name: 'Casa Limone',
    language: 'it',
    address: 'Via Roma 1\n84017 Positano',
    arrival_instructions: 'The key box is left of the gate.',
    door_code: '4711',
    door_code_days: 2,
    wifi_name: 'Limone',
    wifi_password: 'lemons<3',
  });
});
after(async () => {
  await t.close();
  await processor.close();
});

interface Desk {
  id: number;
  confirmation_code: string;
  guest_url: string;
  payment: { balance: number; amount_due: number; state: string };
  events: { event: string }[];
}

async function byHand(stay: { checkin: string; checkout: string }, body: Record<string, unknown> = {}): Promise<Desk> {
  const res = await t.admin('POST', '/admin/api/bookings', {
    accommodation_id: home.id,
    checkin_date: stay.checkin,
    checkout_date: stay.checkout,
    adults_count: 2,
    guest: { first_name: 'Giulia', last_name: 'Bianchi', email: 'giulia@example.com' },
    ...body,
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: Desk }>().data;
}

async function desk(id: number): Promise<Desk> {
  const res = await t.admin('GET', `/admin/api/bookings/${id}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: Desk }>().data;
}

const pathOf = (url: string) => new URL(url).pathname;

async function page(url: string, query = '') {
  return t.request({ method: 'GET', url: `${pathOf(url)}${query}`, key: null });
}

/** Midday UTC of a date, as the app's clock. */
const noon = (date: string) => Date.parse(`${date}T12:00:00Z`);

describe(`the guest's page (${testStoreKind})`, () => {
  test('guest_url is absolute under PUBLIC_BASE_URL; the page answers; unknown and malformed tokens are a bare 404', async () => {
    const b = await byHand(futureStay(3));
    assert.match(b.guest_url, /^http:\/\/staydesk\.test\/guest\/[A-Za-z0-9_-]{43}$/);
    const res = await page(b.guest_url);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.headers['content-type'] ?? '', /^text\/html/);
    assert.equal(res.headers['referrer-policy'], 'no-referrer');
    assert.match(String(res.headers['cache-control']), /no-store/);
    assert.match(res.body, /<html lang="it">/, "in the home's language when the booking names none");
    assert.match(res.body, /Casa Limone/);
    assert.match(res.body, new RegExp(b.confirmation_code));
    assert.match(res.body, /Via Roma 1<br>84017 Positano/);
    assert.doesNotMatch(res.body, /<script/);
    for (const url of ['/guest/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/guest/x', '/guest/..%2F..']) {
      const missing = await t.request({ method: 'GET', url, key: null });
      assert.equal(missing.statusCode, 404, url);
      assert.match(missing.body, /This page does not exist\./);
      assert.doesNotMatch(missing.body, /revoked|booking|token/i);
    }
    const english = await page(b.guest_url, '?lang=en');
    assert.match(english.body, /<html lang="en">/);
    assert.match(english.body, /Your stay at Casa Limone/);
  });

  test('the host gives the page a new address: the old one is a 404 from then on, and the history says so', async () => {
    const b = await byHand(futureStay(2));
    const res = await t.checkedRequest({
      method: 'POST',
      url: `/admin/api/bookings/${b.id}/guest-url`,
      key: t.adminKey,
    });
    assert.equal(res.statusCode, 200, res.body);
    const renewed = res.json<{ data: Desk }>().data;
    assert.notEqual(renewed.guest_url, b.guest_url);
    assert.equal((await page(b.guest_url)).statusCode, 404);
    assert.equal((await page(renewed.guest_url)).statusCode, 200);
    assert.equal((await desk(b.id)).guest_url, renewed.guest_url);
    assert.equal(renewed.events.at(-1)?.event, 'guest_url_renewed');
    const unknown = await t.admin('POST', '/admin/api/bookings/999999/guest-url');
    assert.equal(unknown.statusCode, 404, unknown.body);
    assertMatchesOpenApi(t.app, 'POST', '/admin/api/bookings/999999/guest-url', unknown);
  });

  test('the door code: from door_code_days before arrival, and only once nothing is due; never after the stay', async () => {
    const stay = futureStay(3);
    const b = await byHand(stay);
    const threeBefore = noon(addDays(stay.checkin, -3));
    const twoBefore = noon(addDays(stay.checkin, -2));
    const english = (at: number) => t.at(at, () => page(b.guest_url, '?lang=en'));

    let res = await english(threeBefore);
    assert.doesNotMatch(res.body, /4711/);
    assert.doesNotMatch(res.body, /lemons/);
    assert.match(res.body, /The door code and Wi-Fi appear here on .+, once the balance is paid\./);
    res = await english(twoBefore);
    assert.doesNotMatch(res.body, /4711/, 'something is still due');
    assert.match(res.body, /appear here once the balance is paid\./);

    const paid = await t.admin('POST', `/admin/api/bookings/${b.id}/payments`, {
      amount: (await desk(b.id)).payment.balance,
      method: 'bank_transfer',
    });
    assert.equal(paid.statusCode, 201, paid.body);
    res = await english(threeBefore);
    assert.doesNotMatch(res.body, /4711/);
    assert.match(res.body, /The door code and Wi-Fi appear here on .+\./);
    res = await english(twoBefore);
    assert.match(res.body, /<dd class="secret">4711<\/dd>/);
    assert.match(res.body, /lemons&lt;3/, 'escaped');
    assert.match(res.body, /Paid in full/);
    res = await english(noon(stay.checkout));
    assert.match(res.body, /4711/, 'still on the day of departure');
    res = await english(noon(addDays(stay.checkout, 1)));
    assert.doesNotMatch(res.body, /4711/);
    assert.doesNotMatch(res.body, /appear here/);
  });

  test('a cancelled booking says so plainly, with its fee, and shows no way in', async () => {
    const stay = futureStay(2, 1);
    const b = await byHand(stay);
    await t.admin('POST', `/admin/api/bookings/${b.id}/payments`, {
      amount: (await desk(b.id)).payment.balance,
      method: 'cash',
    });
    const cancelled = await t.admin('POST', `/admin/api/bookings/${b.id}/cancel`, { notify_guest: false });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const res = await t.at(noon(stay.checkin), () => page(b.guest_url, '?lang=en'));
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /This booking was cancelled on /);
    assert.match(res.body, /No cancellation fee applies\./);
    assert.doesNotMatch(res.body, /4711|Via Roma|Pay the balance/);
  });

  test("documents download through the page with the stored bytes; another booking's number is a 404", async () => {
    const b = await byHand(futureStay(2));
    const other = await byHand(futureStay(2));
    const docs = await t.admin('GET', `/admin/api/bookings/${b.id}/documents`);
    const [invoice] = docs.json<{ data: { number: string; pdf_url: string }[] }>().data;
    assert.ok(invoice, docs.body);
    const res = await page(b.guest_url, '?lang=en');
    assert.match(res.body, new RegExp(`Invoice ${invoice.number}`));
    const link = new RegExp(`href="(/guest/[^"]+/documents/${invoice.number})"`).exec(res.body)?.[1];
    assert.ok(link, res.body);
    const pdf = await t.request({ method: 'GET', url: link, key: null });
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    const admin = await t.admin('GET', pathOf(invoice.pdf_url));
    assert.deepEqual(pdf.rawPayload, admin.rawPayload, 'the stored PDF, byte for byte');
    const theirs = await t.request({
      method: 'GET',
      url: `${pathOf(other.guest_url)}/documents/${invoice.number}`,
      key: null,
    });
    assert.equal(theirs.statusCode, 404);
  });

  test('the balance by card: a Checkout Session through the stand-in, the signed webhook records it, the page shows 0 and the code', async () => {
    const stay = futureStay(3, 1);
    const b = await byHand(stay);
    const balance = Math.round((await desk(b.id)).payment.balance * 100);
    const before = await page(b.guest_url, '?lang=en');
    assert.match(before.body, /<form method="post" action="\/guest\/[^"]+\/pay"/);
    assert.match(before.body, /Pay the balance/);

    const pay = await t.request({
      method: 'POST',
      url: `${pathOf(b.guest_url)}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'lang=de',
      key: null,
    });
    assert.equal(pay.statusCode, 303, pay.body);
    const session = processor.sessions.at(-1);
    assert.ok(session);
    assert.equal(pay.headers.location, `${processor.url}/c/pay/${session.id}`);
    assert.deepEqual(
      {
        mode: session.form.mode,
        currency: session.form['line_items[0][price_data][currency]'],
        amount: session.form['line_items[0][price_data][unit_amount]'],
        reference: session.form['payment_intent_data[metadata][booking_reference]'],
        for: session.form['payment_intent_data[metadata][payment_for]'],
        success: session.form.success_url,
        cancel: session.form.cancel_url,
        locale: session.form.locale,
      },
      {
        mode: 'payment',
        currency: 'eur',
        amount: String(balance),
        reference: b.confirmation_code,
        for: 'balance',
        success: `${b.guest_url}?paid=1`,
        cancel: b.guest_url,
        locale: 'de',
      },
    );

    // The processor's signed event, as the guest pays on its page, through the real webhook route.
    const event = paymentIntentEvent('payment_intent.succeeded', {
      id: 'pi_guest_page_balance',
      amount: balance,
      amount_received: balance,
      currency: 'eur',
      metadata: { booking_reference: b.confirmation_code, payment_for: 'balance' },
    });
    const received = await postPaymentEvent(t, event, { secret: SECRET });
    assert.equal(received.statusCode, 200, received.body);
    assert.equal(received.json<{ outcome: string }>().outcome, 'balance_paid', received.body);
    const after = await desk(b.id);
    assert.equal(after.payment.state, 'paid');
    assert.equal(after.payment.balance, 0);
    const res = await t.at(noon(addDays(stay.checkin, -1)), () => page(b.guest_url, '?lang=en&paid=1'));
    assert.match(res.body, /as soon as the card processor confirms it/);
    assert.match(res.body, /<dd id="balance">€0\.00<\/dd>/);
    assert.match(res.body, /Card<\/td>/);
    assert.match(res.body, /4711/);
    assert.doesNotMatch(res.body, /Pay the balance/);
    // Paid: the pay button's address only sends the guest back to the page.
    const again = await t.request({ method: 'POST', url: `${pathOf(b.guest_url)}/pay`, key: null });
    assert.equal(again.statusCode, 303);
    assert.equal(again.headers.location, pathOf(b.guest_url));
  });

  test("{{guest_page_url}} prints the booking's page in messages, and the confirmation mail links it", async () => {
    const b = await byHand(futureStay(2));
    const template = await t.admin('POST', '/admin/api/message-templates', {
      name: 'Page',
      subject: { en: 'Your page' },
      body: { en: 'Everything about your stay: {{ guest_page_url }}' },
    });
    assert.equal(template.statusCode, 201, template.body);
    const id = template.json<{ data: { id: number } }>().data.id;
    const preview = await t.admin('POST', `/admin/api/message-templates/${id}/preview`, { booking_id: b.id });
    assert.equal(preview.statusCode, 200, preview.body);
    assert.equal(preview.json<{ data: { text: string } }>().data.text, `Everything about your stay: ${b.guest_url}`);
    const mail = await t.ctx.db
      .selectFrom('outbox')
      .select(['body_text', 'body_html'])
      .where('booking_id', '=', b.id)
      .where('template', '=', 'booking_confirmation')
      .executeTakeFirstOrThrow();
    assert.ok(mail.body_text.includes(b.guest_url), mail.body_text);
    assert.ok(mail.body_html.includes(`href="${b.guest_url}"`), mail.body_html);
  });
});

describe(`the guest's page without a card processor key, and its limit (${testStoreKind})`, () => {
  let bare: TestApp;
  before(async () => {
    bare = await createTestApp({ RATE_LIMIT_GUEST_PAGE_PER_IP: '5' });
  });
  after(async () => {
    await bare.close();
  });

  test('no key: the page says card payment is not available and offers no button', async () => {
    const a = await makeAccommodation(bare.ctx.db);
    const res = await bare.admin('POST', '/admin/api/bookings', {
      accommodation_id: a.id,
      ...Object.fromEntries(Object.entries(futureStay(2)).map(([k, v]) => [`${k}_date`, v])),
      adults_count: 1,
      guest: { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const url = pathOf(res.json<{ data: Desk }>().data.guest_url);
    const shown = await bare.request({ method: 'GET', url: `${url}?lang=en`, key: null });
    assert.match(shown.body, /Card payment is not available here/);
    assert.doesNotMatch(shown.body, /Pay the balance/);
    const pay = await bare.request({ method: 'POST', url: `${url}/pay`, key: null });
    assert.equal(pay.statusCode, 503);
    assert.match(pay.body, /could not be started/);
  });

  test('a guesser is refused with 429 after the limit, known token or not', async () => {
    const guess = (i: number) =>
      bare.request({
        method: 'GET',
        url: `/guest/${'A'.repeat(42)}${String.fromCharCode(66 + i)}`,
        key: null,
        remoteAddress: '203.0.113.9',
      });
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push((await guess(i)).statusCode);
    assert.deepEqual(answers.slice(0, 3), [404, 404, 404]);
    assert.equal(answers.at(-1), 429);
    const limited = await guess(9);
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After');
    // Another address is not held back by it.
    const other = await bare.request({
      method: 'GET',
      url: '/guest/page.css',
      key: null,
      remoteAddress: '203.0.113.10',
    });
    assert.equal(other.statusCode, 200);
  });
});

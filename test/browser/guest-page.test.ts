import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { axeViolations, launchChromium, watchPage } from './support/chromium.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { makeAccommodation } from '../support/factories.ts';
import { startCheckoutStandIn, type CheckoutStandIn } from '../support/stripe-checkout-stand-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The guest's page in a real browser (Debian's Chromium through playwright-core) at phone size:
// the stay, the door code held back while the balance is due, the balance paid by card through
// the card processor's stand-in (a Checkout Session made by the `stripe` package, the signed
// payment event sent to the real webhook, the guest sent back), then the door code; then both
// guests registered through the online check-in form, after which the host sees the check-in
// complete. Every page of ours is checked by axe-core, and none logs an error.

const SECRET = 'whsec_guest_page_browser';
let t: TestApp;
let processor: CheckoutStandIn;
let browser: Browser;
let base: string;

before(async () => {
  processor = await startCheckoutStandIn();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_guest_page_browser',
    STRIPE_API_BASE: processor.url,
    PAYMENT_WEBHOOK_SECRET: SECRET,
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  // Absolute addresses (the processor's return address) point at where the test listens.
  t.config.publicBaseUrl = base;
  processor.webhook = { url: `${base}/${t.config.slug}/api/payment/webhook`, secret: SECRET };
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
  await t.close();
  await processor.close();
});

test('a guest on a phone reads their stay, pays the balance by card, sees the door code and checks both guests in', async () => {
  const home = await makeAccommodation(t.ctx.db, {
    name: 'Haus am See',
    address: 'Seestraße 5\n82319 Starnberg',
    arrival_instructions: 'The key box is beside the garage.',
    door_code: '2468',
    door_code_days: 2,
    wifi_name: 'Seehaus',
    wifi_password: 'ducks-on-the-lake',
  });
  const today = todayIn('UTC');
  const made = await t.admin('POST', '/admin/api/bookings', {
    accommodation_id: home.id,
    checkin_date: addDays(today, 1),
    checkout_date: addDays(today, 4),
    adults_count: 2,
    children_count: 0,
    guest: { first_name: 'Lena', last_name: 'Vogel', email: 'lena@example.com' },
  });
  assert.equal(made.statusCode, 201, made.body);
  const booking = made.json<{ data: { id: number; guest_url: string; payment: { balance: number } } }>().data;
  assert.ok(booking.payment.balance > 0);

  const problems: string[] = [];
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  watchPage(page, problems);
  await page.goto(`${booking.guest_url}?lang=en`);
  await page.getByRole('heading', { level: 1, name: 'Your stay at Haus am See' }).waitFor();
  assert.match(await page.locator('main').innerText(), /Seestraße 5/);
  assert.match(await page.locator('main').innerText(), /2 adults/);
  await page.getByText('The door code and Wi-Fi appear here once the balance is paid.').waitFor();
  assert.equal(await page.getByText('2468').count(), 0);
  assert.deepEqual(await axeViolations(page), [], 'the page before paying');
  const width = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth,
  );
  assert.ok(width <= 390, `no sideways scrolling at phone width (${width}px)`);

  // Pay the balance: the processor's page, then back.
  await page.getByRole('button', { name: 'Pay the balance' }).click();
  await page.waitForURL(/\/c\/pay\/cs_standin_/);
  const session = processor.sessions.at(-1);
  assert.equal(
    session?.form['line_items[0][price_data][unit_amount]'],
    String(Math.round(booking.payment.balance * 100)),
  );
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/guest\/[^?]+\?paid=1$/);
  assert.equal(processor.delivered.at(-1)?.status, 200, processor.delivered.at(-1)?.body);
  assert.match(processor.delivered.at(-1)?.body ?? '', /"outcome":"balance_paid"/);

  await page.getByText('Paid in full. Thank you!').waitFor();
  assert.equal(await page.locator('#balance').innerText(), '€0.00');
  assert.equal(await page.getByRole('button', { name: 'Pay the balance' }).count(), 0);
  await page.getByText('2468').waitFor();
  await page.getByText('ducks-on-the-lake').waitFor();
  assert.deepEqual(await axeViolations(page), [], 'the page once paid');

  // Online check-in: both guests, the main guest's address and the arrival time.
  const guests = [
    { legend: 'Guest 1 (adult, main guest)', first: 'Lena', sex: 'F', born: '1988-04-12', doc: 'C01X00T47' },
    { legend: 'Guest 2 (adult)', first: 'Jonas', sex: 'M', born: '1986-11-03', doc: 'C02Y11U58' },
  ];
  for (const g of guests) {
    const set = page.getByRole('group', { name: g.legend });
    const field = (label: string) => set.getByLabel(label, { exact: true });
    await field('First name').fill(g.first);
    await field('Last name').fill('Vogel');
    await field('Sex').selectOption(g.sex);
    await field('Date of birth').fill(g.born);
    await field('Place of birth').fill('München');
    await field('Nationality').selectOption('DE');
    await field('Identity document').selectOption('id_card');
    await field('Document number').fill(g.doc);
    await field('Country that issued the document').selectOption('DE');
  }
  await page.getByLabel('Street and number').fill('Lindenstraße 12');
  await page.getByLabel('Postal code').fill('80331');
  await page.getByLabel('City').fill('München');
  await page.getByLabel('Country', { exact: true }).selectOption('DE');
  await page.getByLabel('Expected arrival time').fill('16:30');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/guest\/[^/?#]+#check-in$/);
  await page.getByText('Check-in: complete').waitFor();
  assert.deepEqual(await axeViolations(page), [], 'the page once checked in');

  // The host sees it: the booking's state and each guest as registered.
  const registration = await t.admin('GET', `/admin/api/bookings/${booking.id}/registration`);
  const checkIn = registration.json<{
    data: { state: string; arrival_time: string; guests: { first_name: string; document_number: string }[] };
  }>().data;
  assert.equal(checkIn.state, 'complete');
  assert.equal(checkIn.arrival_time, '16:30');
  assert.deepEqual(
    checkIn.guests.map((g) => [g.first_name, g.document_number]),
    guests.map((g) => [g.first, g.doc]),
  );
  const listed = await t.admin('GET', `/admin/api/bookings/${booking.id}`);
  assert.equal(listed.json<{ data: { registration_state: string } }>().data.registration_state, 'complete');

  // The same page in German, from its language links.
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await page.getByRole('heading', { level: 1, name: 'Ihr Aufenthalt in Haus am See' }).waitFor();
  assert.deepEqual(await axeViolations(page), [], 'the page in German');
  await context.close();
  assert.deepEqual(problems, []);
});

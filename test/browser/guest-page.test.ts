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
// payment event sent to the real webhook, the guest sent back), then the door code. Every page
// of ours is checked by axe-core, and none logs an error.

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

test('a guest on a phone reads their stay, pays the balance by card and then sees the door code', async () => {
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
    children_count: 1,
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
  assert.match(await page.locator('main').innerText(), /2 adults, 1 child/);
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

  // The same page in German, from its language links.
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await page.getByRole('heading', { level: 1, name: 'Ihr Aufenthalt in Haus am See' }).waitFor();
  assert.deepEqual(await axeViolations(page), [], 'the page in German');
  await context.close();
  assert.deepEqual(problems, []);
});

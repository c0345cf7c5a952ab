import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchChromium } from './support/chromium.ts';
import { createMailDelivery } from '../../src/mail/deliver-mail.ts';
import { seedFirstRun } from '../../src/seed/first-run.ts';
import { startSmtpListener, type SmtpListener } from '../support/smtp-listener.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A new host's first run in a real browser (Chromium through playwright-core): on a store as the
// first start leaves it (the demo home and key seeded, nothing else), Today lists the set-up
// steps; the host follows each step's link, does what it asks, comes back to Today and sees the
// step ticked, until the section is gone, at desktop and at phone size. axe-core finds nothing on
// the pages on the way.

let t: TestApp;
let smtp: SmtpListener;
let browser: Browser;
let base: string;
let login: { login: string; password: string };
const problems: string[] = [];

before(async () => {
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
});

// Each walk starts on a store of its own, as the first start leaves it.
beforeEach(async () => {
  problems.length = 0;
  smtp = await startSmtpListener();
  t = await createTestApp({ SMTP_URL: smtp.url });
  // The test app's own keys go: the store is as empty as at a first start, which seeds the demo.
  await t.ctx.db.deleteFrom('api_keys').execute();
  const seeded = await seedFirstRun(t.ctx);
  assert.ok(seeded?.consoleUser != null, 'the first start creates the console user');
  login = seeded.consoleUser;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});
afterEach(async () => {
  await t.close();
  await smtp.close();
});

async function axe(page: Page): Promise<void> {
  problems.push(...(await axeViolations(page)));
}

/** Back to Today; the state each step shows there. */
async function today(page: Page): Promise<Record<string, string>> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Today' }).click();
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
  const states: Record<string, string> = {};
  for (const item of await page.locator('#setup li[data-step]').all()) {
    const name = (await item.getAttribute('data-step')) ?? '';
    states[name] = (await item.locator('.state').innerText()).trim();
  }
  return states;
}

/** Follows a step's link from Today. */
async function follow(page: Page, step: string, link: string): Promise<void> {
  await page.locator(`#setup li[data-step="${step}"]`).getByRole('link', { name: link }).click();
}

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const size of SIZES)
  test(`a new host walks the set-up steps from Today and sees each tick (${size.name})`, async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    page.on('console', (m) => {
      // The one refused form below is answered with its page and a 400, which Chromium logs.
      if (m.text().includes('status of 400') && page.url().endsWith('/admin/settings/bank')) return;
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${page.url()}: console: ${m.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));

    await page.goto(`${base}/admin`);
    await page.getByLabel('Login').fill(login.login);
    await page.getByLabel('Password').fill(login.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/admin`);
    await page.getByRole('heading', { name: 'Set up Staydesk (0 of 7 done)' }).waitFor();
    await axe(page);
    const start = await today(page);
    assert.deepEqual(Object.keys(start), ['business', 'home', 'mail', 'channel', 'card', 'partner_key', 'demo']);
    assert.ok(Object.values(start).every((s) => s === 'To do'));

    // 1. The business, and the bank details on the same page.
    await follow(page, 'business', 'Enter your business details');
    await page.getByLabel('Business name').fill('Seaside Lets');
    await page.getByLabel('Address').fill('Harbour Road 1\n24937 Flensburg');
    await page.getByLabel('Tax ID').fill('DE123456789');
    await page.getByRole('button', { name: 'Save business details' }).click();
    await page.getByText('The business details are saved.').waitFor();
    await page.getByLabel('Account holder').fill('Seaside Lets GmbH');
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
    await page.getByRole('button', { name: 'Save bank details' }).click();
    // The error listed above the form (an alert, linked to the field) and beside the field.
    await page.getByRole('alert').getByRole('link', { name: 'IBAN' }).waitFor();
    await page.locator('#err-bank_details_iban').getByText('check digits do not match').waitFor();
    await axe(page);
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Save bank details' }).click();
    await page.getByText('The bank details are saved.').waitFor();
    await axe(page);
    assert.equal((await today(page)).business, 'Done');

    // 2. The first home.
    await follow(page, 'home', 'Create your first home');
    await page.getByLabel('Name').fill('Harbour Loft');
    await page.getByLabel('Base price per night').fill('120');
    await page.getByLabel('Maximum guests').fill('4');
    await page.getByRole('button', { name: 'Create accommodation' }).click();
    await page.getByText('The accommodation is created.').waitFor();
    assert.equal((await today(page)).home, 'Done');

    // 3. Mail: SMTP_URL is set for this server; a test mail goes out and the step ticks.
    await follow(page, 'mail', 'Send a test mail');
    await page.getByLabel('Send a test mail to').fill('host@seaside.example');
    await page.getByRole('button', { name: 'Send a test mail' }).click();
    await page.getByText('A test mail is queued.').waitFor();
    await axe(page);
    assert.equal((await today(page)).mail, 'To do', 'queued is not sent');
    const mailStep = page.locator('#setup li[data-step="mail"]');
    await mailStep.getByText('no mail has gone out yet. One mail waits in the Outbox.').waitFor();
    const worker = createMailDelivery({
      db: t.ctx.db,
      config: t.ctx.config,
      metrics: t.ctx.metrics,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      now: () => new Date(),
      worker: 'browser-test',
    });
    await worker.run();
    worker.close();
    const [received] = await smtp.waitFor(1);
    assert.equal(received?.subject, 'Staydesk test mail');
    assert.equal((await today(page)).mail, 'Done');
    // Its words follow what was sent: never "no mail has gone out yet" beside the sent test mail.
    await mailStep.getByText(/Mail goes out: SMTP_URL is set and mail has been sent, the last one /).waitFor();
    assert.equal(await page.getByText('no mail has gone out').count(), 0);

    // 4. A channel's calendar imported on the home's page.
    await follow(page, 'channel', 'Connect a channel');
    await page.getByLabel('Channel name (letters, digits, - and _)').fill('airbnb');
    await page.getByLabel('iCal URL').fill('https://www.airbnb.example/calendar/ical/123.ics');
    await page.getByRole('button', { name: 'Add calendar' }).click();
    await page
      .getByRole('cell', { name: /airbnb/ })
      .first()
      .waitFor();
    assert.equal((await today(page)).channel, 'Done');

    // 5. The card processor's signing secret.
    await follow(page, 'card', 'Set the signing secret');
    await page.getByRole('button', { name: "Generate a new card processor's signing secret" }).click();
    await page.locator('#new-secret').waitFor();
    assert.equal((await today(page)).card, 'Done');

    // 6. A partner key.
    await follow(page, 'partner_key', 'Create a key');
    await page.getByLabel('Name of the new key').fill('website');
    await page.getByRole('button', { name: 'Create key' }).click();
    assert.match(await page.locator('#new-secret').inputValue(), /^sdk_/);
    const states = await today(page);
    assert.equal(states.partner_key, 'Done');
    await page.getByRole('heading', { name: 'Set up Staydesk (6 of 7 done)' }).waitFor();

    // 7. The demo home and key, in one step: then the section is gone.
    await page.getByRole('button', { name: 'Remove the demo home and key' }).click();
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();
    assert.equal(await page.locator('#setup').count(), 0, 'every step done: the set-up section is gone');
    await axe(page);
    const keys = await t.ctx.db.selectFrom('api_keys').select(['name', 'revoked_at']).execute();
    assert.ok(keys.every((k) => (k.name === 'first-run demo key') === (k.revoked_at !== null)));

    assert.deepEqual(problems, []);
    await context.close();
  });

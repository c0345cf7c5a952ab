import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { createAdminUser } from '../../src/users/user-repository.ts';
import { deliveryWorker } from '../support/delivery-worker.ts';
import { startEventReceiver, verified, type EventReceiver } from '../support/event-receiver.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { axeViolations, launchChromium, watchPage } from './support/chromium.ts';

// The console's Endpoints page in a real browser, at desktop and phone width: a host adds an
// endpoint for a partner's key (its secret shown once), sees a booking's event delivered to a
// loopback receiver, pauses the endpoint, rotates its secret through the confirmation page,
// resumes it, redelivers the event (same webhook-id, new secret) and removes the endpoint. Every
// page is checked by axe-core, and no page logs an error.

let t: TestApp;
let browser: Browser;
let base: string;
let login: { login: string; password: string };
let receiver: EventReceiver;
let partnerKey: string;
let partnerKeyId: number;
let house: Accommodation;
const problems: string[] = [];

before(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  const user = await createAdminUser(t.ctx.db, 'endpoints-host');
  login = { login: 'endpoints-host', password: user.password };
  const created = await createApiKey(t.ctx.db, { name: 'Sunny Travel', scope: 'api' });
  partnerKey = created.key;
  partnerKeyId = created.record.id;
  house = await makeAccommodation(t.ctx.db);
  receiver = await startEventReceiver();
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
  await receiver.close();
  await t.close();
});

/** Sends every delivery due now, as the delivery worker does. */
async function deliver(): Promise<void> {
  const worker = deliveryWorker(t, 'browser-test');
  assert.deepEqual(await worker.run(), { delivered: 1, failed: 0 });
}

async function book(): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    key: partnerKey,
    payload: bookingBody(house.id, futureStay(2), {
      booking: { payment_method: 'bank_transfer', expected_amount: 275 },
    }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { booking_id: number } }>().data.booking_id;
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${base}/admin`);
  await page.getByLabel('Login').fill(login.login);
  await page.getByLabel('Password').fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/admin`);
}

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const size of SIZES) {
  test(`a host manages a partner's endpoint (${size.name})`, async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    watchPage(page, problems);
    const violations: string[] = [];
    const check = async () => violations.push(...(await axeViolations(page)));
    await signIn(page);

    // Add: from the navigation, for the partner's key; the secret is shown once.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Endpoints' }).click();
    await page.waitForURL(`${base}/admin/endpoints`);
    await check();
    await page.getByLabel('Partner (API key)').selectOption(String(partnerKeyId));
    await page.getByLabel('URL that receives the events').fill(receiver.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.waitForURL(`${base}/admin/endpoints`);
    const secret = await page.locator('#new-secret').inputValue();
    assert.match(secret, /^whsec_/);
    await check();
    const heading = page.getByRole('heading', { name: new RegExp(`^Endpoint \\d+: ${receiver.url}$`) });
    const id = Number(/Endpoint (\d+)/.exec((await heading.textContent()) ?? '')?.[1]);
    assert.ok(id > 0);

    // A booking's event is delivered, signed with that secret; the page shows the delivery.
    const start = receiver.received.length;
    const bookingId = await book();
    await deliver();
    const [delivered] = (await receiver.waitFor(start + 1)).slice(start);
    assert.ok(delivered);
    assert.equal(verified(secret, delivered).data.id, bookingId);
    await page.reload();
    assert.equal(await page.locator('#new-secret').count(), 0, 'the secret is shown once');
    const section = page.getByRole('region', { name: new RegExp(`^Endpoint ${id}:`) });
    await section.getByText('HTTP 200').waitFor();
    await section.getByText('delivered', { exact: false }).first().waitFor();
    await check();

    // Pause.
    await page.getByRole('button', { name: `Pause endpoint ${id}` }).click();
    await page.getByText('The endpoint is paused').waitFor();
    await section.getByText('Paused').first().waitFor();

    // Rotate, through the confirmation page: a new secret, shown once.
    await page.getByRole('link', { name: `Rotate the secret of endpoint ${id}…` }).click();
    await page.getByRole('heading', { name: `Rotate the signing secret of endpoint ${id}?` }).waitFor();
    await check();
    await page.getByRole('button', { name: `Rotate the secret of endpoint ${id}` }).click();
    await page.waitForURL(`${base}/admin/endpoints`);
    const fresh = await page.locator('#new-secret').inputValue();
    assert.ok(fresh.startsWith('whsec_') && fresh !== secret);
    await section.getByText('The previous secret also signs until', { exact: false }).waitFor();
    await check();

    // Resume, then redeliver the event: the same webhook-id, signed with the new secret.
    await page.getByRole('button', { name: `Resume endpoint ${id}` }).click();
    await page.getByText('The endpoint is active again').waitFor();
    await page.getByRole('button', { name: `Redeliver ${String(delivered.headers['webhook-id'])}` }).click();
    await page.getByText('The delivery goes out again shortly').waitFor();
    await deliver();
    const [again] = (await receiver.waitFor(start + 2)).slice(start + 1);
    assert.ok(again);
    assert.equal(again.headers['webhook-id'], delivered.headers['webhook-id']);
    assert.equal(verified(fresh, again).data.id, bookingId);

    // Remove, through the confirmation page.
    await page.getByRole('link', { name: `Remove endpoint ${id}…` }).click();
    await page.getByRole('heading', { name: `Remove endpoint ${id}?` }).waitFor();
    await check();
    await page.getByRole('button', { name: `Remove endpoint ${id}` }).click();
    await page.getByText('The endpoint and its delivery log are removed').waitFor();
    assert.equal(await page.getByRole('heading', { name: new RegExp(`^Endpoint ${id}:`) }).count(), 0);
    await check();

    await context.close();
    assert.deepEqual(violations, []);
    assert.deepEqual(problems, []);
  });
}

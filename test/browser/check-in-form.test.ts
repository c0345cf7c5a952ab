import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { installErrorHandling } from '../../src/http/error-handler.ts';
import { checkInSection } from '../../src/registrations/check-in-section.ts';
import { postRegistration } from '../../src/registrations/registration-post.ts';
import type { GuestLanguage } from '../../src/shared/guest-language.ts';
import { html, type Html } from '../../src/shared/html.ts';
import { futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { axeViolations, launchChromium, watchPage } from './support/chromium.ts';

// The check-in form of the guest page (docs/guest-page.md#online-check-in) in Debian's Chromium,
// at desktop and phone width, with no script on the page: for a booking of 2 adults and a child
// it has three fieldsets, is axe clean as it comes, and again when a field is refused; a guest
// fills it in, is told beside the field what is wrong, corrects it, and the check-in is complete.
// The guest page's own route is not here yet: a minimal page around the fragment stands for it,
// with the handler mounted as the page will mount it.

let t: TestApp;
let host: FastifyInstance;
let base: string;
let browser: Browser;
const problems: string[] = [];

/** The minimal page around the fragment: a language, a title, a landmark, a heading above the section's. */
const pageOf = (language: GuestLanguage, body: Html) => html`<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your stay</title><link rel="icon" href="data:,"></head><body><main><h1>Your stay</h1>${body}</main></body></html>`;

before(async () => {
  t = await createTestApp();
  host = Fastify();
  installErrorHandling(host, t.ctx.store.health);
  host.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) => {
    done(null, String(body));
  });
  host.get<{ Params: { id: string } }>('/guest/:id', async (request, reply) => {
    const id = Number(request.params.id);
    const form = await checkInSection(t.ctx.db, id, t.ctx.now(), {
      language: 'en',
      action: `/guest/${id}/registration`,
    });
    return reply.type('text/html; charset=utf-8').send(String(pageOf('en', form)));
  });
  host.post<{ Params: { id: string } }>('/guest/:id/registration', (request, reply) =>
    postRegistration(t.ctx, Number(request.params.id), request, reply, {
      language: 'en',
      action: request.url,
      savedUrl: `/guest/${request.params.id}`,
      render: (form) => pageOf('en', form),
    }),
  );
  await host.listen({ host: '127.0.0.1', port: 0 });
  const address = host.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  browser = await launchChromium();
});
after(async () => {
  await browser.close();
  await host.close();
  await t.close();
});

const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const size of SIZES) {
  test(`a guest checks in a party of 2 adults and a child (${size.name})`, async () => {
    const acc = await makeAccommodation(t.ctx.db, { name: `Check-in ${size.name}`, max_guests: 4 });
    const booking = await insertBooking(t.ctx.db, acc, { ...futureStay(3), adults: 2, children: 1 });
    const context = await browser.newContext({ viewport: size, javaScriptEnabled: true });
    const page = await context.newPage();
    watchPage(page, problems);
    await page.goto(`${base}/guest/${booking.id}`);
    assert.equal(await page.locator('form fieldset').count(), 3);
    assert.deepEqual(await page.locator('legend').allTextContents(), [
      'Guest 1 (adult, main guest)',
      'Guest 2 (adult)',
      'Guest 3 (child)',
    ]);
    assert.deepEqual(await axeViolations(page), []);

    const people = [
      ['Anna', 'F', '1988-03-02'],
      ['Marco', 'M', '1986-11-20'],
      ['Lia', 'F', '2030-01-01'], // a typing mistake: in the future
    ] as const;
    for (const [i, [first, sex, born]] of people.entries()) {
      const field = (name: string) => page.getByLabel(name, { exact: true }).nth(i);
      await field('First name').fill(first);
      await field('Last name').fill('Rossi');
      await field('Sex').selectOption(sex);
      await field('Date of birth').fill(born);
      await field('Place of birth').fill('Bologna');
      await field('Nationality').selectOption('IT');
      await field('Identity document').selectOption('passport');
      await field('Document number').fill(`YA${i}123456`);
      await field('Country that issued the document').selectOption('IT');
    }
    await page.getByLabel('Street and number').fill('Via Roma 1');
    await page.getByLabel('Postal code').fill('40100');
    await page.getByLabel('City').fill('Bologna');
    await page.getByLabel('Country', { exact: true }).selectOption('IT');
    await page.getByLabel('Expected arrival time').fill('17:30');
    // A date field's limit (max: today) holds the form back in the browser; a guest's browser
    // without it (or a hand-made request) is answered by the server, which is what is tested here.
    await page.locator('#check-in-guests-2-birth_date').evaluate((input: { removeAttribute(name: string): void }) => {
      input.removeAttribute('max');
    });
    await page.getByRole('button', { name: 'Save check-in' }).click();
    await page.waitForLoadState();
    const refused = page.locator('#check-in-guests-2-birth_date');
    assert.equal(await refused.getAttribute('aria-invalid'), 'true');
    assert.equal(
      await page.locator('#check-in-guests-2-birth_date-error').textContent(),
      'This date is in the future.',
    );
    assert.match((await page.locator('[role="alert"]').textContent()) ?? '', /Guest 3 \(child\), Date of birth/);
    assert.equal(await page.getByLabel('First name', { exact: true }).nth(1).inputValue(), 'Marco', 'values kept');
    assert.deepEqual(await axeViolations(page), []);

    await refused.fill('2019-01-01');
    await page.getByRole('button', { name: 'Save check-in' }).click();
    await page.waitForURL(`${base}/guest/${booking.id}`);
    assert.match((await page.locator('#check-in').textContent()) ?? '', /Check-in: complete/);
    assert.equal(await page.getByLabel('First name', { exact: true }).nth(2).inputValue(), 'Lia');
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });
}

test("no page logged an error but the refused form's own 400", () => {
  const refusedForm = /\/registration: console error: Failed to load resource: .* 400 \(Bad Request\)$/;
  assert.deepEqual(
    problems.filter((p) => !refusedForm.test(p)),
    [],
  );
  assert.equal(problems.length, SIZES.length, 'one refused form per size');
});

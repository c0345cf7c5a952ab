import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { axeViolations, launchChromium, watchPage } from './support/chromium.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { createConsoleUser } from '../../src/users/user-repository.ts';
import { makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A cleaner's day on a phone (docs/team-and-tasks.md): signing in lands on their tasks, a same-day
// turnover is marked with the next guests' count, they tick it done and undo that, make their
// calendar address, and cannot open what their role does not; a manager assigns tasks on a
// desktop. Every page is free of console errors and axe-core violations.

let t: TestApp;
let browser: Browser;
let base: string;
const problems: string[] = [];
/** What pages logged, but the refused page's own 403 (a browser logs every failed load). */
const unexpected = () => problems.filter((p) => !/\/admin\/bookings: console error: .* status of 403/.test(p));
const today = todayIn('UTC');
let cleaner: { login: string; password: string };
let manager: { login: string; password: string };

before(async () => {
  browser = await launchChromium();
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  const home = await makeAccommodation(t.ctx.db, { name: 'Seaside Flat', timezone: 'UTC', min_stay: 1 });
  const other = await makeAccommodation(t.ctx.db, { name: 'Hill House', timezone: 'UTC', min_stay: 1 });
  const made = await createConsoleUser(t.ctx.db, {
    login: 'cleo',
    name: 'Cleo Cleaner',
    role: 'cleaner',
    accommodationIds: [home.id],
  });
  cleaner = { login: 'cleo', password: made.password };
  const boss = await createConsoleUser(t.ctx.db, { login: 'mara', name: 'Mara Manager', role: 'manager' });
  manager = { login: 'mara', password: boss.password };
  const book = async (accommodation: number, from: number, to: number, adults: number) => {
    const res = await t.admin('POST', '/admin/api/bookings', {
      accommodation_id: accommodation,
      checkin_date: addDays(today, from),
      checkout_date: addDays(today, to),
      adults_count: adults,
      guest: { first_name: 'Private', last_name: 'Guestname' },
    });
    assert.equal(res.statusCode, 201, res.body);
  };
  // Seaside Flat: a departure tomorrow with guests arriving that day, and one in three days.
  await book(home.id, 0, 1, 2);
  await book(home.id, 1, 3, 4);
  await book(other.id, 1, 2, 2);
});
after(async () => {
  await browser.close();
  await t.close();
});

test("a cleaner's day on a phone", async () => {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  watchPage(page, problems);
  const violations: string[] = [];

  await page.goto(`${base}/admin`);
  await page.getByLabel('Login').fill(cleaner.login);
  await page.getByLabel('Password').fill(cleaner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/admin/tasks`);
  await page.getByRole('heading', { level: 1, name: 'Tasks' }).waitFor();
  violations.push(...(await axeViolations(page)));

  // Only Tasks in the navigation; their two tasks in Seaside Flat, none of Hill House, no guest's name.
  const nav = page.getByRole('navigation', { name: 'Console' });
  assert.deepEqual(await nav.getByRole('link').allInnerTexts(), ['Tasks']);
  const body = await page.locator('main').innerText();
  assert.ok(!body.includes('Hill House'), 'no task of a home not theirs');
  assert.ok(!body.includes('Guestname'), "no guest's name");
  const cards = page.locator('li.task');
  assert.equal(await cards.count(), 2);
  const first = cards.first();
  assert.match(await first.innerText(), /same day/);
  assert.match(await first.innerText(), /4 guest\(s\)/);

  // Tick today's turnover done, then undo that.
  await page.getByRole('button', { name: 'Done: Seaside Flat' }).first().click();
  await page.getByText('The task is ticked done.').waitFor();
  violations.push(...(await axeViolations(page)));
  assert.equal(await page.getByRole('button', { name: 'Not done yet: Seaside Flat' }).count(), 1);
  await page.getByRole('button', { name: 'Not done yet: Seaside Flat' }).click();
  await page.getByText('The task is open again.').waitFor();

  // Their calendar address, shown once.
  await page.getByRole('button', { name: 'Make my calendar address' }).click();
  const address = await page.getByRole('textbox', { name: 'Your tasks calendar address' }).inputValue();
  assert.match(address, /\/staydesk\/tasks\/[A-Za-z0-9_-]{43}\.ics$/);
  violations.push(...(await axeViolations(page)));

  // Another range by the form, then a page beyond the role.
  await page.getByLabel('From').fill(addDays(today, 5));
  await page.getByLabel('To').fill(addDays(today, 9));
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByText('No tasks in these days.').waitFor();
  const refused = await page.goto(`${base}/admin/bookings`);
  assert.equal(refused?.status(), 403);
  await page.getByText('Your role does not open this page').waitFor();
  violations.push(...(await axeViolations(page)));

  assert.deepEqual(violations, []);
  assert.deepEqual(unexpected(), []);
  await context.close();
});

test("a manager assigns a task on a desktop; Today lists the day's turnovers", async () => {
  const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  watchPage(page, problems);
  await page.goto(`${base}/admin`);
  await page.getByLabel('Login').fill(manager.login);
  await page.getByLabel('Password').fill(manager.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/admin`);
  await page.getByRole('heading', { name: 'Turnovers today' }).waitFor();
  await page.getByRole('link', { name: 'Tasks', exact: true }).click();
  await page.waitForURL(`${base}/admin/tasks`);
  const hill = page.locator('li.task', { hasText: 'Hill House' });
  await hill.getByLabel('Who does it').selectOption({ label: 'Mara Manager' });
  await hill.getByRole('button', { name: 'Assign' }).click();
  await page.getByText('The task is assigned.').waitFor();
  assert.match(await page.locator('li.task', { hasText: 'Hill House' }).innerText(), /Who: Mara Manager/);
  assert.deepEqual(await axeViolations(page), []);
  await page.goto(`${base}/admin`);
  assert.match(await page.locator('main').innerText(), /No turnovers today\./);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(unexpected(), []);
  await context.close();
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, watchPage } from './support/chromium.ts';
import { SIZES, useConsoleRig } from './support/console-rig.ts';
import { quoteStay } from '../../src/pricing/quote-stay.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { consolePages } from '../support/console-pages.ts';
import { bookingBody } from '../support/factories.ts';

// The console in a real browser (Debian's Chromium through playwright-core): a host signs in,
// creates an accommodation, sets a season's price, blocks nights (then edits and removes both),
// finds a booking made through the
// v1 API in the calendar, cancels it, undoes and redoes the cancellation, creates and revokes an API
// key and reads a report, at desktop and at phone size. Every page is loaded at desktop and phone
// width with no console errors and no axe-core violations.

const problems: string[] = [];

const rig = useConsoleRig('browser-host');

function watch(page: Page): void {
  watchPage(page, problems);
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${rig.base}/admin`);
  assert.match(page.url(), /\/admin\/sign-in/);
  await page.getByLabel('Login').fill(rig.login.login);
  await page.getByLabel('Password').fill(rig.login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${rig.base}/admin`);
}

for (const size of SIZES)
  test(`a host runs the day in the console (${size.name})`, async () => {
    const context = await rig.browser.newContext({
      locale: 'en-GB',
      viewport: { width: size.width, height: size.height },
    });
    const lodge = `Browser Lodge ${size.name}`;
    const keyName = `browser key ${size.name}`;
    const page = await context.newPage();
    watch(page);
    await signIn(page);
    await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor();

    // Create an accommodation.
    await page.getByRole('link', { name: 'Accommodations' }).click();
    await page.getByRole('link', { name: 'New accommodation' }).click();
    await page.getByLabel('Name').fill(lodge);
    await page.getByLabel('Base price per night').fill('120');
    await page.getByLabel('Maximum guests').fill('4');
    await page.getByLabel('Cleaning fee per stay').fill('40');
    // Rates as percentages; currency and time zone from lists.
    await page.getByLabel('Tax rate (%)').fill('6');
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByLabel('Time zone').selectOption('Europe/Vienna');
    // A cent too many and a maximum stay below the minimum: both named at once, above the form.
    await page.getByLabel('Cleaning fee per stay').fill('40.555');
    await page.getByLabel('Minimum stay (nights)').fill('7');
    await page.getByLabel('Maximum stay (nights)').fill('3');
    await page.getByRole('button', { name: 'Create accommodation' }).click();
    const summary = page.getByRole('alert').filter({ hasText: '2 fields need a change' });
    await summary.waitFor();
    await summary.getByRole('link', { name: 'Cleaning fee per stay' }).waitFor();
    await summary.getByRole('link', { name: 'Maximum stay (nights)' }).click();
    assert.equal(await page.locator('#f-max_stay:focus').count(), 1, 'the link leads to the field');
    const formViolations = await axeViolations(page);
    await page.getByLabel('Cleaning fee per stay').fill('40');
    await page.getByLabel('Minimum stay (nights)').fill('1');
    await page.getByLabel('Maximum stay (nights)').fill('30');
    await page.getByRole('button', { name: 'Create accommodation' }).click();
    await page.getByRole('heading', { level: 1, name: lodge }).waitFor();
    await page.getByText('The accommodation is created.').waitFor();
    const id = Number(/accommodations\/(\d+)/.exec(page.url())?.[1]);
    assert.ok(id > 0);
    const stored = await rig.t.ctx.db
      .selectFrom('accommodations')
      .select(['tax_rate_ppm', 'timezone'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...stored }, { tax_rate_ppm: 60000, timezone: 'Europe/Vienna' });
    assert.equal(await page.getByLabel('Tax rate (%)').inputValue(), '6');

    // A season's price.
    // The 3rd of a month at least 40 days ahead: every night used below lies in that one month.
    const season = `${addDays(todayIn('UTC'), 40).slice(0, 7)}-03`;
    await page.locator('#price-from').fill(season);
    await page.locator('#price-to').fill(addDays(season, 7));
    await page.locator('#price-price').fill('175');
    await page.getByRole('button', { name: 'Set the price' }).click();
    await page.getByText('The price of the nights is set.').waitFor();
    const prices = await rig.t.ctx.db
      .selectFrom('nightly_prices')
      .select('price')
      .where('accommodation_id', '=', id)
      .execute();
    assert.equal(prices.length, 7);

    // Block nights from the calendar; a taken night shows its error beside the form.
    const month = season.slice(0, 7);
    await page.goto(`${rig.base}/admin/calendar?month=${month}`);
    // Selecting two nights in the timeline fills the form (progressive enhancement).
    await page.locator(`tr[data-accommodation="${id}"] td[data-night="${addDays(season, 10)}"]`).click();
    await page.locator(`tr[data-accommodation="${id}"] td[data-night="${addDays(season, 11)}"]`).click();
    assert.equal(await page.locator('#b-acc').inputValue(), String(id));
    assert.equal(await page.locator('#block-from').inputValue(), addDays(season, 10));
    assert.equal(await page.locator('#block-to').inputValue(), addDays(season, 12));
    await page.locator('#block-reason').fill('roof repair');
    await page.getByRole('button', { name: 'Block these nights' }).click();
    await page.getByText('The nights are blocked.').waitFor();
    const blocks = await rig.t.ctx.db
      .selectFrom('night_claims')
      .select('night')
      .where('accommodation_id', '=', id)
      .where('kind', '=', 'block')
      .orderBy('night')
      .execute();
    assert.deepEqual(
      blocks.map((b) => b.night),
      [addDays(season, 10), addDays(season, 11)],
    );
    await page.locator('#b-acc').selectOption(String(id));
    await page.locator('#block-from').fill(addDays(season, 11));
    await page.locator('#block-to').fill(addDays(season, 13));
    await page.getByRole('button', { name: 'Block these nights' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: addDays(season, 11) })
      .waitFor();

    // Seasonal prices and blocked nights are edited and removed on the accommodation's page.
    await page.goto(`${rig.base}/admin/accommodations/${id}`);
    await page.getByRole('link', { name: /^Edit the price of / }).click();
    assert.equal(await page.locator('#price-price').inputValue(), '175');
    await page.locator('#price-price').fill('180');
    await page.getByRole('button', { name: 'Set the price' }).click();
    await page.getByText('The price of the nights is set.').waitFor();
    await page.getByText(/180\.00 per night/).waitFor();
    await page.getByRole('link', { name: /^Remove the price of .*…$/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Remove this seasonal price?' }).waitFor();
    await page.getByRole('button', { name: /^Remove the price of / }).click();
    await page.getByText('Every night from today on costs the base price.').waitFor();
    await page.getByRole('link', { name: /^Edit .*→/ }).click();
    await page.locator('#block-reason').fill('roof and gutter repair');
    await page.getByRole('button', { name: 'Save the blocked nights' }).click();
    await page.getByText('The nights are blocked.').waitFor();
    await page.getByText(/: roof and gutter repair/).waitFor();
    await page.getByRole('link', { name: /^Unblock .*…$/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Unblock these nights?' }).waitFor();
    await page.getByRole('button', { name: /^Unblock / }).click();
    await page.getByText('The nights are free again.').waitFor();
    await page.getByText('No nights from today on are blocked.').waitFor();

    // A booking through the v1 API appears in the calendar; open it and cancel it.
    const accommodation = await rig.t.ctx.db
      .selectFrom('accommodations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const stay = { checkin: addDays(season, 1), checkout: addDays(season, 4) };
    const quote = await quoteStay(rig.t.ctx.db, accommodation, {
      checkin: stay.checkin,
      checkout: stay.checkout,
      guests: 2,
      extras: {},
    });
    const made = await fetch(`${rig.base}${rig.t.v1}/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${rig.t.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(
        bookingBody(id, stay, {
          partner: { first_name: 'Marie', last_name: 'Curie', email: 'marie@example.com' },
          booking: { expected_amount: quote.total / 100 },
        }),
      ),
    });
    assert.equal(made.status, 200, await made.text());
    await page.goto(`${rig.base}/admin/calendar?month=${month}`);
    await page.getByRole('link', { name: 'Marie Curie' }).click();
    await page.getByRole('heading', { level: 1, name: /^Booking / }).waitFor();
    assert.equal(
      await page.getByRole('link', { name: 'marie@example.com' }).getAttribute('href'),
      'mailto:marie@example.com',
    );
    assert.equal(await page.getByRole('link', { name: '+44 20 0000' }).getAttribute('href'), 'tel:+44200000');
    await page.getByText('Confirmed', { exact: true }).first().waitFor();
    // Cancelling asks first, on a page of its own (no script needed).
    await page.getByRole('link', { name: /^Cancel booking .*…$/ }).click();
    await page.getByRole('heading', { level: 1, name: /^Cancel booking .*\?$/ }).waitFor();
    await page.getByLabel('Reason (sent to the guest)').fill('flooded basement');
    await page.getByRole('button', { name: /^Cancel booking/ }).click();
    await page.getByText('a cancellation mail is queued for the guest').waitFor();
    await page.getByText('Queued, not sent yet').first().waitFor();
    const cancelledId = Number(/bookings\/(\d+)/.exec(page.url())?.[1]);
    const events = () =>
      rig.t.ctx.db.selectFrom('booking_events').select('event').where('booking_id', '=', cancelledId).execute();
    const eventsBefore = (await events()).length;
    await page.reload();
    assert.equal((await events()).length, eventsBefore, 'a reload repeats nothing');
    // Undo the cancellation while its nights are free.
    await page.getByRole('button', { name: /^Undo the cancellation of/ }).click();
    await page.getByText('The cancellation is undone').waitFor();
    assert.equal(
      (
        await rig.t.ctx.db
          .selectFrom('bookings')
          .select('status')
          .where('id', '=', cancelledId)
          .executeTakeFirstOrThrow()
      ).status,
      'confirmed',
    );
    // And cancel it again for the rest of the walk.
    await page.getByRole('link', { name: /^Cancel booking .*…$/ }).click();
    await page.getByRole('button', { name: /^Cancel booking/ }).click();
    await page.getByText('a cancellation mail is queued for the guest').waitFor();
    const mail = await rig.t.ctx.db
      .selectFrom('outbox')
      .select(['template', 'recipient'])
      .where('recipient', '=', 'marie@example.com')
      .where('template', '=', 'booking_cancellation')
      .executeTakeFirst();
    assert.ok(mail !== undefined, 'the cancellation mail is queued');

    // Create an API key (shown once) and revoke it.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Integrations' }).click();
    await page.getByLabel('Name of the new key').fill(keyName);
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.locator('#new-secret').inputValue();
    assert.match(secret, /^sdk_/);
    assert.equal(new URL(page.url()).pathname, '/admin/settings/integrations', 'the key is shown after a redirect');
    const keyCount = async () => (await rig.t.ctx.db.selectFrom('api_keys').select('id').execute()).length;
    const keys = await keyCount();
    await page.reload();
    assert.equal(await keyCount(), keys, 'a reload creates no second key');
    assert.equal(await page.locator('#new-secret').count(), 0, 'and shows the secret no more');
    assert.equal(
      (await fetch(`${rig.base}${rig.t.v1}/test`, { headers: { authorization: `Bearer ${secret}` } })).status,
      200,
    );
    await page.getByRole('link', { name: `Revoke ${keyName}…` }).click();
    await page.getByRole('heading', { level: 1, name: `Revoke the key “${keyName}”?` }).waitFor();
    await page.getByRole('button', { name: `Revoke ${keyName}` }).click();
    await page.getByText('The key is revoked').waitFor();
    assert.equal(
      (await fetch(`${rig.base}${rig.t.v1}/test`, { headers: { authorization: `Bearer ${secret}` } })).status,
      401,
    );

    // The month's report, chosen with the form: the charts are images named by their title.
    await page.getByRole('link', { name: 'Reports' }).click();
    const nextMonth = `${addDays(`${month}-28`, 4).slice(0, 7)}-01`;
    await page.getByLabel('Nights from').fill(`${month}-01`);
    await page.getByLabel('Nights before').fill(nextMonth);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByRole('img', { name: 'Occupancy by month, EUR' }).waitFor();
    await page.getByRole('img', { name: 'Revenue by month, EUR' }).waitFor();
    const numbers = page.getByRole('region', { name: 'EUR by month, as numbers' });
    assert.equal(await numbers.locator('tbody tr').count(), 1, 'one month, one row');
    const csv = await page.getByRole('link', { name: 'Download as CSV' }).getAttribute('href');
    assert.equal(csv, `/admin/reports?from=${month}-01&to=${nextMonth}&group=month&format=csv`);

    // An imported calendar, so the accommodation page shows its forms (sync, remove, change the URL).
    const feed = await rig.t.admin('POST', `/admin/api/accommodations/${id}/ical-feeds`, {
      name: 'airbnb',
      url: 'https://calendar.example.com/listing.ics',
    });
    assert.equal(feed.statusCode, 201, feed.body);

    // Every page, desktop and phone width: no console errors, no axe violations.
    const bookingId = (
      await rig.t.ctx.db
        .selectFrom('bookings')
        .select('id')
        .where('accommodation_id', '=', id)
        .executeTakeFirstOrThrow()
    ).id;
    const pages = consolePages(
      { booking: bookingId, accommodation: id },
      { calendar: `month=${month}`, confirm: `action=delete-accommodation&id=${id}` },
    );
    const violations: string[] = [...formViolations];
    // Once, after the desktop walk: every page at both widths.
    for (const width of size.name === 'desktop' ? [1280, 390] : []) {
      await page.setViewportSize({ width, height: 900 });
      for (const { url } of pages.filter((p) => !p.public)) {
        const res = await page.goto(`${rig.base}${url}`);
        assert.equal(res?.status(), 200, url);
        violations.push(...(await axeViolations(page)));
      }
    }
    const signInPage = await context.newPage();
    watch(signInPage);
    await signInPage.context().clearCookies();
    for (const { url } of pages.filter((p) => p.public && size.name === 'desktop')) {
      await signInPage.goto(`${rig.base}${url}`);
      violations.push(...(await axeViolations(signInPage)));
    }
    assert.deepEqual(violations, []);
    // The expected entries: Chromium logs the refused block and the refused accommodation form
    // (answered 409 and 400 with the form and its errors, by design) as failed resource loads.
    assert.deepEqual(
      problems.filter(
        (p) =>
          !/\/admin\/(calendar\/block|accommodations): console error: Failed to load resource: the server responded with a status of (409|400)/.test(
            p,
          ),
      ),
      [],
    );
    await context.close();
  });

test('the console tells the truth and fits a phone', async () => {
  const context = await rig.browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const earlier = problems.length;
  watch(page);
  await signIn(page);

  // No SMTP_URL in the test app: every page says so, and a test mail goes through the outbox.
  const banner = page.getByRole('complementary', { name: 'Mail problem' });
  await banner.getByText('Mails are not being sent').waitFor();
  await banner.getByLabel('Send a test mail to').fill('host@example.com');
  await banner.getByRole('button', { name: 'Send a test mail' }).click();
  await page.getByText('The test mail is queued').waitFor();
  const row = page.getByRole('row').filter({ hasText: 'host@example.com' });
  await row.getByText('Queued, not sent yet').waitFor();

  // A compact navigation: the header takes a small part of the phone's screen, sign-out is a quiet link.
  const header = await page.locator('header.top').boundingBox();
  assert.ok(header !== null && header.height <= 110, `header height ${header?.height}`);
  const signOut = page.getByRole('button', { name: /^Sign out/ });
  const look = await signOut.evaluate((el) => {
    const w = globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } };
    return w.getComputedStyle(el).backgroundColor;
  });
  assert.match(look, /rgba\(0, 0, 0, 0\)|transparent/, 'sign-out has no filled background');

  // The calendar opens at the current month with today marked and scrolled into view.
  const home = await rig.t.admin('POST', '/admin/api/accommodations', {
    name: 'Phone Flat',
    base_price: 80,
    max_guests: 2,
  });
  assert.equal(home.statusCode, 201, home.body);
  await page.getByRole('link', { name: 'Calendar' }).click();
  const todayHeader = page.locator('th[aria-current="date"]');
  await todayHeader.waitFor();
  const day = Number(todayIn('UTC').slice(8, 10));
  if (day > 3) {
    const scrolled = await page.locator('.cal-wrap').evaluate((el: { scrollLeft: number }) => el.scrollLeft);
    assert.ok(scrolled > 0, 'the timeline starts near today');
  }
  const cell = await page.locator('.cal td[data-night]').first().boundingBox();
  assert.ok(cell !== null && cell.width < 70, 'narrow nights on a phone, more of them at once');

  // An accommodation with no bookings is deleted after its confirmation step.
  await page.getByRole('link', { name: 'Phone Flat' }).click();
  await page.getByRole('link', { name: 'Delete Phone Flat…' }).click();
  await page.getByRole('button', { name: 'Delete Phone Flat' }).click();
  await page.getByText('The accommodation is deleted.').waitFor();
  assert.deepEqual(problems.slice(earlier), []);
  await context.close();
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeViolations, watchPage } from './support/chromium.ts';
import { signIn, useConsoleRig } from './support/console-rig.ts';
import { todayIn } from '../../src/shared/dates.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';

// Issued documents in a real browser, at desktop and phone width: the host sets the invoice
// numbers in Settings, a booking is invoiced, the Documents page lists the register with its CSV,
// and the booking's page lists its documents. axe-core checks every page; no page logs an error.

const rig = useConsoleRig('documents-host');

const SIZES = [
  { name: 'desktop', width: 1280, height: 900, prefix: 'DESK-' },
  { name: 'phone', width: 390, height: 844, prefix: 'PHONE-' },
] as const;

for (const size of SIZES) {
  test(`a host sets the invoice numbers and finds the documents (${size.name})`, async () => {
    const problems: string[] = [];
    const context = await rig.browser.newContext({
      locale: 'en-GB',
      viewport: { width: size.width, height: size.height },
    });
    const page = await context.newPage();
    watchPage(page, problems);
    const violations: string[] = [];
    await signIn(page, rig);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Number prefix').fill(size.prefix);
    await page.getByLabel('Start again from 1 each year').uncheck();
    await page.getByRole('button', { name: 'Save invoice numbers' }).click();
    await page.getByText('The invoice numbers are saved.').waitFor();
    assert.equal(await page.getByLabel('Number prefix').inputValue(), size.prefix);
    assert.equal(await page.getByLabel('Start again from 1 each year').isChecked(), false);
    violations.push(...(await axeViolations(page)));

    const home = await makeAccommodation(rig.t.ctx.db, { name: `Documents House ${size.name}` });
    const res = await rig.t.request({
      method: 'POST',
      url: `${rig.t.v1}/bookings`,
      payload: bookingBody(home.id, futureStay(2), { booking: { expected_amount: 275 } }),
    });
    assert.equal(res.statusCode, 200, res.body);
    const { booking_id: bookingId } = res.json<{ data: { booking_id: number } }>().data;
    const number = `${size.prefix}000001`;

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('heading', { name: 'Documents' }).first().waitFor();
    const link = page.getByRole('link', { name: number });
    await link.waitFor();
    assert.match((await link.getAttribute('href')) ?? '', new RegExp(`number=${number}&format=pdf`));
    const today = todayIn('UTC');
    assert.equal(await page.getByLabel('Issued until').inputValue(), today);
    const csv = page.getByRole('link', { name: 'Download as CSV' });
    assert.match((await csv.getAttribute('href')) ?? '', /format=csv/);
    violations.push(...(await axeViolations(page)));

    // An empty range says so.
    await page.getByLabel('Issued from').fill('2001-01-01');
    await page.getByLabel('Issued until').fill('2001-12-31');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('No documents were issued in this range.').waitFor();

    await page.goto(`${rig.base}/admin/bookings/${bookingId}`);
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    await page.getByRole('link', { name: number }).waitFor();
    await page.getByRole('link', { name: "What the guest's invoice link shows (PDF)" }).waitFor();
    violations.push(...(await axeViolations(page)));

    const pdf = await page.request.get(`${rig.base}/admin/documents?number=${number}&format=pdf`);
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');

    assert.deepEqual(violations, []);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, test } from 'node:test';
import { importAlloggiatiTables } from '../../src/authorities/import-alloggiati-tables.ts';
import { axeViolations, watchPage } from './support/chromium.ts';
import { signIn, SIZES, useConsoleRig } from './support/console-rig.ts';
import { futureStay, makeAccommodation } from '../support/factories.ts';
import { ANNA, alloggiatiFolder, registerGuests } from '../support/registrations.ts';

// Registrations and a guest's data in a real browser, at desktop and phone width: the owner
// downloads a day's Alloggiati Web file, sees the guests that block another day's file and opens
// the booking of one, downloads the registrations CSV, then exports and erases a guest's data
// from the booking's page through its confirmation. axe-core checks every page; no page logs an error.

const rig = useConsoleRig('registrations-host');
const folder = alloggiatiFolder();
after(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

async function book(accommodationId: number, stay: { checkin: string; checkout: string }) {
  const res = await rig.t.admin('POST', '/admin/api/bookings', {
    accommodation_id: accommodationId,
    checkin_date: stay.checkin,
    checkout_date: stay.checkout,
    adults_count: 1,
    guest: { first_name: 'Anna', last_name: 'Bianchi', email: `anna.${stay.checkin}@example.com` },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: { id: number; confirmation_code: string } }>().data;
}

for (const size of SIZES) {
  test(`the owner downloads the registrations and erases a guest's data (${size.name})`, async () => {
    await importAlloggiatiTables(rig.t.ctx.db, folder, () => undefined);
    const home = await makeAccommodation(rig.t.ctx.db, {
      name: `Casa ${size.name}`,
      registration_number: `IT037006C2${size.name.toUpperCase()}`,
    });
    const ready = futureStay(2);
    const registered = await book(home.id, ready);
    await registerGuests(rig.t.ctx.db, registered.id, [ANNA]);
    const open = futureStay(2);
    const missing = await book(home.id, open);

    const problems: string[] = [];
    const context = await rig.browser.newContext({
      locale: 'en-GB',
      viewport: { width: size.width, height: size.height },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    watchPage(page, problems);
    const violations: string[] = [];
    await signIn(page, rig);

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Registrations' }).click();
    await page.getByRole('heading', { name: 'Italy: Alloggiati Web' }).waitFor();
    violations.push(...(await axeViolations(page)));

    await page.getByLabel('Arrival date').fill(ready.checkin);
    await page.getByLabel('Home').selectOption({ label: `Casa ${size.name}` });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the Alloggiati file' }).click(),
    ]);
    assert.equal(file.suggestedFilename(), `alloggiati-${ready.checkin}.txt`);
    const record = fs.readFileSync(await file.path(), 'utf8');
    assert.equal(record.length, 168, 'one guest, one record');
    assert.match(record, /BIANCHI/);

    await page.getByLabel('Arrival date').fill(open.checkin);
    await page.getByRole('button', { name: 'Download the Alloggiati file' }).click();
    await page.getByRole('heading', { name: `What blocks the file of ${open.checkin}` }).waitFor();
    assert.equal(await page.getByLabel('Arrival date').inputValue(), open.checkin);
    violations.push(...(await axeViolations(page)));

    await page.getByLabel('Arrivals from').fill(ready.checkin);
    await page.getByLabel('Arrivals until').fill(open.checkin);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the CSV' }).click(),
    ]);
    assert.equal(csv.suggestedFilename(), `registrations-${ready.checkin}-${open.checkin}.csv`);
    assert.match(fs.readFileSync(await csv.path(), 'utf8'), /CA1234567/);

    await page.getByRole('link', { name: missing.confirmation_code }).click();
    await page.getByRole('heading', { name: `Booking ${missing.confirmation_code}` }).waitFor();
    await page.goto(`${rig.base}/admin/bookings/${registered.id}`);
    await page.getByRole('heading', { name: 'Guest data' }).waitFor();
    violations.push(...(await axeViolations(page)));
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export guest data' }).click(),
    ]);
    assert.match(json.suggestedFilename(), /^guest-\d+\.json$/);
    const exported = JSON.parse(fs.readFileSync(await json.path(), 'utf8')) as { guest: { email: string } };
    assert.equal(exported.guest.email, `anna.${ready.checkin}@example.com`);

    await page.getByRole('link', { name: 'Erase guest data…' }).click();
    await page.getByRole('heading', { name: 'Erase the data of Anna Bianchi?' }).waitFor();
    violations.push(...(await axeViolations(page)));
    await page.getByRole('button', { name: 'Erase the data of Anna Bianchi' }).click();
    await page.getByText("The guest's data is erased").waitFor();
    await page.getByText("This guest's data was erased on").waitFor();
    assert.equal(await page.getByRole('link', { name: 'Erase guest data…' }).count(), 0);
    violations.push(...(await axeViolations(page)));

    assert.deepEqual(violations, []);
    // The one expected entry: Chromium logs the blocked file's page (answered 409 with what
    // blocks it, by design) as a failed resource load.
    const blocked = /\/admin\/registrations\?.*: console error: .* status of 409 \(Conflict\)$/;
    assert.equal(problems.filter((p) => blocked.test(p)).length, 1);
    assert.deepEqual(
      problems.filter((p) => !blocked.test(p)),
      [],
    );
    await context.close();
  });
}

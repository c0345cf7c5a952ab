import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeViolations, watchPage } from './support/chromium.ts';
import { signIn, SIZES, useConsoleRig } from './support/console-rig.ts';

// The money rules of the accommodation form in a real browser, at desktop and phone width
// (docs/money.md): a host sets a city tax, an extra-guest fee, a damage deposit, cancellation
// tiers, payment terms and a registration number; mistakes come back on the fields they are
// about (a tier's on the row it was typed in, though empty rows are not sent); what is saved is
// shown again, and an amount emptied clears its rule. axe-core checks each page.

const problems: string[] = [];

const rig = useConsoleRig('money-host');

for (const size of SIZES) {
  test(`a host sets the money rules of a home (${size.name})`, async () => {
    const context = await rig.browser.newContext({
      locale: 'en-GB',
      viewport: { width: size.width, height: size.height },
    });
    const page = await context.newPage();
    watchPage(page, problems);
    const violations: string[] = [];
    const label = (text: string) => page.getByLabel(text, { exact: true });
    await signIn(page, rig);

    const name = `Casa Lago ${size.name}`;
    await page.goto(`${rig.base}/admin/accommodations/new`);
    await label('Name').fill(name);
    await label('Base price per night').fill('120');
    await label('Maximum guests').fill('6');
    await label('City tax per person per night').fill('2.5');
    await label('City tax counts').selectOption('adults_children');
    await label('City tax for at most (nights)').fill('7');
    await label('Extra-guest fee per guest per night').fill('15');
    await label('Guests included in the price').fill('2');
    await label('Damage deposit').fill('300');
    await label('Due at booking (%)').fill('30');
    await label('Tier 1: from days before arrival').fill('30');
    await label('Tier 1: fee (% of the total)').fill('0');
    // Tier 2 left empty; tier 3 without its fee, and the balance's days left out.
    await label('Tier 3: from days before arrival').fill('7');
    await label('Registration number').fill('IT-CIN 012345');
    await page.getByRole('button', { name: 'Create accommodation' }).click();
    const summary = page.getByRole('alert').filter({ hasText: '2 fields need a change' });
    await summary.waitFor();
    await summary.getByRole('link', { name: 'Balance due (days before arrival)' }).waitFor();
    await summary.getByRole('link', { name: 'Tier 3: fee (% of the total)' }).click();
    assert.equal(
      await page.locator('#f-cancellation_policy_2_fee:focus').count(),
      1,
      'the link leads to the row typed in',
    );
    await page.locator('#err-cancellation_policy_2_fee').waitFor();
    assert.equal(await page.locator('#err-cancellation_policy_1_fee').count(), 0, 'not on the empty row');
    assert.equal(await label('Registration number').inputValue(), 'IT-CIN 012345', 'what was typed stays');
    violations.push(...(await axeViolations(page)));

    // Two tiers for the same days: the store's rule, shown on the row that repeats it.
    await label('Tier 3: fee (% of the total)').fill('50');
    await label('Balance due (days before arrival)').fill('14');
    await label('Tier 4: from days before arrival').fill('30');
    await label('Tier 4: fee (% of the total)').fill('100');
    await page.getByRole('button', { name: 'Create accommodation' }).click();
    await page.locator('#err-cancellation_policy_3_days_before_checkin').waitFor();
    assert.equal(await page.locator('#f-cancellation_policy_3_days_before_checkin[aria-invalid="true"]').count(), 1);
    violations.push(...(await axeViolations(page)));

    await label('Tier 4: from days before arrival').fill('0');
    await page.getByRole('button', { name: 'Create accommodation' }).click();
    await page.getByText('The accommodation is created.').waitFor();
    const id = Number(/accommodations\/(\d+)/.exec(page.url())?.[1]);
    const stored = await rig.t.ctx.db
      .selectFrom('accommodations')
      .select([
        'city_tax',
        'extra_guest_fee',
        'damage_deposit',
        'cancellation_policy',
        'payment_terms',
        'registration_number',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(stored.city_tax ?? 'null'), {
      amount: 250,
      per: 'person_night',
      counts: ['adults', 'children'],
      max_nights: 7,
    });
    assert.deepEqual(JSON.parse(stored.extra_guest_fee ?? 'null'), { amount: 1500, included_guests: 2 });
    assert.equal(stored.damage_deposit, 30000);
    assert.deepEqual(JSON.parse(stored.cancellation_policy ?? 'null'), [
      { days_before_checkin: 30, fee_ppm: 0 },
      { days_before_checkin: 7, fee_ppm: 500000 },
      { days_before_checkin: 0, fee_ppm: 1_000_000 },
    ]);
    assert.deepEqual(JSON.parse(stored.payment_terms ?? 'null'), { deposit_ppm: 300000, balance_days_before: 14 });
    assert.equal(stored.registration_number, 'IT-CIN 012345');

    // The saved rules are shown again, tiers largest first; an amount emptied clears its rule.
    assert.equal(await label('City tax per person per night').inputValue(), '2.5');
    assert.equal(await label('City tax counts').inputValue(), 'adults_children');
    assert.equal(await label('Tier 2: from days before arrival').inputValue(), '7');
    assert.equal(await label('Tier 3: fee (% of the total)').inputValue(), '100');
    assert.equal(await label('Due at booking (%)').inputValue(), '30');
    violations.push(...(await axeViolations(page)));
    await label('City tax per person per night').fill('');
    await page.getByRole('button', { name: 'Save the rules' }).click();
    await page.waitForURL(/done=saved/);
    const after = await rig.t.ctx.db
      .selectFrom('accommodations')
      .select(['city_tax', 'damage_deposit'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...after }, { city_tax: null, damage_deposit: 30000 });
    assert.equal(await label('City tax per person per night').inputValue(), '');

    assert.deepEqual(violations, []);
    // The expected entries: Chromium logs each refused form (answered 400 with its errors, by
    // design) as a failed resource load.
    const refused =
      /\/admin\/accommodations: console error: Failed to load resource: the server responded with a status of 400/;
    assert.deepEqual(
      problems.filter((p) => !refused.test(p)),
      [],
    );
    await context.close();
  });
}

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeViolations, watchPage } from './support/chromium.ts';
import { signIn, SIZES, useConsoleRig } from './support/console-rig.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { insertBooking, makeAccommodation } from '../support/factories.ts';
import { moneyRules } from '../support/money-rules.ts';

// The money of a booking in a real browser (Debian's Chromium through playwright-core), at
// desktop and phone width: the schedule of its payment terms, the damage deposit collected and
// partly kept, a refund that lowers the price, and a cancellation whose fee the host waives on the
// cancel step; Today lists the payment due. Every page is checked by axe-core, and no page logs
// an error.

const rig = useConsoleRig('money-host');

for (const size of SIZES) {
  test(`a host handles a booking's deposit, schedule, refund and cancellation fee (${size.name})`, async () => {
    const acc = await makeAccommodation(rig.t.ctx.db, {
      name: `Money House ${size.name}`,
      ...moneyRules({
        deposit: 20000,
        policy: [[0, 0.5]],
        terms: { deposit_fraction: 0.3, balance_days_before: 14 },
      }),
    });
    const today = todayIn('UTC');
    const terms = JSON.stringify({ deposit_ppm: 300_000, balance_days_before: 14 });
    // Booked a month ago, its balance due 4 days ago: 115.50 paid of 385.00.
    const b = await insertBooking(rig.t.ctx.db, acc, {
      checkin: addDays(today, 10),
      checkout: addDays(today, 13),
      firstName: `Greta ${size.name}`,
      row: {
        payment_terms: terms,
        created_at: new Date(Date.now() - 30 * 86_400_000).toISOString(),
        amount_paid: 11550,
        deposit_amount: 20000,
        deposit_state: 'due',
      },
    });
    const problems: string[] = [];
    const violations: string[] = [];
    const context = await rig.browser.newContext({
      locale: 'en-GB',
      viewport: { width: size.width, height: size.height },
    });
    const page = await context.newPage();
    watchPage(page, problems);
    await signIn(page, rig);

    // Today: the balance that has fallen due.
    const due = page.getByRole('heading', { level: 2, name: 'Payments due' });
    await due.waitFor();
    await page
      .getByRole('link', { name: `Greta ${size.name} Lovelace` })
      .first()
      .waitFor();
    violations.push(...(await axeViolations(page)));

    await page.goto(`${rig.base}/admin/bookings/${b.id}`);
    await page.getByRole('heading', { name: 'Payment schedule' }).waitFor();
    await page.getByRole('cell', { name: 'overdue' }).waitFor();
    violations.push(...(await axeViolations(page)));

    // The deposit: collected, then 40 kept for a broken lamp, the rest returned.
    await page.getByRole('button', { name: 'Collect the deposit' }).click();
    await page.getByText('The damage deposit is collected.').waitFor();
    await page.getByLabel(/^Deposit kept/).fill('40');
    await page.getByLabel('Why it is kept').fill('broken lamp');
    await page.getByRole('button', { name: 'Keep the deposit' }).click();
    await page.getByText('The damage deposit is kept.').waitFor();
    const kept = await rig.t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', b.id).executeTakeFirstOrThrow();
    assert.deepEqual({ state: kept.deposit_state, kept: kept.deposit_kept }, { state: 'partly_kept', kept: 4000 });
    violations.push(...(await axeViolations(page)));

    // A refund too large is refused with why; one of 15.50 lowers the price.
    await page.getByLabel(/^Refund amount/).fill('500');
    await page.getByRole('button', { name: 'Give money back' }).click();
    await page
      .getByText(/is more than the/)
      .first()
      .waitFor();
    violations.push(...(await axeViolations(page)));
    await page.getByLabel(/^Refund amount/).fill('15.50');
    await page.getByLabel('Refund method').selectOption('bank_transfer');
    await page.getByLabel('Refund reason').fill('pool closed');
    await page.getByLabel(/Lower the price/).check();
    await page.getByRole('button', { name: 'Give money back' }).click();
    await page.getByText('The refund is recorded and the price lowered.').waitFor();
    await page.getByRole('cell', { name: 'pool closed' }).waitFor();
    const refunded = await rig.t.ctx.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ total: refunded.total, paid: refunded.amount_paid }, { total: 36950, paid: 10000 });
    violations.push(...(await axeViolations(page)));

    // Cancelled with the fee waived on the cancel step.
    await page.getByRole('link', { name: /^Cancel booking/ }).click();
    await page.getByText(/The cancellation policy keeps/).waitFor();
    violations.push(...(await axeViolations(page)));
    await page.getByLabel('Waive the cancellation fee').check();
    await page.getByRole('button', { name: /^Cancel booking/ }).click();
    await page.getByText('The booking is cancelled').waitFor();
    await page.getByText(/Cancellation fee:/).waitFor();
    const cancelled = await rig.t.ctx.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual({ status: cancelled.status, fee: cancelled.cancellation_fee }, { status: 'cancelled', fee: 0 });
    violations.push(...(await axeViolations(page)));

    assert.deepEqual(violations, []);
    // The refused refund answers a redirect, not an error: nothing is logged.
    assert.deepEqual(problems, []);
    await context.close();
  });
}

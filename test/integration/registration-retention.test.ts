import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startBackgroundJobs } from '../../src/jobs/background-jobs.ts';
import { addDays } from '../../src/shared/dates.ts';
import { signIn } from '../support/console-client.ts';
import { futureStay, makeAccommodation } from '../support/factories.ts';
import { ANNA, JONAS, registerGuests } from '../support/registrations.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { until } from '../support/until.ts';

// Personal data with an end (docs/registrations.md#retention): check-in documents are erased
// `registration_retention_days` after departure by the background job, once across processes.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

const retention = async () =>
  (await t.admin('GET', '/admin/api/settings')).json<{ data: { registration_retention_days: number } }>().data
    .registration_retention_days;

async function guestsOf(bookingId: number) {
  return t.ctx.db
    .selectFrom('registration_guests')
    .select(['first_name', 'document_type', 'document_number', 'document_country', 'documents_erased_at'])
    .where('booking_id', '=', bookingId)
    .orderBy('position')
    .execute();
}

/** Two processes' background jobs at `instant` on the app's clock, until the retention job has run in one. */
async function runJobsAt(instant: Date): Promise<void> {
  const original = t.ctx.now.bind(t.ctx);
  t.ctx.now = () => new Date(instant);
  await t.ctx.db.deleteFrom('job_leases').where('name', '=', 'erase-registration-documents').execute();
  const processes = [
    startBackgroundJobs(t.ctx, silent, { worker: 'one' }),
    startBackgroundJobs(t.ctx, silent, { worker: 'two' }),
  ];
  try {
    await until('the retention job ran', async () => {
      const lease = await t.ctx.db
        .selectFrom('job_leases')
        .select('locked_until')
        .where('name', '=', 'erase-registration-documents')
        .executeTakeFirst();
      return lease !== undefined;
    });
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    t.ctx.now = original;
  }
}

describe(`retention of check-in documents (${testStoreKind})`, () => {
  test('the setting: 90 days unless the host sets another, checked in the admin API and the console', async () => {
    assert.equal(await retention(), 90);
    assert.equal((await t.admin('PUT', '/admin/api/settings', { registration_retention_days: 30 })).statusCode, 200);
    assert.equal(await retention(), 30);
    const bad = await t.admin('PUT', '/admin/api/settings', { registration_retention_days: 0 });
    assert.equal(bad.statusCode, 400);
    assert.equal(await retention(), 30);
    const owner = await signIn(t, undefined, { role: 'owner' });
    assert.match((await owner.get('/admin/settings')).body, /name="registration_retention_days"[^>]*value="30"/);
    const refused = await owner.post('/admin/settings/retention', { registration_retention_days: 'soon' });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /whole number of days from 1 to 3650/);
    assert.equal(
      (await owner.post('/admin/settings/retention', { registration_retention_days: '45' })).statusCode,
      303,
    );
    assert.equal(await retention(), 45);
    assert.equal((await t.admin('PUT', '/admin/api/settings', { registration_retention_days: null })).statusCode, 200);
    assert.equal(await retention(), 90);
  });

  test('documents go the set number of days after departure, the rest of the check-in stays', async () => {
    await t.admin('PUT', '/admin/api/settings', { registration_retention_days: 30 });
    const home = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3);
    const res = await t.admin('POST', '/admin/api/bookings', {
      accommodation_id: home.id,
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
      adults_count: 2,
      guest: { first_name: 'Anna', last_name: 'Bianchi', email: 'anna.retention@example.com' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const booking = res.json<{ data: { id: number } }>().data.id;
    await registerGuests(t.ctx.db, booking, [ANNA, JONAS]);
    const later = futureStay(2, 2000);
    const laterRes = await t.admin('POST', '/admin/api/bookings', {
      accommodation_id: home.id,
      checkin_date: later.checkin,
      checkout_date: later.checkout,
      adults_count: 1,
      guest: { first_name: 'Jonas', last_name: 'Weiß', email: 'jonas.retention@example.com' },
    });
    const laterBooking = laterRes.json<{ data: { id: number } }>().data.id;
    await registerGuests(t.ctx.db, laterBooking, [JONAS]);

    await runJobsAt(new Date(`${addDays(stay.checkout, 29)}T23:59:00Z`));
    assert.deepEqual(
      (await guestsOf(booking)).map((g) => g.document_number),
      ['CA1234567', 'C01X00T47'],
      'one day before the end of the period: kept',
    );

    const at = new Date(`${addDays(stay.checkout, 30)}T00:30:00Z`);
    await runJobsAt(at);
    assert.deepEqual(
      (await guestsOf(booking)).map((g) => ({ ...g })),
      [
        {
          first_name: 'Anna',
          document_type: null,
          document_number: null,
          document_country: null,
          documents_erased_at: at.toISOString(),
        },
        {
          first_name: 'Jonas',
          document_type: null,
          document_number: null,
          document_country: null,
          documents_erased_at: at.toISOString(),
        },
      ],
    );
    assert.equal((await guestsOf(laterBooking))[0]?.document_number, 'C01X00T47', 'a later stay keeps its documents');
    await t.admin('PUT', '/admin/api/settings', { registration_retention_days: null });
  });
});

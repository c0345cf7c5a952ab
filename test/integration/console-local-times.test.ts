import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { signIn, type ConsoleClient } from '../support/console-client.ts';
import { futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The console shows an instant where the home it is about is (a booking's history, mails and
// hold in its home's time zone), and names the zone once the host's homes are in several.

const INSTANT = '2027-01-15T23:30:00.000Z';

let t: TestApp;
let host: ConsoleClient;
before(async () => {
  t = await createTestApp();
  host = await signIn(t);
});
after(async () => {
  await t.close();
});

/** A confirmed booking of `home` whose history, mails and creation all happened at INSTANT. */
async function bookingAt(home: Awaited<ReturnType<typeof makeAccommodation>>): Promise<number> {
  const b = await insertBooking(t.ctx.db, home, futureStay(2));
  await t.ctx.db
    .insertInto('booking_events')
    .values({
      booking_id: b.id,
      event: 'created',
      status: 'confirmed',
      actor_kind: 'host',
      actor_ref: null,
      reason: null,
      created_at: INSTANT,
    })
    .execute();
  return b.id;
}

const textOf = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe(`the console shows each home's local time (${testStoreKind})`, () => {
  test('homes in one zone: times in that zone, without naming it', async () => {
    const zurich = await makeAccommodation(t.ctx.db, { name: 'Zurich Flat', timezone: 'Europe/Zurich' });
    const id = await bookingAt(zurich);
    const page = textOf((await host.get(`/admin/bookings/${id}`)).body);
    assert.match(page, /16 Jan 2027, 00:30: created \(confirmed\)/, 'UTC+1 in January');
    assert.doesNotMatch(page, /23:30|\bUTC\b|\(Europe\/Zurich\)/);
  });

  test('homes in several zones: each home its own time, every time with its zone', async () => {
    const zurich = await makeAccommodation(t.ctx.db, { name: 'Zurich Loft', timezone: 'Europe/Zurich' });
    const york = await makeAccommodation(t.ctx.db, { name: 'York Loft', timezone: 'America/New_York' });
    const inZurich = textOf((await host.get(`/admin/bookings/${await bookingAt(zurich)}`)).body);
    assert.match(inZurich, /16 Jan 2027, 00:30 \(Europe\/Zurich\): created/);
    const inYork = textOf((await host.get(`/admin/bookings/${await bookingAt(york)}`)).body);
    assert.match(inYork, /15 Jan 2027, 18:30 \(America\/New_York\): created/);

    // An instant of no home (a console user's creation) is in UTC, named.
    await t.ctx.db.updateTable('users').set({ created_at: INSTANT }).where('id', '=', host.userId).execute();
    const settings = textOf((await host.get('/admin/settings')).body);
    assert.match(settings, /since 15 Jan 2027, 23:30 \(UTC\)/);
  });
});

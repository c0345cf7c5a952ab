/**
 * `npm run screenshots`: every console page at desktop (1280 px) and phone (390 px) width, written
 * to docs/console/<page>-<width>.png, from an in-process app seeded with a few homes and bookings.
 * Uses Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from './support/chromium.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { blockNights } from '../../src/blocks/block-nights.ts';
import { nightRange } from '../../src/accommodations/night-range.ts';
import { createAdminUser } from '../../src/users/user-repository.ts';
import { consolePages } from '../support/console-pages.ts';
import { insertBooking, insertFeed, insertReservation, makeAccommodation } from '../support/factories.ts';
import { createTestApp } from '../support/test-app.ts';

const OUT = path.join(import.meta.dirname, '../../docs/console');
mkdirSync(OUT, { recursive: true });

const t = await createTestApp();
await t.app.listen({ host: '127.0.0.1', port: 0 });
const address = t.app.server.address();
if (address === null || typeof address === 'string') throw new Error('no port');
const base = `http://127.0.0.1:${address.port}`;

const today = todayIn('UTC');
const homes = [
  await makeAccommodation(t.ctx.db, { name: 'Alpine Chalet', currency: 'EUR', base_price: 18000 }),
  await makeAccommodation(t.ctx.db, { name: 'Harbour Loft', currency: 'EUR', base_price: 9500 }),
  await makeAccommodation(t.ctx.db, { name: 'Vineyard Cottage', currency: 'CHF', base_price: 14000 }),
];
const guests = [
  ['Marie', 'Curie'],
  ['Ada', 'Lovelace'],
  ['Alan', 'Turing'],
  ['Grace', 'Hopper'],
  ['Lise', 'Meitner'],
  ['Niels', 'Bohr'],
] as const;
let booked = 0;
for (const [i, home] of homes.entries()) {
  let start = addDays(today, i);
  for (let b = 0; b < 3; b += 1) {
    const [first, last] = guests[(i * 3 + b) % guests.length] ?? ['Guest', 'One'];
    const nights = 2 + ((i + b) % 4);
    await insertBooking(t.ctx.db, home, {
      checkin: start,
      checkout: addDays(start, nights),
      firstName: first,
      guest: { lastName: last },
      ...(b === 2 && i === 1 ? { status: 'draft' as const } : {}),
    });
    booked += 1;
    start = addDays(start, nights + 2);
  }
}
// Stays earlier this month too, so the calendar's first weeks are not empty.
const monthStart = `${today.slice(0, 7)}-01`;
for (const [i, home] of homes.entries()) {
  const checkin = addDays(monthStart, 1 + i * 3);
  if (addDays(checkin, 4) <= today) {
    const [first, last] = guests[(i + 4) % guests.length] ?? ['Guest', 'One'];
    await insertBooking(t.ctx.db, home, {
      checkin,
      checkout: addDays(checkin, 4),
      firstName: first,
      guest: { lastName: last },
    });
    booked += 1;
  }
}
await blockNights(
  t.ctx,
  homes[0]?.id ?? 1,
  nightRange(addDays(today, 20), addDays(today, 23)),
  'roof repair',
  new Date(),
);
const at = new Date().toISOString();
// A stay imported from a channel's calendar, arriving this week between two bookings, holding its nights.
const channelHome = homes[2]?.id ?? 1;
const feed = await insertFeed(t.ctx.db, channelHome, 'airbnb');
const importedStart = addDays(today, 6);
const imported = await insertReservation(t.ctx.db, feed.id, channelHome, {
  uid: 'screenshot-1',
  summary: 'Reserved',
  start: importedStart,
  end: addDays(importedStart, 2),
});
await t.ctx.db
  .insertInto('night_claims')
  .values(
    [0, 1].map((n) => ({
      accommodation_id: channelHome,
      night: addDays(importedStart, n),
      kind: 'external' as const,
      booking_id: null,
      external_reservation_id: imported.id,
      reason: null,
      created_at: at,
    })),
  )
  .execute();
await t.ctx.db
  .insertInto('outbox')
  .values({
    kind: 'guest',
    template: 'booking_confirmation',
    booking_id: null,
    recipient: 'old@example.com',
    subject: 'Your booking',
    body_text: '',
    body_html: '',
    status: 'failed',
    attempts: 10,
    next_attempt_at: at,
    last_error: 'connect ECONNREFUSED 127.0.0.1:25',
    created_at: at,
  })
  .execute();
const { password } = await createAdminUser(t.ctx.db, 'host');
const firstBooking = await t.ctx.db.selectFrom('bookings').select('id').orderBy('id').executeTakeFirstOrThrow();

const browser = await launchChromium();
try {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  // The sign-in page comes first in the registry: it is taken before signing in (the sign-in form
  // sets a cookie of its own, so whether any cookie is set does not say whether the host is in).
  let signedIn = false;
  const pages = consolePages(
    { booking: firstBooking.id, accommodation: homes[0]?.id ?? 1 },
    { confirm: `action=cancel-booking&id=${firstBooking.id}` },
  );
  for (const [width, height, suffix] of [
    [1280, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const { name, url, public: open } of pages) {
      if (!open && !signedIn) {
        await page.goto(`${base}/admin/sign-in`);
        await page.getByLabel('Login').fill('host');
        await page.getByLabel('Password').fill(password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL(`${base}/admin`);
        signedIn = true;
      }
      await page.goto(`${base}${url}`);
      await page.screenshot({
        path: path.join(OUT, `${name}-${suffix}.png`),
        fullPage: name !== 'calendar' || suffix === 'desktop',
      });
    }
  }
  console.log(`wrote ${pages.length * 2} screenshots to docs/console/ (${booked} bookings seeded)`);
} finally {
  await browser.close();
  await t.close();
}

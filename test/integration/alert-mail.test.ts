import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { queueAlertDigest, queueEmptyFeedMail } from '../../src/ical/alert-mail.ts';
import { claimDueMails } from '../../src/mail/outbox-repository.ts';
import { setSetting } from '../../src/settings/settings-repository.ts';
import { insertFeed, insertReservation, makeAccommodation } from '../support/factories.ts';
import { openTestStore, testStoreKind, type TestStore } from '../support/test-store.ts';

// The host's overbooking mail is written with the same escaping template as the console's pages
// and the guest's mails: names and summaries typed elsewhere never become markup.

let t: TestStore;
before(async () => {
  t = await openTestStore();
});
after(async () => {
  await t.close();
});

test(`the overbooking mail escapes every interpolated value in its HTML part, apostrophes too (${testStoreKind})`, async () => {
  const { db } = t.store;
  await setSetting(db, 'host_email', 'host@example.com');
  const accommodation = await makeAccommodation(db, { name: `Ada's <Loft> & "Co"` });
  const feed = await insertFeed(db, accommodation.id, 'airbnb');
  const reservation = await insertReservation(db, feed.id, accommodation.id, {
    uid: 'u1',
    summary: `<img src=x onerror='alert(1)'>`,
    start: '2031-05-01',
    end: '2031-05-03',
  });
  await queueAlertDigest(
    db,
    { id: feed.id, name: 'airbnb', accommodation_id: accommodation.id },
    [{ reservationId: reservation.id, otherKey: 'block', firstNight: '2031-05-01', nights: 2 }],
    new Date(),
  );
  const mail = await db
    .selectFrom('outbox')
    .select(['body_html', 'body_text'])
    .where('template', '=', 'overbooking_alert')
    .executeTakeFirstOrThrow();
  assert.ok(mail.body_html.includes('Ada&#39;s &lt;Loft&gt; &amp; &quot;Co&quot;'), mail.body_html);
  assert.ok(mail.body_html.includes('&lt;img src=x onerror=&#39;alert(1)&#39;&gt;'), mail.body_html);
  assert.ok(!mail.body_html.includes("'"), 'no raw apostrophe is left in the HTML part');
  assert.ok(!mail.body_html.includes('<img'), 'no markup from the feed');
  assert.ok(mail.body_text.includes(`Ada's <Loft>`), 'the text part is plain text');
});

test(`the empty-calendar mail escapes the accommodation's name too (${testStoreKind})`, async () => {
  const { db } = t.store;
  await setSetting(db, 'host_email', 'host@example.com');
  const accommodation = await makeAccommodation(db, { name: `<b>Bo's</b> "Barn"` });
  const feed = await insertFeed(db, accommodation.id, 'vrbo');
  await queueEmptyFeedMail(db, { id: feed.id, name: 'vrbo', accommodation_id: accommodation.id }, 3, new Date());
  const mail = await db
    .selectFrom('outbox')
    .select(['body_html', 'body_text'])
    .where('template', '=', 'ical_feed_empty')
    .executeTakeFirstOrThrow();
  assert.ok(mail.body_html.includes('&lt;b&gt;Bo&#39;s&lt;/b&gt; &quot;Barn&quot;'), mail.body_html);
  assert.ok(!mail.body_html.includes('<b>'), 'no markup from the name');
  assert.ok(mail.body_text.includes('3 stay(s)'));
});

test(`the host's alert mails are picked up by the mail worker like every other mail (${testStoreKind})`, async () => {
  const { db } = t.store;
  await setSetting(db, 'host_email', 'host@example.com');
  const accommodation = await makeAccommodation(db, { name: 'Alert Cottage' });
  const feed = await insertFeed(db, accommodation.id, 'booking');
  await queueEmptyFeedMail(db, { id: feed.id, name: 'booking', accommodation_id: accommodation.id }, 2, new Date());
  const queued = await db
    .selectFrom('outbox')
    .select('id')
    .where('template', '=', 'ical_feed_empty')
    .where('booking_id', 'is', null)
    .execute();
  const claimed = await claimDueMails(db, { worker: 'alert-test', now: new Date(), leaseMs: 60_000, limit: 100 });
  const claimedIds = new Set(claimed.map((m) => m.id));
  assert.ok(queued.length > 0);
  for (const row of queued) assert.ok(claimedIds.has(row.id), `alert mail ${String(row.id)} is claimed for delivery`);
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Accommodation } from '../../src/db/schema.ts';
import { quoteStay } from '../../src/pricing/quote-stay.ts';
import { addDays } from '../../src/shared/dates.ts';
import { signIn, type ConsoleClient } from '../support/console-client.ts';
import {
  bookingBody,
  bookingById,
  claimedNights,
  futureStay,
  insertBooking,
  insertFeed,
  insertReservation,
  makeAccommodation,
} from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The console's safe actions and its truthfulness over HTTP, on the store TEST_DATABASE_URL
// selects: a confirmation step before anything that cannot be taken back, every change answered
// with a redirect, undoing a cancellation while its nights are free (racing a v1 booking for
// them), the mail banner and its test mail, expired drafts on Today, overbookings on the calendar.

let t: TestApp;
let host: ConsoleClient;
before(async () => {
  t = await createTestApp();
  host = await signIn(t);
});
after(async () => {
  await t.close();
});

function location(res: { headers: Record<string, unknown> }): string {
  return String(res.headers.location);
}

/** A v1 booking of these nights, paid by bank transfer (confirmed at once). */
async function v1Booking(a: Accommodation, stay: { checkin: string; checkout: string }) {
  const quote = await quoteStay(t.ctx.db, a, { ...stay, guests: 2, extras: {} });
  return t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(a.id, stay, { booking: { expected_amount: quote.total / 100 } }),
  });
}

async function cancelInConsole(bookingId: number): Promise<void> {
  const res = await host.post(`/admin/bookings/${bookingId}/cancel`, { reason: 'guest asked' });
  assert.equal(location(res), `/admin/bookings/${bookingId}?done=cancelled`);
}

describe(`console safe actions (${testStoreKind})`, () => {
  test('cancel asks first: the booking page links to a confirmation page whose form cancels', async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Confirm House' });
    const b = await insertBooking(t.ctx.db, a, futureStay(3));
    const page = await host.get(`/admin/bookings/${b.id}`);
    assert.doesNotMatch(page.body, /action="\/admin\/bookings\/\d+\/cancel"/, 'no one-click cancel on the page');
    const link = `/admin/confirm?action=cancel-booking&amp;id=${b.id}`;
    assert.ok(page.body.includes(`href="${link}"`), 'a link to the confirmation step');
    const confirm = await host.get(`/admin/confirm?action=cancel-booking&id=${b.id}`);
    assert.equal(confirm.statusCode, 200);
    assert.match(confirm.body, new RegExp(`<h1>Cancel booking ${b.confirmation_code}\\?</h1>`));
    assert.match(confirm.body, /Confirm House/);
    assert.match(confirm.body, / → /, 'the stay reads arrival → departure');
    assert.ok(confirm.body.includes(`action="/admin/bookings/${b.id}/cancel"`), 'its form posts the cancellation');
    assert.ok(confirm.body.includes(`href="/admin/bookings/${b.id}"`), 'and there is a way back');
    assert.equal((await bookingById(t.ctx.db, b.id)).status, 'confirmed', 'opening the page changes nothing');

    await cancelInConsole(b.id);
    const again = await host.get(`/admin/confirm?action=cancel-booking&id=${b.id}`);
    assert.match(again.body, /nothing to confirm/i, 'a cancelled booking has nothing left to confirm');
    assert.match((await host.get('/admin/confirm')).body, /nothing to confirm/i);
  });

  test('revoke, clear, unblock, remove a price or a calendar, delete: each has its confirmation page', async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Many Forms' });
    const key = await t.ctx.db
      .selectFrom('api_keys')
      .select(['id', 'name'])
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    const feed = await insertFeed(t.ctx.db, a.id, 'airbnb');
    const { checkin, checkout } = futureStay(2);
    const pages = [
      [`action=revoke-key&id=${key.id}`, `/admin/settings/api-keys/${key.id}/revoke`],
      ['action=clear-secret&kind=webhook', '/admin/settings/secrets/webhook/clear'],
      [`action=unblock&id=${a.id}&from=${checkin}&to=${checkout}`, `/admin/accommodations/${a.id}/unblock`],
      [`action=remove-price&id=${a.id}&from=${checkin}&to=${checkout}`, `/admin/accommodations/${a.id}/prices`],
      [`action=remove-feed&id=${a.id}&feed=${feed.id}`, `/admin/accommodations/${a.id}/feeds/${feed.id}/remove`],
      [`action=delete-accommodation&id=${a.id}`, `/admin/accommodations/${a.id}/delete`],
    ] as const;
    for (const [query, action] of pages) {
      const res = await host.get(`/admin/confirm?${query}`);
      assert.equal(res.statusCode, 200, query);
      assert.ok(res.body.includes(`action="${action}"`), `${query} posts to ${action}`);
      assert.match(res.body, /class="danger"/, query);
    }
    const settings = await host.get('/admin/settings');
    assert.doesNotMatch(settings.body, /\/revoke" class="inline"/, 'no one-click revoke');
  });

  test('undo a cancellation: confirmed again, nights taken, guest mailed, history says who', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3, 60);
    const b = await insertBooking(t.ctx.db, a, stay);
    await cancelInConsole(b.id);
    assert.deepEqual(await claimedNights(t.ctx.db, b.id), []);
    const page = await host.get(`/admin/bookings/${b.id}`);
    assert.match(page.body, /Undo the cancellation of/);

    const undone = await host.post(`/admin/bookings/${b.id}/reinstate`, {});
    assert.equal(location(undone), `/admin/bookings/${b.id}?done=reinstated`);
    const row = await bookingById(t.ctx.db, b.id);
    assert.deepEqual(
      { status: row.status, cancel_reason: row.cancel_reason },
      { status: 'confirmed', cancel_reason: null },
    );
    assert.equal((await claimedNights(t.ctx.db, b.id)).length, 3, 'its nights are taken again');
    const events = await t.ctx.db
      .selectFrom('booking_events')
      .select(['event', 'actor_kind', 'actor_ref'])
      .where('booking_id', '=', b.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      { ...events.at(-1) },
      {
        event: 'reinstated',
        actor_kind: 'host',
        actor_ref: `console_user:${host.userId}`,
      },
    );
    const mails = await t.ctx.db
      .selectFrom('outbox')
      .select('template')
      .where('booking_id', '=', b.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      mails.map((m) => m.template),
      ['booking_cancellation', 'booking_confirmation'],
    );
    const shown = await host.get(`/admin/bookings/${b.id}?done=reinstated`);
    assert.match(shown.body, /status-confirmed/);
    assert.match(shown.body, /Queued, not sent yet/, 'a mail is “queued” until it is sent');
    assert.doesNotMatch(shown.body, /Undo the cancellation of/);

    const twice = await host.post(`/admin/bookings/${b.id}/reinstate`, {});
    assert.equal(twice.statusCode, 303);
    assert.match((await host.follow(twice)).body, /is not cancelled; there is nothing to undo/);
  });

  test('undo is refused once another booking has taken a night, and for a draft never paid', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3, 70);
    const b = await insertBooking(t.ctx.db, a, stay);
    await cancelInConsole(b.id);
    const other = await v1Booking(a, { checkin: addDays(stay.checkin, 2), checkout: addDays(stay.checkout, 2) });
    assert.equal(other.statusCode, 200, other.body);
    const refused = await host.post(`/admin/bookings/${b.id}/reinstate`, {});
    assert.equal(refused.statusCode, 303, 'a refusal is answered with a redirect too');
    const shown = await host.follow(refused);
    assert.match(shown.body, /role="alert">Not available: the dates conflict with booking/);
    assert.equal((await bookingById(t.ctx.db, b.id)).status, 'cancelled');
    assert.deepEqual(await claimedNights(t.ctx.db, b.id), []);

    const draft = await insertBooking(t.ctx.db, a, { ...futureStay(2, 90), status: 'draft' });
    await cancelInConsole(draft.id);
    assert.doesNotMatch((await host.get(`/admin/bookings/${draft.id}`)).body, /Undo the cancellation/);
    const never = await host.follow(await host.post(`/admin/bookings/${draft.id}/reinstate`, {}));
    assert.match(never.body, /was never confirmed/);
  });

  test('undo racing a v1 booking for the same nights: exactly one of them gets them', async () => {
    for (let round = 0; round < 4; round++) {
      const a = await makeAccommodation(t.ctx.db);
      const stay = futureStay(2, 100 + round * 5);
      const b = await insertBooking(t.ctx.db, a, stay);
      await cancelInConsole(b.id);
      const [undo, booked] = await Promise.all([
        host.post(`/admin/bookings/${b.id}/reinstate`, {}),
        v1Booking(a, stay),
      ]);
      const undoWon = location(undo).endsWith('?done=reinstated');
      const v1Won = booked.statusCode === 200;
      assert.ok(undoWon !== v1Won, `round ${round}: one wins (undo ${location(undo)}, v1 ${booked.statusCode})`);
      if (!v1Won) assert.equal(booked.statusCode, 409, booked.body);
      assert.equal((await bookingById(t.ctx.db, b.id)).status, undoWon ? 'confirmed' : 'cancelled');
      const holders = await t.ctx.db
        .selectFrom('night_claims')
        .select('booking_id')
        .where('accommodation_id', '=', a.id)
        .execute();
      assert.equal(holders.length, 2, 'each night has one holder');
      assert.equal(new Set(holders.map((h) => h.booking_id)).size, 1, 'and it is the same winner for both');
    }
  });

  test('an accommodation without bookings is deleted; one with bookings is archived and says so', async () => {
    const empty = await makeAccommodation(t.ctx.db, { name: 'Empty Barn' });
    const deleted = await host.post(`/admin/accommodations/${empty.id}/delete`, {});
    assert.equal(location(deleted), '/admin/accommodations?done=deleted');
    assert.equal((await host.get(`/admin/accommodations/${empty.id}`)).statusCode, 404);
    const busy = await makeAccommodation(t.ctx.db, { name: 'Busy Barn' });
    await insertBooking(t.ctx.db, busy, futureStay(2));
    const kept = await host.post(`/admin/accommodations/${busy.id}/delete`, {});
    assert.equal(location(kept), '/admin/accommodations?done=archived');
    assert.match((await host.follow(kept)).body, /role="status">The accommodation is archived: it has bookings/);
    assert.equal((await host.get(`/admin/accommodations/${busy.id}`)).statusCode, 200, 'still there');
  });

  test('a seasonal price is edited from its own link and removed through its confirmation', async () => {
    const a = await makeAccommodation(t.ctx.db, { base_price: 10000 });
    const { checkin, checkout } = futureStay(3, 40);
    assert.equal(
      (await host.post(`/admin/accommodations/${a.id}/prices`, { from: checkin, to: checkout, price: '150' }))
        .statusCode,
      303,
    );
    const page = await host.get(`/admin/accommodations/${a.id}`);
    const edit = `/admin/accommodations/${a.id}?price_from=${checkin}&amp;price_to=${checkout}&amp;price=150#price-form`;
    assert.ok(page.body.includes(edit), 'an edit link');
    const editing = await host.get(edit.replace(/&amp;/g, '&'));
    assert.match(editing.body, new RegExp(`id="price-from" name="from" type="date" value="${checkin}"`));
    assert.match(editing.body, /id="price-price" name="price" type="number" value="150"/);
    const removed = await host.post(`/admin/accommodations/${a.id}/prices`, { from: checkin, to: checkout, price: '' });
    assert.equal(removed.statusCode, 303);
    const prices = await t.ctx.db
      .selectFrom('nightly_prices')
      .select('night')
      .where('accommodation_id', '=', a.id)
      .execute();
    assert.equal(prices.length, 0, 'the nights cost the base price again');
  });

  test('a pull started by hand answers with a redirect and tells what it did on the next page', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const feed = await insertFeed(t.ctx.db, a.id, 'vrbo');
    const synced = await host.post(`/admin/accommodations/${a.id}/feeds/${feed.id}/sync`, {});
    assert.equal(location(synced), `/admin/accommodations/${a.id}`);
    const shown = await host.follow(synced);
    assert.match(shown.body, /Pulling vrbo failed|Pulled vrbo/);
    const reloaded = await host.get(`/admin/accommodations/${a.id}`);
    assert.doesNotMatch(reloaded.body, /Pulling vrbo failed|Pulled vrbo/, 'the message is shown once');
  });
});

describe(`console tells the truth (${testStoreKind})`, () => {
  test('without SMTP_URL every page says mail is not sent and how to fix it; a test mail is queued', async () => {
    for (const url of ['/admin', '/admin/bookings', '/admin/settings']) {
      const page = await host.get(url);
      assert.match(page.body, /Mails are not being sent/, url);
      assert.match(page.body, /SMTP_URL/, url);
      assert.match(page.body, /Send a test mail/, url);
    }
    const today = await host.get('/admin');
    assert.doesNotMatch(today.body, /Nothing needs attention/);
    const sent = await host.post('/admin/outbox/test-mail', { to: 'me@example.com' });
    assert.equal(location(sent), '/admin/outbox?done=test_queued');
    const row = await t.ctx.db
      .selectFrom('outbox')
      .select(['kind', 'status', 'subject'])
      .where('recipient', '=', 'me@example.com')
      .executeTakeFirstOrThrow();
    assert.deepEqual({ ...row }, { kind: 'mail', status: 'pending', subject: 'Staydesk test mail' });
    const outbox = await host.get('/admin/outbox?done=test_queued');
    assert.match(outbox.body, /Queued, not sent yet/);
    const bad = await host.post('/admin/outbox/test-mail', { to: 'not an address' });
    assert.equal(bad.statusCode, 303);
    assert.match((await host.follow(bad)).body, /role="alert">Enter the e-mail address/);
  });

  test('with SMTP_URL set, the banner appears only once the last attempts failed', async () => {
    const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const h = await signIn(smtp);
      assert.doesNotMatch((await h.get('/admin')).body, /Mails are not being sent/);
      const now = new Date().toISOString();
      const mail = {
        kind: 'mail',
        template: 'test',
        booking_id: null,
        subject: 'x',
        body_text: 'x',
        body_html: 'x',
        next_attempt_at: now,
        locked_until: null,
        locked_by: null,
        created_at: now,
        sent_at: null,
      } as const;
      await smtp.ctx.db
        .insertInto('outbox')
        .values([
          { ...mail, recipient: 'a@example.com', status: 'sent', attempts: 1, last_error: null, sent_at: now },
          { ...mail, recipient: 'b@example.com', status: 'pending', attempts: 2, last_error: 'connect ECONNREFUSED' },
        ])
        .execute();
      assert.doesNotMatch((await h.get('/admin')).body, /Mails are not being sent/, 'one sent among the last');
      await smtp.ctx.db
        .insertInto('outbox')
        .values(
          ['c', 'd', 'e'].map((n) => ({
            ...mail,
            recipient: `${n}@example.com`,
            status: 'pending' as const,
            attempts: 1,
            last_error: 'connect ECONNREFUSED',
          })),
        )
        .execute();
      const page = await h.get('/admin/calendar');
      assert.match(page.body, /Mails are not being sent:<\/strong> the last attempts failed \(connect ECONNREFUSED\)/);
    } finally {
      await smtp.close();
    }
  });

  test('Today lists card drafts whose hold ran out; the calendar marks today and overbooked nights', async () => {
    const a = await makeAccommodation(t.ctx.db, { name: 'Expiry House' });
    const expiredAt = new Date(Date.now() - 3600_000).toISOString();
    await insertBooking(t.ctx.db, a, {
      ...futureStay(2, 20),
      status: 'cancelled',
      paymentMethod: 'card_processor',
      firstName: 'Latepayer',
      row: { hold_expired_at: expiredAt, cancel_reason: 'payment_timeout' },
    });
    const today = await host.get('/admin');
    assert.match(today.body, /Card drafts that expired/);
    assert.match(today.body, /Latepayer Lovelace/);

    const o = await makeAccommodation(t.ctx.db, { name: 'Overbooked House' });
    const stay = futureStay(2, 3);
    const held = await insertBooking(t.ctx.db, o, stay);
    const feed = await insertFeed(t.ctx.db, o.id, 'airbnb');
    const r = await insertReservation(t.ctx.db, feed.id, o.id, {
      uid: 'x@airbnb',
      summary: 'Airbnb guest',
      start: stay.checkin,
      end: stay.checkout,
    });
    await t.ctx.db
      .insertInto('overbooking_alerts')
      .values({
        accommodation_id: o.id,
        feed_id: feed.id,
        external_reservation_id: r.id,
        other_key: `booking:${held.id}`,
        other_kind: 'booking',
        other_booking_id: held.id,
        other_external_reservation_id: null,
        first_night: stay.checkin,
        nights: 2,
        created_at: new Date().toISOString(),
      })
      .execute();
    const month = stay.checkin.slice(0, 7);
    const calendar = await host.get(`/admin/calendar?month=${month}`);
    assert.match(calendar.body, /class="overbooked" title="Overbooked: “airbnb” also has Airbnb guest/);
    assert.match(calendar.body, /<span class="flag">Overbooked<\/span>/);
    const now = await host.get('/admin/calendar');
    assert.match(now.body, new RegExp(`aria-current="date"`), 'today is marked');
  });
});

describe(`console forms for people (${testStoreKind})`, () => {
  test('rates are typed as percentages, every error shows at once with its label, lists for currency and zone', async () => {
    const page = await host.get('/admin/accommodations/new');
    assert.match(page.body, /<select id="f-currency" name="currency">/);
    assert.match(page.body, /<option value="CHF">CHF — Swiss Franc<\/option>/);
    assert.match(page.body, /<select id="f-timezone" name="timezone">/);
    assert.match(page.body, /<option value="Europe\/Vienna">Europe\/Vienna<\/option>/);
    assert.match(page.body, /<label for="f-tax_rate">Tax rate \(%\)<\/label>/);

    const bad = await host.post('/admin/accommodations', {
      name: '',
      base_price: '-1',
      max_guests: '0',
      tax_rate: '150',
      currency: 'EUR',
    });
    assert.equal(bad.statusCode, 400);
    const summary = /<div class="error-summary"[\s\S]*?<\/div>/.exec(bad.body)?.[0] ?? '';
    assert.match(summary, /4 fields need a change/);
    for (const name of ['Name', 'Base price per night', 'Maximum guests', 'Tax rate \\(%\\)'])
      assert.match(summary, new RegExp(`>${name}</a>: `), name);
    assert.match(summary, /Tax rate \(%\)<\/a>: Enter at most 100\./, 'the limit in percent');

    const made = await host.post('/admin/accommodations', {
      name: 'Percent Place',
      base_price: '100',
      max_guests: '2',
      tax_rate: '6',
      weekly_discount: '12,5',
      currency: 'EUR',
      timezone: 'Europe/Vienna',
    });
    assert.equal(made.statusCode, 303, made.body.slice(0, 300));
    const row = await t.ctx.db
      .selectFrom('accommodations')
      .select(['id', 'tax_rate_ppm', 'weekly_discount_ppm'])
      .where('name', '=', 'Percent Place')
      .executeTakeFirstOrThrow();
    assert.deepEqual({ tax: row.tax_rate_ppm, weekly: row.weekly_discount_ppm }, { tax: 60000, weekly: 125000 });
    const shown = await host.get(`/admin/accommodations/${row.id}`);
    assert.match(shown.body, /id="f-tax_rate" name="tax_rate" type="number" value="6"/, 'shown as 6 (%)');
    assert.match(shown.body, /id="f-weekly_discount" name="weekly_discount" type="number" value="12.5"/);
  });
});

describe(`console price warnings (${testStoreKind})`, () => {
  test('a price far from the base price is saved only once the host says it is right', async () => {
    const a = await makeAccommodation(t.ctx.db, { base_price: 10000 });
    const { checkin, checkout } = futureStay(2, 50);
    const nights = () =>
      t.ctx.db.selectFrom('nightly_prices').select('price').where('accommodation_id', '=', a.id).execute();
    for (const price of ['0', '10000']) {
      const warned = await host.post(`/admin/accommodations/${a.id}/prices`, { from: checkin, to: checkout, price });
      assert.equal(warned.statusCode, 400, price);
      assert.match(warned.body, /Check it, then tick “The price is right” to save it\./, price);
      assert.match(warned.body, /name="price_ok" value="yes"/);
      assert.equal((await nights()).length, 0, `${price} is not saved yet`);
    }
    const month = checkin.slice(0, 7);
    const onCalendar = await host.post('/admin/calendar/price', {
      accommodation: String(a.id),
      month,
      from: checkin,
      to: checkout,
      price: '10000',
    });
    assert.equal(onCalendar.statusCode, 400);
    assert.match(onCalendar.body, /far above the base price/);
    const saved = await host.post(`/admin/accommodations/${a.id}/prices`, {
      from: checkin,
      to: checkout,
      price: '10000',
      price_ok: 'yes',
    });
    assert.equal(saved.statusCode, 303);
    assert.deepEqual(
      (await nights()).map((n) => n.price),
      [1000000, 1000000],
    );
  });

  test('a range backwards and a bad price are both named at once, in words', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const { checkin, checkout } = futureStay(2, 50);
    const res = await host.post(`/admin/accommodations/${a.id}/prices`, { from: checkout, to: checkin, price: '-3' });
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /id="err-to"[^>]*>Choose a day after the first night\.</);
    assert.match(res.body, /id="err-price"[^>]*>Enter at least 0\.</);
    assert.doesNotMatch(res.body, /"to" \(/, 'no API names');
  });
});

describe(`console blocked nights edited (${testStoreKind})`, () => {
  test('blocked nights move and change reason in one step; a taken night leaves them as they were', async () => {
    const a = await makeAccommodation(t.ctx.db);
    const { checkin } = futureStay(1, 80);
    const blocks = () =>
      t.ctx.db
        .selectFrom('night_claims')
        .select(['night', 'reason'])
        .where('accommodation_id', '=', a.id)
        .where('kind', '=', 'block')
        .orderBy('night')
        .execute();
    const d = (n: number) => addDays(checkin, n);
    assert.equal(
      (await host.post(`/admin/accommodations/${a.id}/blocks`, { from: d(0), to: d(2), reason: 'paint' })).statusCode,
      303,
    );
    const page = await host.get(`/admin/accommodations/${a.id}`);
    const edit = `/admin/accommodations/${a.id}?block_from=${d(0)}&amp;block_to=${d(2)}&amp;block_reason=paint#block-form`;
    assert.ok(page.body.includes(edit), 'an edit link');
    const editing = await host.get(edit.replace(/&amp;/g, '&'));
    assert.match(editing.body, /name="old_from" value=/);
    assert.match(editing.body, /Save the blocked nights/);

    const moved = await host.post(`/admin/accommodations/${a.id}/blocks`, {
      old_from: d(0),
      old_to: d(2),
      from: d(1),
      to: d(4),
      reason: 'roof',
    });
    assert.equal(moved.statusCode, 303);
    assert.deepEqual(
      (await blocks()).map((b) => `${b.night} ${b.reason}`),
      [d(1), d(2), d(3)].map((n) => `${n} roof`),
    );
    await insertBooking(t.ctx.db, a, { checkin: d(6), checkout: d(8) });
    const taken = await host.post(`/admin/accommodations/${a.id}/blocks`, {
      old_from: d(1),
      old_to: d(4),
      from: d(5),
      to: d(7),
      reason: 'roof',
    });
    assert.equal(taken.statusCode, 409);
    assert.equal((await blocks()).length, 3, 'the old block is kept');
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { addDays } from '../../src/shared/dates.ts';
import {
  claimedNights,
  futureStay,
  insertBooking,
  insertImportedStay,
  makeAccommodation,
  outboxFor,
} from '../support/factories.ts';
import { signIn, type ConsoleClient } from '../support/console-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

let t: TestApp;
let host: ConsoleClient;
before(async () => {
  t = await createTestApp();
  host = await signIn(t);
});
after(async () => {
  await t.close();
});

function bookingIdOf(location: unknown): number {
  const match = /^\/admin\/bookings\/(\d+)\?done=created$/.exec(String(location));
  assert.ok(match, `redirected to ${String(location)}`);
  return Number(match[1]);
}

async function newBooking(form: Record<string, string>) {
  return host.post('/admin/bookings/new', {
    adults_count: '2',
    children_count: '0',
    babies_count: '0',
    guest_first_name: 'Maria',
    guest_last_name: 'Santos',
    guest_email: 'maria@example.com',
    source: 'phone',
    payment_method: 'cash',
    notify_guest: 'on',
    ...form,
  });
}

describe(`the booking desk in the console (${testStoreKind})`, () => {
  test('a booking by hand: the price first, then made through the same verb, answered with a redirect', async () => {
    const acc = await makeAccommodation(t.ctx.db, { name: 'Casa Azul' });
    const stay = futureStay(3);
    const quoted = await host.post('/admin/bookings/new/quote', {
      accommodation_id: String(acc.id),
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
      adults_count: '2',
      guest_email: 'maria@example.com',
    });
    assert.equal(quoted.statusCode, 200, quoted.body);
    assert.match(quoted.body, /3 night\(s\) at Casa Azul/);
    assert.match(quoted.body, /total €/);
    assert.match(quoted.body, /value="maria@example\.com"/, 'what was typed stays');

    const res = await newBooking({
      accommodation_id: String(acc.id),
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
      internal_note: 'met at the market',
    });
    assert.equal(res.statusCode, 303, res.body);
    const id = bookingIdOf(res.headers.location);
    assert.equal((await claimedNights(t.ctx.db, id)).length, 3);
    assert.equal((await outboxFor(t.ctx.db, id)).length, 1);
    const page = await host.get(`/admin/bookings/${id}?done=created`);
    assert.match(page.body, /The booking is made/);
    assert.match(page.body, /met at the market/);
    assert.match(page.body, /Unpaid/);
    const events = await t.ctx.db.selectFrom('booking_events').selectAll().where('booking_id', '=', id).execute();
    assert.equal(events[0]?.actor_ref, `console_user:${host.userId}`);

    const again = await newBooking({
      accommodation_id: String(acc.id),
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
    });
    assert.equal(again.statusCode, 409);
    assert.match(again.body, /already booked|taken|not available/i);
  });

  test('"Show the price" is a POST with the CSRF token: the page has no GET form, a post without the token is refused', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const page = await host.get(`/admin/bookings/new?accommodation_id=${acc.id}`);
    assert.equal(page.statusCode, 200);
    assert.doesNotMatch(page.body, /formmethod="get"|method="get"/i, 'no part of the desk form is sent in an address');
    assert.match(page.body, /formaction="\/admin\/bookings\/new\/quote"/);
    assert.match(
      page.body,
      /<form method="post" action="\/admin\/bookings\/new"[^>]*><input type="hidden" name="_csrf"/,
    );
    const stay = futureStay(2);
    const refused = await host.post(
      '/admin/bookings/new/quote',
      { accommodation_id: String(acc.id), checkin_date: stay.checkin, checkout_date: stay.checkout },
      { csrf: false },
    );
    assert.equal(refused.statusCode, 403);
  });

  test("the quote of taken nights says they are taken and what holds them: a booking by its code, a block, an imported stay, a channel's closed nights", async () => {
    const acc = await makeAccommodation(t.ctx.db, { name: 'Villa Taken', max_stay: 60 });
    const stay = futureStay(12);
    const night = (n: number) => addDays(stay.checkin, n);
    const booked = await insertBooking(t.ctx.db, acc, { checkin: night(0), checkout: night(2) });
    const blocked = await t.admin('POST', `/admin/api/accommodations/${acc.id}/blocks`, {
      from: night(3),
      to: night(5),
      reason: 'Painting the walls',
    });
    assert.equal(blocked.statusCode, 201, blocked.body);
    await insertImportedStay(t.ctx.db, acc.id, 'Airbnb', { summary: 'Reserved', start: night(6), end: night(8) });
    await insertImportedStay(t.ctx.db, acc.id, 'Airbnb closed', {
      summary: 'Airbnb (Not available)',
      start: night(9),
      end: night(11),
    });
    const api = await t.request({
      method: 'POST',
      url: `${t.v1}/availability`,
      key: t.adminKey,
      payload: { accommodation_id: acc.id, checkin: stay.checkin, checkout: stay.checkout, guest_count: 2 },
    });
    assert.equal(
      api.json<{ data: { available: boolean } }>().data.available,
      false,
      'the API says the nights are taken',
    );

    const quoted = await host.post('/admin/bookings/new/quote', {
      accommodation_id: String(acc.id),
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
      adults_count: '2',
    });
    assert.equal(quoted.statusCode, 200, quoted.body);
    const text = quoted.body.replace(/<[^>]+>/g, '');
    assert.match(text, /Not available/);
    assert.doesNotMatch(text, /total €/, 'no price is quoted for taken nights');
    assert.match(
      quoted.body,
      new RegExp(`booking <a href="/admin/bookings/${booked.id}">${booked.confirmation_code}</a>`),
    );
    assert.match(text, /\(2 nights\): blocked \(Painting the walls\)/);
    assert.match(text, /\(2 nights\): a stay imported from Airbnb/);
    assert.match(text, /\(2 nights\): closed on Airbnb closed \(its calendar says “Not available”\)/);
    assert.equal((text.match(/\(2 nights\):/g) ?? []).length, 4, 'each holder with its own dates');

    // One night free of them all: the quote is a price again.
    const free = await host.post('/admin/bookings/new/quote', {
      accommodation_id: String(acc.id),
      checkin_date: night(11),
      checkout_date: night(12),
      adults_count: '2',
    });
    assert.match(free.body, /1 night\(s\) at Villa Taken/);
  });

  test('a booking without an e-mail shows "no e-mail", never an empty mailto link, and offers no resend', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const res = await newBooking({
      accommodation_id: String(acc.id),
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
      guest_email: '',
      notify_guest: '',
    });
    assert.equal(res.statusCode, 303, res.body);
    const id = bookingIdOf(res.headers.location);
    const page = await host.get(`/admin/bookings/${id}`);
    assert.equal(page.statusCode, 200);
    assert.doesNotMatch(page.body, /href="mailto:/, 'no link without an address');
    assert.match(page.body, /<th scope="row">E-mail<\/th><td><span class="muted">no e-mail<\/span><\/td>/);
    assert.doesNotMatch(page.body, /Resend the confirmation to/);
    assert.match(page.body, /The guest has no e-mail, so there is no confirmation to send\./);
    const resent = await host.post(`/admin/bookings/${id}/resend`, {});
    assert.equal(resent.statusCode, 303);
    assert.match((await host.follow(resent)).body, /role="alert">The guest has no e-mail/);
    assert.equal((await outboxFor(t.ctx.db, id)).length, 0, 'nothing queued');
    const list = await host.get(`/admin/bookings?accommodation=${acc.id}`);
    assert.match(list.body, /Santos<br><span class="muted">no e-mail<\/span>/);

    const later = futureStay(2);
    const withMail = await newBooking({
      accommodation_id: String(acc.id),
      checkin_date: later.checkin,
      checkout_date: later.checkout,
    });
    const other = bookingIdOf(withMail.headers.location);
    const shown = await host.get(`/admin/bookings/${other}`);
    assert.match(shown.body, /<a href="mailto:maria@example\.com">maria@example\.com<\/a>/);
  });

  test('a form with mistakes is shown again with every error beside its field', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const res = await newBooking({
      accommodation_id: String(acc.id),
      checkin_date: '',
      checkout_date: '',
      guest_first_name: '',
      adults_count: 'two',
    });
    assert.equal(res.statusCode, 400);
    for (const name of ['checkin_date', 'checkout_date', 'guest_first_name', 'adults_count'])
      assert.match(res.body, new RegExp(`id="err-${name}"`), name);
    assert.match(res.body, /value="Santos"/, 'what was typed stays');
  });

  test('edit: dates and guests, the price kept, the guest mailed only when asked', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const id = bookingIdOf(
      (
        await newBooking({
          accommodation_id: String(acc.id),
          checkin_date: stay.checkin,
          checkout_date: stay.checkout,
        })
      ).headers.location,
    );
    const before = await t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const form = await host.get(`/admin/bookings/${id}/edit`);
    assert.equal(form.statusCode, 200);
    assert.match(form.body, new RegExp(`value="${stay.checkin}"`));
    const moved = futureStay(4);
    const res = await host.post(`/admin/bookings/${id}/edit`, {
      checkin_date: moved.checkin,
      checkout_date: moved.checkout,
      adults_count: '3',
      children_count: '0',
      babies_count: '0',
      internal_note: 'late arrival',
      price: 'keep',
    });
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(res.headers.location, `/admin/bookings/${id}?done=edited`);
    const after = await t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(after.checkin, moved.checkin);
    assert.equal(after.adults, 3);
    assert.equal(after.total, before.total, 'the old price kept');
    assert.equal(after.status, 'modified');
    assert.equal((await outboxFor(t.ctx.db, id)).length, 1, 'not mailed');

    const mailed = await host.post(`/admin/bookings/${id}/edit`, {
      checkin_date: moved.checkin,
      checkout_date: moved.checkout,
      adults_count: '2',
      internal_note: 'late arrival',
      price: 'reprice',
      notify_guest: 'on',
    });
    assert.equal(mailed.statusCode, 303, mailed.body);
    const mails = await outboxFor(t.ctx.db, id);
    assert.equal(mails.length, 2);
    assert.match(mails[1]?.body_text ?? '', /What changed: 2 adults; total €495\.00\./);
    assert.ok(!(mails[1]?.body_text ?? '').includes('late arrival'));
  });

  test('payments on the booking page: recorded, undone, the balance and state; Today lists what to collect', async () => {
    const acc = await makeAccommodation(t.ctx.db, { name: 'Balance House', timezone: 'UTC' });
    const stay = futureStay(2, 1);
    const id = bookingIdOf(
      (
        await newBooking({
          accommodation_id: String(acc.id),
          checkin_date: stay.checkin,
          checkout_date: stay.checkout,
          total_amount: '300',
          price_note: 'long-time guest',
        })
      ).headers.location,
    );
    const today = await host.get('/admin');
    assert.match(today.body, /Balances to collect on arrival/);
    assert.match(today.body, /<strong>€300\.00<\/strong>/);

    const paid = await host.post(`/admin/bookings/${id}/payments`, { amount: '120', method: 'cash', reference: 'r1' });
    assert.equal(paid.statusCode, 303, paid.body);
    assert.equal(paid.headers.location, `/admin/bookings/${id}?done=payment#payments`);
    const page = await host.get(`/admin/bookings/${id}`);
    assert.match(page.body, /Partly paid/);
    assert.match(page.body, /€180\.00/);
    assert.match(page.body, /long-time guest/);

    const bad = await host.post(`/admin/bookings/${id}/payments`, { amount: '0', method: 'cash' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /id="err-amount"/);
    const tooMuch = await host.post(`/admin/bookings/${id}/payments`, {
      amount: '-500',
      method: 'cash',
      reference: 'refund r1',
    });
    assert.equal(tooMuch.statusCode, 409);
    assert.match(tooMuch.body, /A refund of 500\.00 EUR is more than the 120\.00 EUR paid/);
    // What the host typed comes back with the error, not the balance.
    assert.match(tooMuch.body, /name="amount" type="number" value="-500"/);
    assert.match(tooMuch.body, /<option value="cash" selected>/);
    assert.match(tooMuch.body, /name="reference" type="text" value="refund r1"/);

    const paymentId = /\/payments\/(\d+)\/undo/.exec(page.body)?.[1];
    assert.ok(paymentId);
    const undone = await host.post(`/admin/bookings/${id}/payments/${paymentId}/undo`, {});
    assert.equal(undone.statusCode, 303);
    const after = await host.get(`/admin/bookings/${id}?done=undone`);
    assert.match(after.body, /Unpaid/);
    assert.match(after.body, /<s>€120\.00<\/s>/);
    const twice = await host.post(`/admin/bookings/${id}/payments/${paymentId}/undo`, {});
    assert.equal(twice.statusCode, 409);
  });

  test('the list: search by phone digits and accents, sort, payment filter and the CSV download', async () => {
    const acc = await makeAccommodation(t.ctx.db, { name: 'Søhus' });
    const stay = futureStay(2);
    const id = bookingIdOf(
      (
        await newBooking({
          accommodation_id: String(acc.id),
          checkin_date: stay.checkin,
          checkout_date: stay.checkout,
          guest_first_name: 'Zoë',
          guest_last_name: 'Ångström',
          guest_phone: '+46 70 123 45 67',
        })
      ).headers.location,
    );
    const base = `/admin/bookings?accommodation=${acc.id}`;
    assert.match((await host.get(`${base}&q=angstrom+zoe`)).body, new RegExp(`/admin/bookings/${id}"`));
    assert.match((await host.get(`${base}&q=0701234567`)).body, /No bookings match/, 'digits must be in order');
    assert.match((await host.get(`${base}&q=70+123+45+67`)).body, new RegExp(`/admin/bookings/${id}"`));
    assert.match((await host.get(`${base}&payment=unpaid&sort=arrival`)).body, new RegExp(`/admin/bookings/${id}"`));
    assert.match((await host.get(`${base}&payment=paid`)).body, /No bookings match/);
    const list = await host.get(base);
    assert.match(list.body, /href="\/admin\/bookings\/new"/);
    assert.match(list.body, /format=csv/);
    const csv = await host.get(`${base}&format=csv`);
    assert.equal(csv.statusCode, 200);
    assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
    const rows = parse<Record<string, string>>(csv.body, { bom: true, columns: true });
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.guest, 'Zoë Ångström');
    assert.equal(rows[0]?.accommodation, 'Søhus');
    assert.equal(rows[0]?.phone, "'+46 70 123 45 67");
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { registrationOfJson } from '../../src/registrations/parse-registration.ts';
import { saveRegistration } from '../../src/registrations/save-registration.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { signIn } from '../support/console-client.ts';
import { futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Online check-in (docs/guest-page.md#online-check-in) on the store: the guest page's route with
// both bodies, saved whole; the admin API's GET and `registration_state`; the console's booking
// page and Today.

let t: TestApp;
/** Each booking's guest page, by booking id: `/guest/<token>`. */
const guestPages = new Map<number, string>();
const today = todayIn('UTC');

/** A booking from tomorrow, in a home of its own (so that every test's stay is free). */
async function book(adults: number, children: number, lastName = 'Rossi'): Promise<number> {
  const home = await makeAccommodation(t.ctx.db, { name: `Casa ${lastName}`, timezone: 'UTC', min_stay: 1 });
  const res = await t.admin('POST', '/admin/api/bookings', {
    accommodation_id: home.id,
    checkin_date: addDays(today, 1),
    checkout_date: addDays(today, 3),
    adults_count: adults,
    children_count: children,
    guest: { first_name: 'Anna', last_name: lastName, email: 'anna@example.com' },
  });
  assert.equal(res.statusCode, 201, res.body);
  const { id, guest_url } = res.json<{ data: { id: number; guest_url: string } }>().data;
  guestPages.set(id, new URL(guest_url).pathname);
  return id;
}

const guest = (first: string, extra: Record<string, unknown> = {}) => ({
  first_name: first,
  last_name: 'Rossi',
  sex: 'F',
  birth_date: '1990-04-12',
  birth_place: 'Bologna',
  nationality: 'IT',
  document_type: 'id_card',
  document_number: `CA${first.length}2345AB`,
  document_country: 'IT',
  ...extra,
});
const ADDRESS = { street: 'Via Roma 1', postal_code: '40100', city: 'Bologna', country: 'it' };

/** The guest page's form for a party, as a browser posts it. */
function formOf(guests: Record<string, unknown>[], arrival: string): string {
  const form = new URLSearchParams({ page_token: 'the page’s own field' });
  guests.forEach((g, i) => {
    for (const [name, value] of Object.entries(g)) {
      if (name === 'address')
        for (const [part, v] of Object.entries(value as Record<string, string>))
          form.set(`guests[${i}].address.${part}`, v);
      else form.set(`guests[${i}].${name}`, String(value));
    }
  });
  form.set('arrival_time', arrival);
  return form.toString();
}

const post = (id: number, payload: string | object, type = 'application/json', language?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${guestPages.get(id) ?? '/guest/none'}/registration${language === undefined ? '' : `?lang=${language}`}`,
    headers: { 'content-type': type },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

async function registration(id: number) {
  const res = await t.checkedRequest({ method: 'GET', url: `/admin/api/bookings/${id}/registration`, key: t.adminKey });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{
    data: { state: string; arrival_time: string | null; guests: Record<string, unknown>[] };
  }>().data;
}

const stateOnBooking = async (id: number) =>
  (await t.admin('GET', `/admin/api/bookings/${id}`)).json<{ data: { registration_state: string } }>().data
    .registration_state;

before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

describe(`online check-in (${testStoreKind})`, () => {
  test('a new booking: missing, on the registration and on the booking and the list', async () => {
    const id = await book(2, 1);
    assert.deepEqual(await registration(id), { state: 'missing', guests: [], arrival_time: null, updated_at: null });
    assert.equal(await stateOnBooking(id), 'missing');
    const list = await t.checkedRequest({ method: 'GET', url: '/admin/api/bookings?limit=200', key: t.adminKey });
    const row = list.json<{ data: { id: number; registration_state?: string }[] }>().data.find((b) => b.id === id);
    assert.equal(row?.registration_state, 'missing');
  });

  test('JSON: a partial check-in is saved and answered; a refused one stores nothing and names every field', async () => {
    const id = await book(2, 1);
    const saved = await post(id, { guests: [{ first_name: 'Anna', last_name: 'Rossi' }], arrival_time: '16:30' });
    assert.equal(saved.statusCode, 200, saved.body);
    const body = saved.json<{ success: boolean; data: { state: string; guests: { first_name: string }[] } }>();
    assert.equal(body.success, true);
    assert.equal(body.data.state, 'partial');
    assert.equal(body.data.guests[0]?.first_name, 'Anna');

    const refused = await post(id, {
      guests: [guest('Anna', { birth_date: '2090-01-01', address: ADDRESS }), guest('Marco', { nationality: 'XX' })],
      arrival_time: '25:00',
    });
    assert.equal(refused.statusCode, 400, refused.body);
    const error = refused.json<{
      success: boolean;
      error: {
        name: string;
        details: { reason: string; parameter: string; errors: { parameter: string; reason: string }[] };
      };
    }>();
    assert.equal(error.success, false);
    assert.equal(error.error.name, 'BAD_REQUEST');
    assert.equal(error.error.details.reason, 'future_date');
    assert.equal(error.error.details.parameter, 'guests[0].birth_date');
    assert.deepEqual(
      error.error.details.errors.map((e) => [e.parameter, e.reason]),
      [
        ['guests[0].birth_date', 'future_date'],
        ['guests[1].nationality', 'unknown_country'],
        ['arrival_time', 'invalid_time'],
      ],
    );
    const kept = await registration(id);
    assert.equal(kept.state, 'partial');
    assert.equal(kept.guests.length, 1, 'the refused check-in replaced nothing');
    assert.equal(kept.guests[0]?.birth_date, null);
  });

  test('the form: a complete check-in of 2 adults and a child is saved whole, and shows as complete', async () => {
    const id = await book(2, 1);
    const form = formOf(
      [guest('Anna', { address: ADDRESS }), guest('Marco', { sex: 'M' }), guest('Lia', { birth_date: '2019-05-01' })],
      '18:05',
    );
    const res = await post(id, form, 'application/x-www-form-urlencoded');
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(res.headers.location, `${guestPages.get(id) ?? ''}#check-in`);
    const stored = await registration(id);
    assert.equal(stored.state, 'complete');
    assert.equal(stored.arrival_time, '18:05');
    assert.deepEqual(
      stored.guests.map((g) => [g.position, g.first_name, g.sex]),
      [
        [0, 'Anna', 'F'],
        [1, 'Marco', 'M'],
        [2, 'Lia', 'F'],
      ],
    );
    assert.deepEqual(stored.guests[0]?.address, { ...ADDRESS, country: 'IT' });
    assert.equal(stored.guests[1]?.address, null);
    assert.equal(await stateOnBooking(id), 'complete');

    // Sent again with the child left blank: replaced whole, the child is gone, the state partial.
    const again = formOf([guest('Anna', { address: ADDRESS }), guest('Marco'), {}], '18:05');
    assert.equal((await post(id, again, 'application/x-www-form-urlencoded')).statusCode, 303);
    const replaced = await registration(id);
    assert.deepEqual(
      replaced.guests.map((g) => g.position),
      [0, 1],
    );
    assert.equal(replaced.state, 'partial');
  });

  test('the form, refused: the page again (400) in the guest language, with the values and each reason by its field', async () => {
    const id = await book(1, 0);
    const form = formOf(
      [guest('Anna', { birth_date: '1990-02-30', address: { ...ADDRESS, country: 'Italien' } })],
      '9',
    );
    const res = await post(id, form, 'application/x-www-form-urlencoded', 'de');
    assert.equal(res.statusCode, 400);
    assert.match(res.headers['content-type'] ?? '', /text\/html/);
    assert.match(res.body, /Online-Check-in/);
    assert.match(res.body, /value="Anna"/, 'what was sent is kept');
    const birth = /<input[^>]*id="check-in-guests-0-birth_date"[^>]*>/.exec(res.body)?.[0] ?? '';
    assert.match(birth, /aria-invalid="true"/);
    assert.match(birth, /aria-describedby="check-in-guests-0-birth_date-error"/);
    assert.match(res.body, /id="check-in-guests-0-birth_date-error">Geben Sie ein gültiges Datum ein\./);
    assert.match(res.body, /id="check-in-guests-0-address-country-error">Wählen Sie ein Land aus der Liste\./);
    assert.match(res.body, /id="check-in-arrival_time-error">/);
    assert.equal((await registration(id)).state, 'missing');
  });

  test('a cancelled booking takes no check-in; an unknown one is a 404', async () => {
    const id = await book(1, 0);
    assert.equal((await t.admin('POST', `/admin/api/bookings/${id}/cancel`, {})).statusCode, 200);
    const res = await post(id, { arrival_time: '10:00' });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json<{ error: { details: { reason: string } } }>().error.details.reason, 'booking_cancelled');
    const unknown = await t.admin('GET', '/admin/api/bookings/999999/registration');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json<{ error: { details: { reason: string } } }>().error.details.reason, 'booking_not_found');
  });

  test('no check-in for an unpaid draft or after the departure day; the page shows the form only until then', async () => {
    const home = await makeAccommodation(t.ctx.db, { name: 'Casa Bozza', timezone: 'UTC', min_stay: 1 });
    const draft = await insertBooking(t.ctx.db, home, { ...futureStay(3), status: 'draft' });
    const draftPage = await t.ctx.db
      .selectFrom('bookings')
      .select('guest_token')
      .where('id', '=', draft.id)
      .executeTakeFirstOrThrow();
    guestPages.set(draft.id, `/guest/${draftPage.guest_token}`);
    const refused = await post(draft.id, { arrival_time: '10:00' });
    assert.equal(refused.statusCode, 409, refused.body);
    assert.equal(
      refused.json<{ error: { details: { reason: string } } }>().error.details.reason,
      'booking_not_confirmed',
    );

    const id = await book(1, 0, 'Passata');
    const page = guestPages.get(id) ?? '';
    assert.match((await t.app.inject({ method: 'GET', url: page })).body, /id="check-in"/);
    // book() departs in three days: the day after that, the stay has ended.
    const ended = new Date(`${addDays(today, 4)}T12:00:00Z`);
    await t.at(ended, async () => {
      const res = await post(id, { arrival_time: '10:00' });
      assert.equal(res.statusCode, 409, res.body);
      assert.equal(res.json<{ error: { details: { reason: string } } }>().error.details.reason, 'stay_ended');
      assert.doesNotMatch((await t.app.inject({ method: 'GET', url: page })).body, /id="check-in"/);
    });
    // The departure day itself still takes it.
    await t.at(new Date(`${addDays(today, 3)}T09:00:00Z`), async () => {
      assert.equal((await post(id, { arrival_time: '10:00' })).statusCode, 200);
    });
  });

  test('unreadable JSON is answered with the error envelope, as the API answers', async () => {
    const id = await book(1, 0, 'Rotta');
    const res = await post(id, '{"guests": [');
    assert.equal(res.statusCode, 400, res.body);
    assert.match(res.headers['content-type'] ?? '', /application\/json/);
    assert.equal(res.json<{ success: boolean }>().success, false);
  });

  test('two check-ins sent at once: each replaces the other whole, never a mix or a failure', async () => {
    const id = await book(2, 0);
    const one = registrationOfJson({ guests: [guest('Anna'), guest('Marco')], arrival_time: '10:00' });
    const two = registrationOfJson({ guests: [guest('Beata'), guest('Piotr')], arrival_time: '20:00' });
    const outcomes = await Promise.all([
      saveRegistration(t.ctx.db, id, one.input, t.ctx.now()),
      saveRegistration(t.ctx.db, id, two.input, t.ctx.now()),
      saveRegistration(t.ctx.db, id, one.input, t.ctx.now()),
    ]);
    assert.ok(outcomes.every((o) => o.saved));
    const stored = await registration(id);
    const names = stored.guests.map((g) => g.first_name).join(',');
    assert.ok(
      (names === 'Anna,Marco' && stored.arrival_time === '10:00') ||
        (names === 'Beata,Piotr' && stored.arrival_time === '20:00'),
      `${names} at ${String(stored.arrival_time)}`,
    );
  });

  test("the console: the booking page shows the check-in, its details only to the roles that may read them; Today shows each arrival's state", async () => {
    const id = await book(1, 0, 'Checkinova');
    const complete = formOf([guest('Anna', { address: ADDRESS, document_number: 'ZX987654' })], '15:00');
    assert.equal((await post(id, complete, 'application/x-www-form-urlencoded')).statusCode, 303);
    const owner = await signIn(t);
    const page = await owner.get(`/admin/bookings/${id}`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Checked in online/);
    assert.match(page.body, /ZX987654/);
    const accountant = await signIn(t, undefined, { role: 'accountant' });
    const limited = await accountant.get(`/admin/bookings/${id}`);
    assert.equal(limited.statusCode, 200);
    assert.match(limited.body, /Checked in online/);
    assert.doesNotMatch(limited.body, /ZX987654/);
    assert.match(limited.body, /Your role shows how far the check-in is/);

    const todayPage = await owner.get('/admin');
    const row = todayPage.body.split('<tr>').find((r) => r.includes('Checkinova')) ?? '';
    assert.match(row, /Checked in online/);
    const other = await book(1, 0, 'Notyetova');
    const rowOther = (await owner.get('/admin')).body.split('<tr>').find((r) => r.includes('Notyetova')) ?? '';
    assert.ok(other > 0);
    assert.match(rowOther, /Check-in not started/);
  });
});

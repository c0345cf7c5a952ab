import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import ICAL from 'ical.js';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { postSignIn, signIn } from '../support/console-client.ts';
import { makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The console's users in the admin API (owner = host keys), the history naming who changed a
// booking, and a user's private tasks feed read by ical.js, on the store TEST_DATABASE_URL selects.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

const today = todayIn('UTC');
const reason = (res: LightMyRequestResponse) =>
  res.json<{ error: { details: { reason: string } } }>().error.details.reason;

interface Member {
  id: number;
  login: string;
  name: string;
  role: string;
  email: string | null;
  accommodation_ids: number[];
  password?: string;
}

describe(`users in the admin API (${testStoreKind})`, () => {
  test('POST /users shows the password once; GET lists users without secrets; PATCH changes a role', async () => {
    const home = await makeAccommodation(t.ctx.db, { name: 'Team Home' });
    const res = await t.checkedRequest({
      method: 'POST',
      url: '/admin/api/users',
      key: t.adminKey,
      payload: {
        login: 'carla',
        name: 'Carla',
        role: 'cleaner',
        email: 'carla@example.com',
        accommodation_ids: [home.id],
      },
    });
    assert.equal(res.statusCode, 201, res.body);
    const created = res.json<{ data: Member }>().data;
    assert.equal(typeof created.password, 'string');
    assert.deepEqual(
      { ...created, password: undefined, id: undefined, created_at: undefined },
      {
        login: 'carla',
        name: 'Carla',
        role: 'cleaner',
        email: 'carla@example.com',
        accommodation_ids: [home.id],
        password: undefined,
        id: undefined,
        created_at: undefined,
      },
    );
    const signedIn = await postSignIn(t.app, { login: 'carla', password: created.password ?? '' });
    assert.equal(signedIn.statusCode, 303, 'the password shown works');

    const list = await t.checkedRequest({ method: 'GET', url: '/admin/api/users', key: t.adminKey });
    assert.equal(list.statusCode, 200);
    assert.ok(!list.body.includes(created.password ?? '-'), 'never the password');
    assert.ok(!/password|hash|token/.test(list.body), 'no secret field');
    assert.ok(list.json<{ data: Member[] }>().data.some((m) => m.login === 'carla'));

    const promoted = await t.admin('PATCH', `/admin/api/users/${created.id}`, { role: 'manager' });
    assert.equal(promoted.statusCode, 200, promoted.body);
    assert.deepEqual(
      [promoted.json<{ data: Member }>().data.role, promoted.json<{ data: Member }>().data.accommodation_ids],
      ['manager', []],
      'homes are for cleaners only',
    );
  });

  test('bad input is refused with its reason', async () => {
    const cases: [unknown, number, string][] = [
      [{ login: 'x', name: 'X', role: 'owner' }, 400, 'invalid_pattern'],
      [{ login: 'valid', name: 'V', role: 'admin' }, 400, 'invalid_enum'],
      [{ login: 'valid', name: 'V', role: 'manager', accommodation_ids: [1] }, 400, 'homes_for_cleaners'],
      [{ login: 'valid', name: 'V', role: 'cleaner', accommodation_ids: [999999] }, 404, 'accommodation_not_found'],
      [{ login: 'valid', name: 'V', role: 'cleaner', email: 'nope' }, 400, 'invalid_format'],
    ];
    for (const [body, status, why] of cases) {
      const res = await t.admin('POST', '/admin/api/users', body);
      assert.equal(res.statusCode, status, `${JSON.stringify(body)}: ${res.body}`);
      assert.equal(reason(res), why, JSON.stringify(body));
    }
    await t.admin('POST', '/admin/api/users', { login: 'twice', name: 'T', role: 'manager' });
    const taken = await t.admin('POST', '/admin/api/users', { login: 'TWICE', name: 'T', role: 'manager' });
    assert.deepEqual([taken.statusCode, reason(taken)], [409, 'login_taken']);
    const unknown = await t.admin('PATCH', '/admin/api/users/999999', { role: 'manager' });
    assert.deepEqual([unknown.statusCode, reason(unknown)], [404, 'user_not_found']);
  });

  test('the last owner keeps the role', async () => {
    await t.admin('POST', '/admin/api/users', { login: 'owner.one', name: 'O1', role: 'owner' });
    await t.admin('POST', '/admin/api/users', { login: 'owner.two', name: 'O2', role: 'owner' });
    const owners = await t.ctx.db.selectFrom('users').select('id').where('role', '=', 'owner').orderBy('id').execute();
    assert.ok(owners.length >= 2);
    for (const o of owners.slice(1)) {
      const res = await t.admin('PATCH', `/admin/api/users/${o.id}`, { role: 'manager' });
      assert.equal(res.statusCode, 200, res.body);
    }
    const res = await t.admin('PATCH', `/admin/api/users/${owners[0]?.id}`, { role: 'accountant' });
    assert.deepEqual([res.statusCode, reason(res)], [409, 'last_owner']);
  });
});

describe(`who made a change, and the tasks feed (${testStoreKind})`, () => {
  test('the history names the console user who cancelled a booking, in the admin API and on the page', async () => {
    const home = await makeAccommodation(t.ctx.db, { name: 'History Home', min_stay: 1 });
    const made = await t.admin('POST', '/admin/api/bookings', {
      accommodation_id: home.id,
      checkin_date: addDays(today, 5),
      checkout_date: addDays(today, 7),
      adults_count: 1,
      guest: { first_name: 'Hist', last_name: 'Ory' },
    });
    const id = made.json<{ data: { id: number } }>().data.id;
    const desk = await signIn(t, undefined, { role: 'front_desk', name: 'Fiona Front' });
    const cancelled = await desk.post(`/admin/bookings/${id}/cancel`, { reason: 'guest called' });
    assert.equal(cancelled.statusCode, 303, cancelled.body);
    const detail = await t.checkedRequest({ method: 'GET', url: `/admin/api/bookings/${id}`, key: t.adminKey });
    const events = detail.json<{
      data: { events: { event: string; actor: { ref: string | null; name: string | null } }[] };
    }>().data.events;
    const cancel = events.find((e) => e.event === 'cancelled');
    assert.deepEqual(cancel?.actor, { kind: 'host', ref: `console_user:${desk.userId}`, name: 'Fiona Front' });
    assert.equal(events[0]?.actor.name, null, 'an admin key is named by its ref only');
    const page = await desk.get(`/admin/bookings/${id}`);
    assert.match(page.body, /by Fiona Front: guest called/);
  });

  test('a home with two cleaners gives its new tasks to neither; a cleaner of another home counts for nothing', async () => {
    const home = await makeAccommodation(t.ctx.db, { timezone: 'UTC', min_stay: 1 });
    const other = await makeAccommodation(t.ctx.db, { timezone: 'UTC', min_stay: 1 });
    const one = await signIn(t, undefined, { role: 'cleaner', homes: [home.id], name: 'Cleo One' });
    await signIn(t, undefined, { role: 'cleaner', homes: [other.id], name: 'Otto Other' });
    const book = async (from: number) => {
      const res = await t.admin('POST', '/admin/api/bookings', {
        accommodation_id: home.id,
        checkin_date: addDays(today, from),
        checkout_date: addDays(today, from + 2),
        adults_count: 2,
        guest: { first_name: 'Two', last_name: 'Cleaners' },
      });
      assert.equal(res.statusCode, 201, res.body);
    };
    const assignees = async () =>
      (
        await t.ctx.db
          .selectFrom('tasks')
          .select('assignee_id')
          .where('accommodation_id', '=', home.id)
          .orderBy('departure_on')
          .execute()
      ).map((r) => r.assignee_id);
    await book(20);
    assert.deepEqual(await assignees(), [one.userId], 'its only cleaner');
    await signIn(t, undefined, { role: 'cleaner', homes: [home.id], name: 'Cleo Two' });
    await book(30);
    assert.deepEqual(await assignees(), [one.userId, null], 'two cleaners: nobody chosen');
  });

  test("a user's tasks feed parses with ical.js, holds only their tasks, and a new address stops the old one", async () => {
    const home = await makeAccommodation(t.ctx.db, {
      name: 'Feed; Home, "quoted"',
      timezone: 'UTC',
      checkin_time: '16:00',
      checkout_time: '11:00',
      min_stay: 1,
    });
    const cleaner = await signIn(t, undefined, { role: 'cleaner', homes: [home.id], name: 'Felix Feed' });
    const book = async (from: number, to: number, adults: number) => {
      const res = await t.admin('POST', '/admin/api/bookings', {
        accommodation_id: home.id,
        checkin_date: addDays(today, from),
        checkout_date: addDays(today, to),
        adults_count: adults,
        guest: { first_name: 'Feed', last_name: 'Guest' },
      });
      assert.equal(res.statusCode, 201, res.body);
    };
    await book(2, 4, 2);
    await book(4, 6, 3);
    // The home's only cleaner is given its new tasks.
    const tasks = (await t.admin('GET', `/admin/api/tasks?assignee_id=${cleaner.userId}`)).json<{
      data: { id: number; same_day: boolean }[];
    }>().data;
    assert.equal(tasks.length, 2);

    const made = await cleaner.post('/admin/tasks/feed', {});
    const shown = await cleaner.follow(made);
    const url = /id="new-secret" class="secret" readonly value="([^"]+)"/.exec(shown.body)?.[1] ?? '';
    assert.match(url, /^http:\/\/staydesk\.test\/staydesk\/tasks\/[A-Za-z0-9_-]{43}\.ics$/);
    const path = url.replace('http://staydesk.test', '');
    const feed = await t.app.inject({ method: 'GET', url: path });
    assert.equal(feed.statusCode, 200);
    assert.match(String(feed.headers['content-type']), /^text\/calendar/);
    const root = new ICAL.Component(ICAL.parse(feed.body) as ConstructorParameters<typeof ICAL.Component>[0]);
    const events = root.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    assert.deepEqual(
      events.map((e) => [e.summary, e.startDate.toJSDate().toISOString(), e.endDate.toJSDate().toISOString()]),
      [
        [
          'Turnover Feed; Home, "quoted" (same day)',
          `${addDays(today, 4)}T11:00:00.000Z`,
          `${addDays(today, 4)}T16:00:00.000Z`,
        ],
        ['Turnover Feed; Home, "quoted"', `${addDays(today, 6)}T11:00:00.000Z`, `${addDays(today, 8)}T00:00:00.000Z`],
      ],
    );
    assert.match(events[0]?.description ?? '', /3 guest\(s\)/);

    await cleaner.post('/admin/tasks/feed', {});
    assert.equal((await t.app.inject({ method: 'GET', url: path })).statusCode, 404, 'the old address stops');
  });
});

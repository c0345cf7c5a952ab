import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CONSOLE_ROLES } from '../../src/db/schema.ts';
import { may, PERMISSIONS, type Permission } from '../../src/users/permissions.ts';
import { registrationOfJson } from '../../src/registrations/parse-registration.ts';
import { saveRegistration } from '../../src/registrations/save-registration.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { signIn } from '../support/console-client.ts';
import { consolePages } from '../support/console-pages.ts';
import { isConsoleRoute } from '../support/console-routes.ts';
import { makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Roles on the server (docs/team-and-tasks.md): every console route names the permission it needs,
// and each role is answered, route by route and form by form, as the table of
// src/users/permissions.ts says; a cleaner sees only their own tasks in their own homes.

let t: TestApp;
let rows: { booking: number; accommodation: number; task: number };
const today = todayIn('UTC');
before(async () => {
  t = await createTestApp();
  const a = await makeAccommodation(t.ctx.db, { name: 'Role House', timezone: 'UTC', min_stay: 1 });
  const res = await t.admin('POST', '/admin/api/bookings', {
    accommodation_id: a.id,
    checkin_date: addDays(today, 1),
    checkout_date: addDays(today, 3),
    adults_count: 2,
    guest: { first_name: 'Role', last_name: 'Guest', email: 'role.guest@example.com', phone: '+43 1 234' },
  });
  assert.equal(res.statusCode, 201, res.body);
  const booking = res.json<{ data: { id: number } }>().data.id;
  const task = await t.ctx.db
    .selectFrom('tasks')
    .select('id')
    .where('booking_id', '=', booking)
    .executeTakeFirstOrThrow();
  rows = { booking, accommodation: a.id, task: task.id };
});
after(async () => {
  await t.close();
});

const sessionRoutes = () => t.app.staydeskRoutes.filter((r) => isConsoleRoute(r) && r.auth === 'session');

function sample(url: string): string {
  return url
    .replace(':feedId', '1')
    .replace(':paymentId', '1')
    .replace(':delivery_id', '1')
    .replace(':kind', 'webhook')
    .replace(/\/tasks\/:id/, `/tasks/${rows.task}`)
    .replace(/\/bookings\/:id/, `/bookings/${rows.booking}`)
    .replace(':id', String(rows.accommodation));
}

describe(`console roles (${testStoreKind})`, () => {
  test('every console route behind a session names a permission of the table: none is left open', () => {
    const routes = sessionRoutes();
    assert.ok(routes.length > 40, 'the sweep sees the console routes');
    const known = new Set<string>(PERMISSIONS);
    for (const route of routes) {
      assert.ok(route.permission !== undefined, `${route.method} ${route.url} names no permission`);
      assert.ok(known.has(route.permission), `${route.method} ${route.url}: ${route.permission} is not in the table`);
    }
  });

  for (const role of CONSOLE_ROLES) {
    test(`${role}: every page and form answers as the table says`, async () => {
      const client = await signIn(t, undefined, { role, homes: role === 'cleaner' ? [rows.accommodation] : [] });
      const pages = consolePages(rows).filter((p) => !p.public);
      for (const route of sessionRoutes()) {
        const permission = route.permission as Permission;
        const allowed = may(role, permission);
        if (route.method === 'GET') {
          const page = pages.find(
            (p) => sample(route.url) === p.url || (route.url === '/admin/' && p.url === '/admin'),
          );
          const url = page?.url ?? sample(route.url);
          const res = await client.get(url);
          const expected = allowed ? 200 : url === '/admin' && may(role, 'tasks') ? 303 : 403;
          assert.equal(res.statusCode, expected, `${role} GET ${url}: ${res.body.slice(0, 300)}`);
          if (!allowed && expected === 403) assert.match(res.body, /Your role does not open this page/);
          continue;
        }
        if (route.url === '/admin/sign-out') continue;
        const res = await client.post(sample(route.url), {});
        if (allowed)
          assert.ok(res.statusCode !== 403 && res.statusCode < 500, `${role} POST ${route.url}: ${res.statusCode}`);
        else assert.equal(res.statusCode, 403, `${role} POST ${route.url}: ${res.body.slice(0, 200)}`);
      }
      const out = await client.post('/admin/sign-out', {});
      assert.equal(out.statusCode, 303, 'every role signs out');
    });
  }

  test('a form beyond the role changes nothing', async () => {
    const cleaner = await signIn(t, undefined, { role: 'cleaner', homes: [rows.accommodation] });
    const count = async () => ({
      keys: (await t.ctx.db.selectFrom('api_keys').select('id').execute()).length,
      users: (await t.ctx.db.selectFrom('users').select('id').execute()).length,
      status: (
        await t.ctx.db.selectFrom('bookings').select('status').where('id', '=', rows.booking).executeTakeFirstOrThrow()
      ).status,
    });
    const before = await count();
    assert.equal((await cleaner.post('/admin/settings/api-keys', { name: 'sneaky', scope: 'admin' })).statusCode, 403);
    assert.equal(
      (await cleaner.post('/admin/settings/console-users', { login: 'sneaky', role: 'owner' })).statusCode,
      403,
    );
    assert.equal((await cleaner.post(`/admin/bookings/${rows.booking}/cancel`, { reason: 'x' })).statusCode, 403);
    assert.deepEqual(await count(), before);
  });

  test("each role that reads bookings sees a booking's check-in; its guests' details only with registrations.read", async () => {
    const sent = await saveRegistration(
      t.ctx.db,
      rows.booking,
      registrationOfJson({
        guests: [{ first_name: 'Role', last_name: 'Guest', document_type: 'passport', document_number: 'RG7654321' }],
        arrival_time: '14:00',
      }).input,
      t.ctx.now(),
    );
    assert.ok(sent.saved);
    for (const role of CONSOLE_ROLES) {
      const client = await signIn(t, undefined, { role, homes: role === 'cleaner' ? [rows.accommodation] : [] });
      const page = await client.get(`/admin/bookings/${rows.booking}`);
      if (!may(role, 'bookings.read')) {
        assert.equal(page.statusCode, 403, role);
        assert.doesNotMatch(page.body, /RG7654321/, role);
        continue;
      }
      assert.equal(page.statusCode, 200, role);
      assert.match(page.body, /Check-in started/, role);
      if (may(role, 'registrations.read')) assert.match(page.body, /RG7654321/, role);
      else assert.doesNotMatch(page.body, /RG7654321/, role);
    }
    assert.deepEqual(
      CONSOLE_ROLES.filter((role) => may(role, 'registrations.read')),
      ['owner', 'manager', 'front_desk'],
    );
  });

  test("the Registrations page and a guest's data: each role's answer, route by route", async () => {
    const expected: Record<string, Record<string, number>> = {
      'GET /admin/registrations': { owner: 200, manager: 200, front_desk: 200, accountant: 403, cleaner: 403 },
      'GET /admin/confirm?action=erase-guest': {
        owner: 200,
        manager: 403,
        front_desk: 403,
        accountant: 403,
        cleaner: 403,
      },
      // The owner's form without the guest it was shown for is a 400; every other role's is refused first.
      'POST /admin/bookings/:id/guest-data/export': {
        owner: 400,
        manager: 403,
        front_desk: 403,
        accountant: 403,
        cleaner: 403,
      },
      'POST /admin/bookings/:id/guest-data/erase': {
        owner: 400,
        manager: 403,
        front_desk: 403,
        accountant: 403,
        cleaner: 403,
      },
    };
    for (const role of CONSOLE_ROLES) {
      const client = await signIn(t, undefined, { role, homes: role === 'cleaner' ? [rows.accommodation] : [] });
      for (const [route, statuses] of Object.entries(expected)) {
        const [method = '', path = ''] = route.split(' ');
        const url = path.replace(':id', String(rows.booking)).replace('erase-guest', `erase-guest&id=${rows.booking}`);
        const res = method === 'GET' ? await client.get(url) : await client.post(url, {});
        assert.equal(res.statusCode, statuses[role], `${role} ${method} ${url}: ${res.body.slice(0, 200)}`);
      }
    }
    assert.deepEqual(
      CONSOLE_ROLES.filter((role) => may(role, 'guests.privacy')),
      ['owner'],
    );
    const guest = await t.ctx.db
      .selectFrom('guests')
      .select('erased_at')
      .innerJoin('bookings', 'bookings.guest_id', 'guests.id')
      .where('bookings.id', '=', rows.booking)
      .executeTakeFirstOrThrow();
    assert.equal(guest.erased_at, null, 'no form without its guest erased anyone');
  });

  test('the navigation shows a role only what it may open', async () => {
    const accountant = await signIn(t, undefined, { role: 'accountant' });
    const nav = /<nav aria-label="Console">([\s\S]*?)<\/nav>/.exec((await accountant.get('/admin')).body)?.[1] ?? '';
    assert.deepEqual(
      [...nav.matchAll(/>([A-Za-z]+)<\/a>/g)].map((m) => m[1]),
      ['Today', 'Bookings', 'Reports', 'Documents'],
    );
  });
});

describe(`a cleaner's tasks (${testStoreKind})`, () => {
  async function hostBooking(accommodation: number, from: number, to: number): Promise<number> {
    const res = await t.admin('POST', '/admin/api/bookings', {
      accommodation_id: accommodation,
      checkin_date: addDays(today, from),
      checkout_date: addDays(today, to),
      adults_count: 2,
      guest: { first_name: 'Clean', last_name: 'Guest' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const id = res.json<{ data: { id: number } }>().data.id;
    return (await t.ctx.db.selectFrom('tasks').select('id').where('booking_id', '=', id).executeTakeFirstOrThrow()).id;
  }

  test('sees only the tasks given to them in their homes, ticks them done, and cannot touch the others', async () => {
    const mine = await makeAccommodation(t.ctx.db, { name: 'Cleaner Home', timezone: 'UTC', min_stay: 1 });
    const theirs = await makeAccommodation(t.ctx.db, { name: 'Other Home', timezone: 'UTC', min_stay: 1 });
    const cleaner = await signIn(t, undefined, { role: 'cleaner', homes: [mine.id], name: 'Carla Clean' });
    const other = await signIn(t, undefined, { role: 'cleaner', homes: [mine.id, theirs.id], name: 'Otto Other' });
    const first = await hostBooking(mine.id, 1, 2);
    const second = await hostBooking(mine.id, 3, 4);
    const elsewhere = await hostBooking(theirs.id, 1, 2);
    const manager = await signIn(t, undefined, { role: 'manager' });
    for (const [task, user] of [
      [first, cleaner.userId],
      [second, other.userId],
      [elsewhere, other.userId],
    ] as const) {
      const res = await manager.post(`/admin/tasks/${task}/assign`, { assignee_id: String(user) });
      assert.equal(res.statusCode, 303, res.body);
    }
    const refused = await manager.post(`/admin/tasks/${elsewhere}/assign`, { assignee_id: String(cleaner.userId) });
    assert.equal(refused.statusCode, 409, 'a cleaner is not given a task in a home not theirs');

    const page = await cleaner.get('/admin/tasks');
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes(`/admin/tasks/${first}/done`), 'their task');
    assert.ok(!page.body.includes(`/admin/tasks/${second}/`), "not another cleaner's task");
    assert.ok(!page.body.includes(`/admin/tasks/${elsewhere}/`), 'not a task of another home');
    assert.ok(!page.body.includes('/assign'), 'a cleaner assigns no one');
    assert.ok(!page.body.includes('Role Guest'), "no guest's name");

    assert.equal((await cleaner.post(`/admin/tasks/${second}/done`, {})).statusCode, 404);
    assert.equal((await cleaner.post(`/admin/tasks/${first}/assign`, { assignee_id: '' })).statusCode, 403);
    const done = await cleaner.post(`/admin/tasks/${first}/done`, {});
    assert.equal(done.statusCode, 303);
    const row = await t.ctx.db.selectFrom('tasks').select('state').where('id', '=', first).executeTakeFirstOrThrow();
    assert.equal(row.state, 'done');
    const managerView = await manager.get('/admin/tasks');
    assert.match(managerView.body, /Carla Clean/);
    const today = await manager.get('/admin');
    assert.match(today.body, /Turnovers today/);
  });
});

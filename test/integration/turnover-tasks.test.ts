import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { confirmBooking } from '../../src/bookings/confirm-booking.ts';
import { expireDueDrafts } from '../../src/bookings/expire-holds.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { quoteStay } from '../../src/pricing/quote-stay.ts';
import { planAllQueued } from '../../src/tasks/new-stay-turnovers.ts';
import { syncTurnovers } from '../../src/tasks/sync-turnovers.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { bookingBody, bookingById, makeAccommodation } from '../support/factories.ts';
import { calendarOf, startFeedServer, type FeedServer } from '../support/feed-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Turnover tasks follow their stays (docs/team-and-tasks.md): one task per departure, through
// every change of a booking and of an imported stay, on the store TEST_DATABASE_URL selects.

let t: TestApp;
let feeds: FeedServer;
before(async () => {
  t = await createTestApp({ ICAL_ALLOW_PRIVATE_NETWORKS: 'true' });
  feeds = await startFeedServer();
});
after(async () => {
  await feeds.close();
  await t.close();
});

const today = todayIn('UTC');
const day = (n: number) => addDays(today, n);

interface Task {
  id: number;
  kind: string;
  accommodation_id: number;
  booking_id: number | null;
  imported_stay_id: number | null;
  departure_on: string;
  due_from: string;
  due_by: string;
  same_day: boolean;
  next_arrival_on: string | null;
  next_guest_count: number | null;
  assignee_id: number | null;
  state: string;
}

let homes = 0;
function home(): Promise<Accommodation> {
  return makeAccommodation(t.ctx.db, {
    name: `Turnover House ${(homes += 1)}`,
    timezone: 'UTC',
    checkin_time: '15:00',
    checkout_time: '10:00',
    min_stay: 1,
  });
}

async function tasksOf(accommodationId: number, from = day(-1), to = day(120)): Promise<Task[]> {
  const res = await t.admin('GET', `/admin/api/tasks?from=${from}&to=${to}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: Task[] }>().data.filter((x) => x.accommodation_id === accommodationId);
}

/** Every task row of a home, whatever its range: the "exactly once" is checked on these. */
async function rowsOf(accommodationId: number) {
  return t.ctx.db
    .selectFrom('tasks')
    .selectAll()
    .where('accommodation_id', '=', accommodationId)
    .orderBy('id')
    .execute();
}

async function hostBooking(a: Accommodation, checkin: string, checkout: string, adults = 2): Promise<number> {
  const res = await t.admin('POST', '/admin/api/bookings', {
    accommodation_id: a.id,
    checkin_date: checkin,
    checkout_date: checkout,
    adults_count: adults,
    guest: { first_name: 'Grace', last_name: 'Hopper' },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: { id: number } }>().data.id;
}

async function v1Booking(a: Accommodation, checkin: string, checkout: string, method: string) {
  const stay = { checkin, checkout };
  const quote = await quoteStay(t.ctx.db, a, { ...stay, guests: 2, extras: {} });
  return t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(a.id, stay, { booking: { payment_method: method, total_amount: quote.total / 100 } }),
  });
}

async function cardDraft(a: Accommodation, checkin: string, checkout: string): Promise<number> {
  const stay = { checkin, checkout };
  const quote = await quoteStay(t.ctx.db, a, { ...stay, guests: 2, extras: {} });
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(a.id, stay, {
      booking: { payment_method: 'card_processor', total_amount: quote.total / 100 },
    }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { booking_id: number } }>().data.booking_id;
}

const at = (date: string, time: string) => `${date}T${time}:00.000Z`;

describe(`turnover tasks follow their bookings (${testStoreKind})`, () => {
  test('stays booked in any order around imported ones: the tasks a new booking writes are those a full sync writes', async () => {
    const a = await home();
    // Adjacent, same-day, far apart and in between, booked out of date order; then one before all.
    const stays: [number, number][] = [
      [20, 23],
      [10, 12],
      [30, 33],
      [12, 15],
      [40, 41],
      [16, 20],
      [34, 36],
      [5, 7],
    ];
    // Two imported stays first, which the new bookings arrive and depart around.
    const path = `/window-${a.id}.ics`;
    feeds.set(
      path,
      calendarOf([
        { uid: 'w-1', start: day(25), end: day(28), summary: 'Reserved' },
        { uid: 'w-2', start: day(37), end: day(40), summary: 'Reserved' },
      ]),
    );
    const base = `/admin/api/accommodations/${a.id}`;
    const feed = await t.admin('POST', `${base}/ical-feeds`, { name: 'airbnb', url: feeds.url(path) });
    assert.equal(feed.statusCode, 201, feed.body);
    const feedId = feed.json<{ data: { id: number } }>().data.id;
    assert.equal((await t.admin('POST', `${base}/ical-feeds/${feedId}/sync`)).statusCode, 200);
    for (const [from, to] of stays) await hostBooking(a, day(from), day(to), 1 + (from % 3));
    const made = await rowsOf(a.id);
    assert.equal(made.length, stays.length + 2);
    await t.ctx.db.transaction().execute((trx) => syncTurnovers(trx, [a.id], t.ctx.now()));
    assert.deepEqual(await rowsOf(a.id), made, 'a full sync finds nothing to change');
    const byDeparture = new Map(made.map((r) => [r.departure_on, r.next_arrival_on]));
    assert.equal(byDeparture.get(day(12)), day(12), 'a same-day turnover');
    assert.equal(byDeparture.get(day(15)), day(16));
    assert.equal(byDeparture.get(day(7)), day(10));
    assert.equal(byDeparture.get(day(41)), null);
    assert.equal(byDeparture.get(day(23)), day(25), 'a booking before an imported stay');
    assert.equal(byDeparture.get(day(28)), day(30), 'an imported stay before a booking made after it');
    assert.equal(byDeparture.get(day(36)), day(37));
  });

  test('bookings of one home sent at once: each answer finds its task, and together they are what a full sync writes', async () => {
    const a = await home();
    const stays: [number, number][] = [
      [30, 32],
      [8, 10],
      [20, 21],
      [10, 13],
      [44, 47],
      [14, 18],
      [2, 4],
      [25, 30],
      [38, 40],
      [33, 35],
      [21, 24],
      [50, 51],
    ];
    const answers = await Promise.all(
      stays.map(async ([from, to], i) => {
        const res = await v1Booking(a, day(from), day(to), i % 2 === 0 ? 'bank_transfer' : 'cash');
        assert.equal(res.statusCode, 200, res.body);
        const id = res.json<{ data: { booking_id: number } }>().data.booking_id;
        // Planned before the answer: the booking's own task is there when it arrives.
        const own = await t.ctx.db.selectFrom('tasks').select('id').where('booking_id', '=', id).execute();
        assert.equal(own.length, 1, `booking ${id}'s task when its answer arrived`);
        return id;
      }),
    );
    assert.equal(new Set(answers).size, stays.length);
    const made = await rowsOf(a.id);
    assert.equal(made.length, stays.length);
    const queued = await t.ctx.db
      .selectFrom('turnovers_to_plan')
      .select('id')
      .where('accommodation_id', '=', a.id)
      .execute();
    assert.deepEqual(queued, [], 'nothing is left to plan');
    await t.ctx.db.transaction().execute((trx) => syncTurnovers(trx, [a.id], t.ctx.now()));
    assert.deepEqual(await rowsOf(a.id), made, 'a full sync finds nothing to change');
    const byDeparture = new Map(made.map((r) => [r.departure_on, r.next_arrival_on]));
    assert.equal(byDeparture.get(day(10)), day(10), 'a same-day turnover');
    assert.equal(byDeparture.get(day(13)), day(14));
    assert.equal(byDeparture.get(day(4)), day(8));
    assert.equal(byDeparture.get(day(51)), null);
  });

  test('a stay whose planning never ran (the process died after the commit) is planned by the plan-turnovers job', async () => {
    const a = await home();
    const before = await hostBooking(a, day(10), day(12));
    const after = await hostBooking(a, day(20), day(22));
    // As a crash right after the second booking's commit leaves it: its stay queued, no task, the
    // task before it still without its next arrival.
    await t.ctx.db.deleteFrom('tasks').where('booking_id', '=', after).execute();
    await t.ctx.db.updateTable('tasks').set({ next_arrival_on: null }).where('booking_id', '=', before).execute();
    await t.ctx.db
      .insertInto('turnovers_to_plan')
      .values({ accommodation_id: a.id, booking_id: after, start_on: day(20), end_on: day(22) })
      .execute();
    assert.equal(await planAllQueued(t.ctx), 1, 'one home had stays to plan');
    const tasks = await tasksOf(a.id);
    assert.deepEqual(
      tasks.map((x) => [x.booking_id, x.next_arrival_on]),
      [
        [before, day(20)],
        [after, null],
      ],
    );
    assert.equal(await planAllQueued(t.ctx), 0, 'the queue is empty once planned');
  });

  test('made, joined by a same-day arrival, moved, cancelled, reinstated: one task each, always true', async () => {
    const a = await home();
    const first = await hostBooking(a, day(10), day(13));
    const [task] = await tasksOf(a.id);
    assert.deepEqual(
      {
        kind: task?.kind,
        booking_id: task?.booking_id,
        departure_on: task?.departure_on,
        due_from: task?.due_from,
        due_by: task?.due_by,
        same_day: task?.same_day,
        next_guest_count: task?.next_guest_count,
        state: task?.state,
      },
      {
        kind: 'turnover',
        booking_id: first,
        departure_on: day(13),
        due_from: at(day(13), '10:00'),
        due_by: at(day(15), '00:00'),
        same_day: false,
        next_guest_count: null,
        state: 'open',
      },
      'due from checkout to the end of the next day when no one follows',
    );
    const firstTaskId = task!.id;

    // Someone arrives on the day of the departure: the first task becomes a same-day turnover.
    const second = await hostBooking(a, day(13), day(16), 3);
    const [before, after] = await tasksOf(a.id);
    assert.equal(before?.id, firstTaskId);
    assert.equal(before?.same_day, true);
    assert.equal(before?.due_by, at(day(13), '15:00'));
    assert.equal(before?.next_guest_count, 3);
    assert.equal(after?.booking_id, second);

    // The second booking moves two days later: its task moves, and the first one's deadline with it.
    const moved = await t.admin('PATCH', `/admin/api/bookings/${second}`, {
      checkin_date: day(15),
      checkout_date: day(18),
    });
    assert.equal(moved.statusCode, 200, moved.body);
    const afterMove = await tasksOf(a.id);
    assert.equal(afterMove.length, 2);
    assert.equal(afterMove[0]?.same_day, false);
    assert.equal(afterMove[0]?.due_by, at(day(15), '15:00'));
    assert.equal(afterMove[1]?.departure_on, day(18));
    assert.equal(afterMove[1]?.id, after?.id, 'the same task, moved');

    // Cancelled: its task is cancelled, the first is due at the end of its next day again.
    const cancelled = await t.admin('POST', `/admin/api/bookings/${second}/cancel`, { notify_guest: false });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const afterCancel = await tasksOf(a.id);
    assert.deepEqual(
      afterCancel.map((x) => [x.booking_id, x.state]),
      [
        [first, 'open'],
        [second, 'cancelled'],
      ],
    );
    assert.equal(afterCancel[0]?.due_by, at(day(15), '00:00'));

    // Reinstated: the same task is open again.
    const reinstated = await t.admin('POST', `/admin/api/bookings/${second}/reinstate`, {});
    assert.equal(reinstated.statusCode, 200, reinstated.body);
    const afterReinstate = await tasksOf(a.id);
    assert.deepEqual(
      afterReinstate.map((x) => [x.id, x.state]),
      [
        [firstTaskId, 'open'],
        [after?.id, 'open'],
      ],
    );
    assert.equal((await rowsOf(a.id)).length, 2, 'never a second row for a departure');
  });

  test('a card draft has no task until confirmed; an expired draft never has one', async () => {
    const a = await home();
    const draft = await cardDraft(a, day(20), day(22));
    assert.deepEqual(await rowsOf(a.id), []);
    const booking = await bookingById(t.ctx.db, draft);
    const outcome = await confirmBooking(t.ctx, {
      bookingId: draft,
      actor: { kind: 'payment_event', eventId: 'evt_turnover' },
      payment: { intentId: booking.payment_intent_id ?? '', amount: booking.total, currency: booking.currency },
    });
    assert.equal(outcome.result, 'confirmed');
    assert.deepEqual(
      (await tasksOf(a.id)).map((x) => [x.booking_id, x.departure_on, x.state]),
      [[draft, day(22), 'open']],
    );

    const other = await cardDraft(a, day(30), day(32));
    const later = Date.now() + 2 * 3600_000;
    assert.deepEqual(await expireDueDrafts(t.ctx, new Date(later)), [other]);
    assert.equal((await bookingById(t.ctx.db, other)).status, 'cancelled');
    assert.equal((await rowsOf(a.id)).length, 1, 'the expired draft left no task');
  });

  test('a task ticked done stays done when only its deadline changes, and reopens when its departure moves', async () => {
    const a = await home();
    const id = await hostBooking(a, day(40), day(42));
    const [task] = await tasksOf(a.id);
    const done = await t.admin('PATCH', `/admin/api/tasks/${task!.id}`, { state: 'done' });
    assert.equal(done.statusCode, 200, done.body);
    await hostBooking(a, day(42), day(44));
    assert.equal((await tasksOf(a.id))[0]?.state, 'done');
    const moved = await t.admin('PATCH', `/admin/api/bookings/${id}`, { checkout_date: day(41) });
    assert.equal(moved.statusCode, 200, moved.body);
    const [again] = await tasksOf(a.id);
    assert.deepEqual([again?.id, again?.departure_on, again?.state], [task!.id, day(41), 'open']);
  });

  test('imported stays: added, moved and dropped by their feed, with the booking before them re-timed', async () => {
    const a = await home();
    await hostBooking(a, day(50), day(52));
    const path = `/turnover-${a.id}.ics`;
    feeds.set(path, calendarOf([{ uid: 'air-1', start: day(52), end: day(55), summary: 'Reserved' }]));
    const base = `/admin/api/accommodations/${a.id}`;
    const feed = await t.admin('POST', `${base}/ical-feeds`, { name: 'airbnb', url: feeds.url(path) });
    assert.equal(feed.statusCode, 201, feed.body);
    const feedId = feed.json<{ data: { id: number } }>().data.id;
    const sync = async () => {
      assert.equal((await t.admin('POST', `${base}/ical-feeds/${feedId}/sync`)).statusCode, 200);
    };

    await sync();
    let list = await tasksOf(a.id);
    assert.equal(list.length, 2);
    assert.equal(list[0]?.same_day, true, 'the imported guest arrives the day the booking departs');
    assert.equal(list[0]?.next_guest_count, null, 'an imported stay does not say how many come');
    const imported = list[1]!;
    assert.equal(imported.booking_id, null);
    assert.notEqual(imported.imported_stay_id, null);
    assert.equal(imported.departure_on, day(55));

    feeds.set(path, calendarOf([{ uid: 'air-1', start: day(53), end: day(57), summary: 'Reserved' }]));
    await sync();
    list = await tasksOf(a.id);
    assert.equal(list[0]?.same_day, false);
    assert.deepEqual([list[1]?.id, list[1]?.departure_on], [imported.id, day(57)]);

    feeds.set(path, calendarOf([]));
    await sync();
    // An empty calendar from a feed that had stays is held back once (docs/decisions.md#channel-sync-ical); a second one is applied.
    await sync();
    list = await tasksOf(a.id);
    assert.deepEqual(
      list.map((x) => [x.id, x.state]),
      [
        [list[0]?.id, 'open'],
        [imported.id, 'cancelled'],
      ],
    );
    assert.equal(
      list[0]?.due_by,
      at(day(54), '00:00'),
      'the booking before it is due by the end of its next day again',
    );

    feeds.set(path, calendarOf([{ uid: 'air-2', start: day(60), end: day(62), summary: 'Reserved' }]));
    await sync();
    assert.deepEqual(
      (await tasksOf(a.id)).map((x) => x.state),
      ['open', 'cancelled', 'open'],
    );
    const removed = await t.admin('DELETE', `${base}/ical-feeds/${feedId}`);
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual(
      (await tasksOf(a.id)).map((x) => x.state),
      ['open', 'cancelled', 'cancelled'],
      'a removed feed takes its stays, and their tasks are cancelled',
    );
  });

  test('the list takes from, to and assignee_id; bad ranges are 400s', async () => {
    const bad = await t.admin('GET', `/admin/api/tasks?from=${day(5)}&to=${day(1)}`);
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json<{ error: { details: { reason: string } } }>().error.details.reason, 'invalid_range');
    const notReal = await t.admin('GET', '/admin/api/tasks?from=2027-02-30');
    assert.equal(notReal.json<{ error: { details: { reason: string } } }>().error.details.reason, 'invalid_date');
    const none = await t.admin('GET', '/admin/api/tasks?assignee_id=999999');
    assert.deepEqual(none.json<{ data: unknown[] }>().data, []);
    const unknown = await t.admin('PATCH', '/admin/api/tasks/999999', { state: 'done' });
    assert.equal(unknown.statusCode, 404);
  });
});

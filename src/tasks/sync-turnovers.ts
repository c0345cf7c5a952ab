import { sql } from 'kysely';
import type { Executor } from '../db/store.ts';
import type { TaskRow } from './task-repository.ts';
import { lockParentRows } from '../db/row-locks.ts';
import { prepared } from '../db/prepared.ts';
import { addDays, todayIn } from '../shared/dates.ts';
import { planTurnovers, refKey, type PlannedStay, type PlannedTurnover } from './turnover-plan.ts';
import { writeTurnoverTasks, type ChangedTurnover } from './update-turnover-tasks.ts';

/**
 * Keeps the turnover tasks of homes true to their stays, in the transaction of the change that
 * moved a stay (a booking's creation or move through the lifecycle, an iCal pull): every live
 * departure from yesterday on (in the home's time zone) has exactly one task, found again by its
 * stay, so a stay moved moves its task, a stay gone cancels it, a stay back reopens it, and the
 * task before a moved arrival gets its new deadline. Departures before yesterday are history and
 * are left as they were. A task a cleaner ticked done stays done unless its departure moved to
 * another day. A new task goes to the home's cleaner when the home has exactly one.
 */
export async function syncTurnovers(db: Executor, accommodationIds: Iterable<number>, now: Date): Promise<void> {
  // In one order everywhere, so two changes that touch the same homes never wait on each other.
  for (const id of [...new Set(accommodationIds)].sort((a, b) => a - b)) await syncHome(db, id, now);
}

/**
 * After new stays of one home only: the same tasks as syncTurnovers, for less, in a transaction
 * that holds the home's lock (lockHome). A new stay changes only its own task and the tasks of
 * the stays that depart after the last arrival before its own (whose next arrival it may now be),
 * and what those tasks read lies between that arrival and the first arrival on or after its
 * departure. So the stays of that window are planned, and only the tasks of those departing by the
 * new stay's departure are written. Several new stays are planned as one: the span from the
 * first's arrival to the last's departure.
 */
export async function syncTurnoversOfNewStays(
  db: Executor,
  home: LockedHome,
  span: { start: string; end: string },
  now: Date,
): Promise<void> {
  await syncLocked(db, home, now, span);
}

/** A home's live bookings: confirmed or modified, not test ones. */
function liveBookings(db: Executor, accommodationId: number) {
  return db
    .selectFrom('bookings')
    .where('bookings.accommodation_id', '=', accommodationId)
    .where('bookings.status', 'in', ['confirmed', 'modified'])
    .where('bookings.mode', '=', 'live');
}

/** The last arrival of a live booking of the home before `date`, as a scalar subquery. */
function lastArrivalBefore(db: Executor, accommodationId: number, date: string) {
  return liveBookings(db, accommodationId)
    .select('checkin')
    .where('checkin', '<', date)
    .orderBy('checkin', 'desc')
    .limit(1);
}

/** A stay's turnover task, as a planning compares it with the plan. */
type StayTask = Pick<
  TaskRow,
  | 'id'
  | 'accommodation_id'
  | 'booking_id'
  | 'external_reservation_id'
  | 'departure_on'
  | 'due_from'
  | 'due_by'
  | 'next_arrival_on'
  | 'next_guest_count'
  | 'state'
>;

/** The columns of a stay's turnover task, read beside the stay (`t`), prefixed `task_`. */
const TASK_COLUMNS = [
  't.id as task_id',
  't.accommodation_id as task_accommodation_id',
  't.departure_on as task_departure_on',
  't.due_from as task_due_from',
  't.due_by as task_due_by',
  't.next_arrival_on as task_next_arrival_on',
  't.next_guest_count as task_next_guest_count',
  't.state as task_state',
] as const;

/**
 * The live stays of a home that end on or after `from` (and, given `to`, arrive on or before it):
 * its bookings and imported stays in one statement; with `withTasks`, each with its turnover task
 * in the same statement (a stay has one at most: `tasks_booking`, `tasks_imported`).
 */
function liveStaysQuery(db: Executor, accommodationId: number, from: string, to: string | null, withTasks: boolean) {
  // Live bookings never share a night, so of those arriving before `from` only the last can still
  // be there on `from`: bounding the arrivals by it lets the index on (home, arrival) read the
  // stays from there on, instead of every stay the home ever had.
  let bookingsQuery = liveBookings(db, accommodationId)
    .select((eb) => [
      sql.lit('booking').as('source'),
      'bookings.id',
      'bookings.checkin as start',
      'bookings.checkout as end',
      eb(eb('bookings.adults', '+', eb.ref('bookings.children')), '+', eb.ref('bookings.babies'))
        .$castTo<number | null>()
        .as('guests'),
    ])
    .where('bookings.checkout', '>=', from)
    .where((eb) =>
      eb('bookings.checkin', '>=', eb.fn.coalesce(lastArrivalBefore(db, accommodationId, from), eb.val(from))),
    )
    .$if(withTasks, (qb) =>
      qb
        .leftJoin('tasks as t', (join) => join.onRef('t.booking_id', '=', 'bookings.id').on('t.kind', '=', 'turnover'))
        .select(TASK_COLUMNS),
    );
  let importedQuery = db
    .selectFrom('external_reservations as r')
    .select([
      sql.lit('imported').as('source'),
      'r.id',
      'r.start_date as start',
      'r.end_date as end',
      sql<number | null>`null`.as('guests'),
    ])
    .where('r.accommodation_id', '=', accommodationId)
    .where('r.echo_of', 'is', null)
    .where('r.kind', '=', 'reserved')
    .where('r.end_date', '>=', from)
    .$if(withTasks, (qb) =>
      qb
        .leftJoin('tasks as t', (join) =>
          join.onRef('t.external_reservation_id', '=', 'r.id').on('t.kind', '=', 'turnover'),
        )
        .select(TASK_COLUMNS),
    );
  if (to !== null) {
    bookingsQuery = bookingsQuery.where('bookings.checkin', '<=', to);
    importedQuery = importedQuery.where('r.start_date', '<=', to);
  }
  return bookingsQuery.unionAll(importedQuery);
}

/**
 * liveStaysQuery in the three shapes a planning reads, each compiled once (db/prepared.ts): a
 * planning runs after every new booking, and building its statements anew each time was a tenth of
 * the server's CPU a booking (docs/benchmarks.md).
 */
const liveStaysIn = {
  window: prepared((db, id: number, from: string, to: string) => liveStaysQuery(db, id, from, to, true)),
  windowOpen: prepared((db, id: number, from: string) => liveStaysQuery(db, id, from, null, true)),
  all: prepared((db, id: number, from: string) => liveStaysQuery(db, id, from, null, false)),
};

/**
 * The live stays of a home that end on or after `from`: given a new stay's window, only those that
 * arrive by its end (`window.to`, when it has one), each with its turnover task; else all of them.
 */
async function liveStays(
  db: Executor,
  accommodationId: number,
  from: string,
  window: { to: string | null } | null,
): Promise<{ stays: PlannedStay[]; tasks: StayTask[] }> {
  const rows =
    window === null
      ? await liveStaysIn.all(db, accommodationId, from)
      : window.to === null
        ? await liveStaysIn.windowOpen(db, accommodationId, from)
        : await liveStaysIn.window(db, accommodationId, from, window.to);
  // Bookings first, then imported stays, as two statements read them.
  const booked = (r: (typeof rows)[number]) => r.source === 'booking';
  const ordered = [...rows.filter(booked), ...rows.filter((r) => !booked(r))];
  const stays = ordered.map((r) => ({
    ref: booked(r) ? { booking_id: r.id } : { external_reservation_id: r.id },
    start: r.start,
    end: r.end,
    guests: booked(r) ? Number(r.guests) : null,
  }));
  // A task found by the left join has every column set.
  const tasks = ordered.flatMap((r): StayTask[] =>
    r.task_id === undefined || r.task_id === null
      ? []
      : [
          {
            id: r.task_id,
            accommodation_id: r.task_accommodation_id as number,
            booking_id: booked(r) ? r.id : null,
            external_reservation_id: booked(r) ? null : r.id,
            departure_on: r.task_departure_on as string,
            due_from: r.task_due_from as string,
            due_by: r.task_due_by as string,
            next_arrival_on: r.task_next_arrival_on ?? null,
            next_guest_count: r.task_next_guest_count ?? null,
            state: r.task_state as StayTask['state'],
          },
        ],
  );
  return { stays, tasks };
}

/** windowAround's statement, compiled once (db/prepared.ts). */
const windowRead = prepared((db, accommodationId: number, start: string, end: string) => {
  const imported = () =>
    db
      .selectFrom('external_reservations')
      .where('accommodation_id', '=', accommodationId)
      .where('echo_of', 'is', null)
      .where('kind', '=', 'reserved');
  // One round trip: the four dates as scalar subqueries of one select. The bookings' are read as
  // the first row in date order, which walks the index from the date and stops at the first live
  // one (a max() would read every arrival of the home before it).
  return db.selectNoFrom([
    lastArrivalBefore(db, accommodationId, start).as('last_booked'),
    imported()
      .select((eb) => eb.fn.max('start_date').as('d'))
      .where('start_date', '<', start)
      .as('last_imported'),
    liveBookings(db, accommodationId)
      .select('checkin')
      .where('checkin', '>=', end)
      .orderBy('checkin')
      .limit(1)
      .as('next_booked'),
    imported()
      .select((eb) => eb.fn.min('start_date').as('d'))
      .where('start_date', '>=', end)
      .as('next_imported'),
    onlyCleanerOf(db, accommodationId).as('cleaner'),
  ]);
});

/**
 * The window a new stay's tasks lie in: from the last arrival before its own (a stay departing
 * before that arrival has it as its next one, not the new stay) to the first arrival on or after
 * its departure (the new stay's own next one), among the home's other live stays; and, in the
 * same statement, the cleaner its new tasks go to (onlyCleaner).
 */
async function windowAround(
  db: Executor,
  accommodationId: number,
  stay: { start: string; end: string },
): Promise<{ from: string | null; to: string | null; cleaner: number | null }> {
  const [found] = await windowRead(db, accommodationId, stay.start, stay.end);
  const dates = (xs: unknown[]) => xs.filter((x): x is string => typeof x === 'string').sort();
  return {
    from: dates([found?.last_booked, found?.last_imported]).at(-1) ?? null,
    to: dates([found?.next_booked, found?.next_imported])[0] ?? null,
    cleaner: found?.cleaner ?? null,
  };
}

/** A home whose turnovers this transaction plans, locked (lockHome). */
export interface LockedHome {
  id: number;
  timezone: string;
  checkin_time: string;
  checkout_time: string;
}

/**
 * One change at a time plans a home's turnovers: two bookings at once must not both add a task.
 * Bookings being written refer to this row, hence a lock that lets references be.
 */
export function lockHome(db: Executor, accommodationId: number): Promise<LockedHome | undefined> {
  return lockParentRows(
    db,
    db
      .selectFrom('accommodations')
      .select(['id', 'timezone', 'checkin_time', 'checkout_time'])
      .where('id', '=', accommodationId),
  ).executeTakeFirst();
}

async function syncHome(db: Executor, accommodationId: number, now: Date): Promise<void> {
  const home = await lockHome(db, accommodationId);
  if (home !== undefined) await syncLocked(db, home, now, null);
}

async function syncLocked(
  db: Executor,
  home: LockedHome,
  now: Date,
  newStay: { start: string; end: string } | null,
): Promise<void> {
  const accommodationId = home.id;
  const from = addDays(todayIn(home.timezone, now), -1);
  const window = newStay === null ? null : await windowAround(db, accommodationId, newStay);
  // A new stay's window: from the last arrival before it (or its own arrival) to the next arrival after it.
  const low = window === null ? from : (window.from ?? newStay?.start ?? from);
  // A new stay's planning touches only the tasks of its window's stays, read with the stays.
  const read = await liveStays(db, accommodationId, low < from ? from : low, window);
  const fullPlan = planTurnovers(
    read.stays,
    { timeZone: home.timezone, checkinTime: home.checkin_time, checkoutTime: home.checkout_time },
    from,
  );
  // In a new stay's window, the last stay is there as the next arrival only: its own task reads
  // beyond the window and is left as it is.
  const plan = newStay === null ? fullPlan : fullPlan.filter((p) => p.departure_on <= newStay.end);
  const existing: StayTask[] = window === null ? await tasksOfFullSync(db, accommodationId, from, plan) : read.tasks;
  const byRef = new Map(existing.map((t) => [refKeyOf(t), t]));
  const at = now.toISOString();
  const planned = new Set<string>();
  const added: PlannedTurnover[] = [];
  const changed: ChangedTurnover[] = [];
  for (const p of plan) {
    const key = refKey(p.ref);
    planned.add(key);
    const task = byRef.get(key);
    if (task === undefined) {
      added.push(p);
      continue;
    }
    const moved = task.departure_on !== p.departure_on;
    const state = task.state === 'cancelled' || (moved && task.state === 'done') ? 'open' : task.state;
    const same =
      !moved &&
      state === task.state &&
      task.accommodation_id === accommodationId &&
      task.due_from === p.due_from &&
      task.due_by === p.due_by &&
      task.next_arrival_on === p.next_arrival_on &&
      task.next_guest_count === p.next_guest_count;
    if (same) continue;
    const { departure_on, due_from, due_by, next_arrival_on, next_guest_count } = p;
    changed.push({
      id: task.id,
      accommodation_id: accommodationId,
      state,
      departure_on,
      due_from,
      due_by,
      next_arrival_on,
      next_guest_count,
    });
  }
  const cleaner = added.length === 0 ? null : window === null ? await onlyCleaner(db, accommodationId) : window.cleaner;
  await writeTurnoverTasks(
    db,
    changed,
    added.map((p) => ({
      ...rowOf(accommodationId, p),
      assignee_id: cleaner,
      state: 'open' as const,
      created_at: at,
      updated_at: at,
    })),
    at,
  );
  // A new stay takes no stay away: only a full sync cancels the tasks of stays gone.
  const gone = window === null ? existing.filter((t) => t.state === 'open' && !planned.has(refKeyOf(t))) : [];
  if (gone.length > 0)
    await db
      .updateTable('tasks')
      .set({ state: 'cancelled', updated_at: at })
      .where(
        'id',
        'in',
        gone.map((t) => t.id),
      )
      .execute();
}

/** A full sync's tasks: the home's from `from` on, and those of the plan's stays wherever they lie. */
function tasksOfFullSync(
  db: Executor,
  accommodationId: number,
  from: string,
  plan: readonly PlannedTurnover[],
): Promise<StayTask[]> {
  const bookingIds = plan.flatMap((p) => ('booking_id' in p.ref ? [p.ref.booking_id] : []));
  const importIds = plan.flatMap((p) => ('external_reservation_id' in p.ref ? [p.ref.external_reservation_id] : []));
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('kind', '=', 'turnover')
    .where((eb) =>
      eb.or([
        eb.and([eb('accommodation_id', '=', accommodationId), eb('departure_on', '>=', from)]),
        ...(bookingIds.length > 0 ? [eb('booking_id', 'in', bookingIds)] : []),
        ...(importIds.length > 0 ? [eb('external_reservation_id', 'in', importIds)] : []),
      ]),
    )
    .execute();
}

function refKeyOf(t: { booking_id: number | null; external_reservation_id: number | null }): string {
  return refKey(
    t.booking_id === null ? { external_reservation_id: t.external_reservation_id ?? 0 } : { booking_id: t.booking_id },
  );
}

function rowOf(accommodationId: number, p: PlannedTurnover) {
  return {
    kind: 'turnover' as const,
    accommodation_id: accommodationId,
    booking_id: 'booking_id' in p.ref ? p.ref.booking_id : null,
    external_reservation_id: 'external_reservation_id' in p.ref ? p.ref.external_reservation_id : null,
    departure_on: p.departure_on,
    due_from: p.due_from,
    due_by: p.due_by,
    next_arrival_on: p.next_arrival_on,
    next_guest_count: p.next_guest_count,
  };
}

/** The home's cleaner when exactly one cleaner is given the home, else null. */
async function onlyCleaner(db: Executor, accommodationId: number): Promise<number | null> {
  return (await onlyCleanerOf(db, accommodationId).executeTakeFirst())?.id ?? null;
}

/** onlyCleaner as one row of one column, `id`, to be read alone or as a scalar subquery. */
function onlyCleanerOf(db: Executor, accommodationId: number) {
  const cleaners = db
    .selectFrom('user_homes as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .select('u.id')
    .where('h.accommodation_id', '=', accommodationId)
    .where('u.role', '=', 'cleaner')
    .limit(2);
  return db.selectFrom(cleaners.as('c')).select(sql<number | null>`case when count(*) = 1 then max(c.id) end`.as('id'));
}

import type { AppContext } from '../app-context.ts';
import { retryTransientConflicts } from '../db/retry-conflicts.ts';
import { isPostgres } from '../db/dialect.ts';
import { prepared } from '../db/prepared.ts';
import { queuedBookingsById } from '../db/row-locks.ts';
import type { Executor } from '../db/store.ts';
import { joinedRunsPer } from '../shared/joined-runs.ts';
import { lockHome, syncTurnoversOfNewStays, type LockedHome } from './sync-turnovers.ts';

/**
 * A new confirmed booking's turnover tasks are planned just after its commit, not in its
 * transaction. Planning takes the home's lock (sync-turnovers.ts) and reads the stays around the
 * new one: held by every booking's transaction, it made the bookings of one home wait on each
 * other for as long as that took (docs/benchmarks.md). So the booking's transaction only writes a
 * `turnovers_to_plan` row (queueNewStay, migration 0036); the request then plans the home's queued stays before it
 * answers (planQueuedStays), so the task exists by the time the booking's answer arrives. Bookings
 * of one home that commit while a planning runs are planned together by the next one: one
 * planning at a time per home and process, whose transaction takes the lock (so processes take
 * turns) and deletes the rows it plans. A row whose request never planned it (the process died
 * after the commit, or the planning failed) is planned by the `plan-turnovers` job
 * (planAllQueued). Until then the booking is stored and its task is missing, never wrong.
 */
export async function queueNewStay(
  db: Executor,
  stay: { accommodationId: number; bookingId: number; start: string; end: string },
): Promise<void> {
  await insertQueued(db, stay.accommodationId, stay.bookingId, stay.start, stay.end);
}

/** queueNewStay's insert, compiled once (db/prepared.ts). */
const insertQueued = prepared((db, accommodationId: number, bookingId: number, start: string, end: string) =>
  db
    .insertInto('turnovers_to_plan')
    .values({ accommodation_id: accommodationId, booking_id: bookingId, start_on: start, end_on: end }),
);

/** The plannings of each store, per home (shared/joined-runs.ts). */
const plannings = joinedRunsPer<number>();

/**
 * Plans the home's queued stays, together with every other caller of this process that asks
 * while a planning is waited for: resolves once a planning that started after the call has
 * committed (so it covers the caller's row).
 */
export function planQueuedStays(ctx: AppContext, accommodationId: number): Promise<void> {
  return plannings(ctx.store).run(accommodationId, () => planOnce(ctx, accommodationId));
}

/** Plans every home's queued stays (the `plan-turnovers` job): how many homes had some. */
export async function planAllQueued(ctx: AppContext): Promise<number> {
  const homes = await ctx.db.selectFrom('turnovers_to_plan').select('accommodation_id').distinct().execute();
  for (const home of homes) await planQueuedStays(ctx, home.accommodation_id);
  return homes.length;
}

function planOnce(ctx: AppContext, accommodationId: number): Promise<void> {
  return retryTransientConflicts(() => ctx.store.commitTogether((trx) => planIn(trx, accommodationId, ctx.now())));
}

async function planIn(trx: Executor, accommodationId: number, now: Date): Promise<void> {
  const taken = await takeQueued(trx, accommodationId);
  if (taken !== undefined) await syncTurnoversOfNewStays(trx, taken.home, taken.span, now);
}

/** The home, locked (lockHome), and the span of its stays taken off the queue. */
interface Taken {
  home: LockedHome;
  span: { start: string; end: string };
}

/** The home's queued stays, taken off the queue. */
const dequeue = (db: Pick<Executor, 'deleteFrom'>, accommodationId: number) =>
  db
    .deleteFrom('turnovers_to_plan')
    .where('accommodation_id', '=', accommodationId)
    .returning(['booking_id', 'start_on', 'end_on']);

/** takeQueued's one statement on PostgreSQL, compiled once (db/prepared.ts). */
const takeQueuedLocking = prepared((db, accommodationId: number) =>
  db
    .with('queued', (d) => dequeue(d, accommodationId))
    .with('held', (d) =>
      d.selectFrom('bookings as b').select('b.id').where(queuedBookingsById).orderBy('b.id').forKeyShare('b'),
    )
    .selectFrom('accommodations as a')
    .select(['a.id', 'a.timezone', 'a.checkin_time', 'a.checkout_time'])
    .select((eb) => [
      eb
        .selectFrom('queued')
        .select((q) => q.fn.min('start_on').as('start'))
        .as('start'),
      eb
        .selectFrom('queued')
        .select((q) => q.fn.max('end_on').as('end'))
        .as('end'),
    ])
    .where('a.id', '=', accommodationId)
    .where((eb) => eb(eb.selectFrom('held').select(eb.fn.countAll().as('n')), '>', 0))
    .forNoKeyUpdate('a'),
);

/**
 * Takes the home's queued stays off the queue, in the statement that reads them: the planning's
 * transaction either plans them or, rolled back, leaves them queued. Another planning of the home
 * that reaches them meanwhile waits for this one's commit, then finds them gone. Undefined when
 * none was queued (or the home is gone).
 *
 * A change to a booking locks it, then its home: the bookings whose tasks the planning inserts are
 * held the same way round (FOR KEY SHARE, in id order), before the home, so that the two never
 * wait on each other in a cycle. On PostgreSQL one statement does it all: the home's row is locked
 * above the filter that counts the held bookings, so every booking is held before the home is. A
 * queued row always has its booking (it goes with it, on delete cascade).
 */
async function takeQueued(trx: Executor, accommodationId: number): Promise<Taken | undefined> {
  if (!isPostgres(trx)) {
    // The embedded store has no row locks: its one connection runs each transaction alone.
    const queued = await dequeue(trx, accommodationId).execute();
    const home = queued.length === 0 ? undefined : await lockHome(trx, accommodationId);
    if (home === undefined) return undefined;
    const span = {
      start: queued.map((q) => q.start_on).reduce((a, b) => (b < a ? b : a)),
      end: queued.map((q) => q.end_on).reduce((a, b) => (b > a ? b : a)),
    };
    return { home, span };
  }
  const [row] = await takeQueuedLocking(trx, accommodationId);
  if (row === undefined || row.start === null || row.end === null) return undefined;
  const { start, end, ...home } = row;
  return { home, span: { start, end } };
}

import { sql } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import { prepared } from '../db/prepared.ts';
import { claimRows } from '../db/row-locks.ts';
import type { DeliveryStatus, EndpointStatus } from '../db/schema.ts';
import type { Db, Executor, Tx } from '../db/store.ts';
import { KEPT_RESPONSE_CHARS, type AttemptResult } from './attempt-result.ts';
import { candidateWindow, pickLanes } from './delivery-lanes.ts';

/**
 * Delivery state of events to endpoints. A worker claims due deliveries, a lane's batch per
 * endpoint (delivery-lanes.ts), under a lease (locked_until, locked_by), sends outside any
 * transaction, then marks each one; a process that dies mid-batch leaves its lease to run out and another worker sends
 * again (at least once, the same webhook-id). A delivery is due only when no earlier delivery of
 * the same booking to the same endpoint is still pending: events of one booking arrive in order.
 */

/** Runs work in a transaction and settles once it has committed (Store.commitTogether). */
export type Commit = <T>(work: (trx: Tx) => Promise<T>) => Promise<T>;

/** What the worker needs to send one delivery. */
export interface DueDelivery {
  id: number;
  endpoint_id: number;
  event_id: number;
  attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | null;
  /** The endpoint's failure streak when the delivery was claimed. */
  failing_since: string | null;
  type: string;
  payload: string;
  created_at: string;
}

/**
 * `status = 'pending'` written out, not a parameter: the claim's indexes hold the pending rows
 * only (migration 0037), and a prepared statement's generic plan can use them only so.
 */
const PENDING = sql.lit<DeliveryStatus>('pending');

/**
 * What a claim may take of the deliveries `alias` names: pending, due by `now`, and not leased
 * (or its lease has run out). Read when the candidates are read, and again once each is locked.
 */
function claimable(alias: 'd' | 'f', now: string) {
  const column = (name: 'status' | 'next_attempt_at' | 'locked_until') => sql.ref(`${alias}.${name}`);
  return sql<boolean>`${column('status')} = ${PENDING} and ${column('next_attempt_at')} <= ${now} and (${column('locked_until')} is null or ${column('locked_until')} < ${now})`;
}

/**
 * The due deliveries in the order they came due (the oldest first among those due at once):
 * pending, due, not leased, to an active endpoint, first of their booking (the callers leave out
 * the endpoints in `busy` and take the first `limit`). Read through `event_deliveries_due`, in its
 * order, so a claim reads the rows it takes and the leased ones before them, not every one that
 * waits.
 */
function dueOnes(db: Executor, now: string) {
  return (
    db
      .selectFrom('event_deliveries as d')
      .select(['d.id', 'd.endpoint_id', 'd.next_attempt_at'])
      .where(claimable('d', now))
      // Two tests of each row read, each a subquery per row (never a list of endpoints whose
      // pending rows are all read and sorted, nor a scan of every pending row for each row). Each
      // is written as the planner reckons most rows pass, as they do: an endpoint that is neither
      // paused nor disabled is active; a pending delivery's id no greater than the least pending
      // id of its booking and endpoint (found in event_deliveries_pending) is that least one. Were
      // the planner to reckon that almost no row passes, it would read every due row and sort them
      // rather than read in the index's order and stop at the window.
      .where(
        (eb) => eb.selectFrom('event_endpoints as e').select('e.status').whereRef('e.id', '=', 'd.endpoint_id'),
        'not in',
        ['paused', 'disabled'] satisfies EndpointStatus[],
      )
      .where((eb) =>
        eb.or([
          eb('d.booking_id', 'is', null),
          eb(
            'd.id',
            '<=',
            eb
              .selectFrom('event_deliveries as p')
              .select((e) => e.fn.min('p.id').as('first_id'))
              .whereRef('p.endpoint_id', '=', 'd.endpoint_id')
              .whereRef('p.booking_id', '=', 'd.booking_id')
              .where('p.status', '=', PENDING),
          ),
        ]),
      )
      .orderBy('d.next_attempt_at')
      .orderBy('d.id')
  );
}

/**
 * The due deliveries to endpoints not in `busy` (the endpoints this process is sending to), `limit`
 * at most: the embedded store's claim reads them first (exported for a look at its plan).
 */
export function dueDeliveries(db: Executor, now: string, busy: readonly number[], limit: number) {
  const query = dueOnes(db, now);
  return (busy.length > 0 ? query.where('d.endpoint_id', 'not in', busy) : query).limit(limit);
}

/** What sending a delivery takes: the delivery (`d`), its endpoint (`e`) and its event's type and payload (`v`). */
const SENT_COLUMNS = [
  'd.id',
  'd.endpoint_id',
  'd.event_id',
  'd.attempts',
  'd.created_at',
  'e.url',
  'e.secret',
  'e.previous_secret',
  'e.previous_secret_until',
  'e.failing_since',
  'v.type',
  'v.payload',
] as const;

/** What the worker sends, for the claimed ids. */
function withEndpointAndEvent(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom('event_deliveries as d')
    .innerJoin('event_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('partner_events as v', 'v.id', 'd.event_id')
    .select(SENT_COLUMNS)
    .where('d.id', 'in', ids)
    .orderBy('d.id');
}

/** A claim's deliveries, and whether due ones may be left for endpoints it did not take. */
export interface Claimed {
  deliveries: DueDelivery[];
  /**
   * False when the claim saw every due delivery of the endpoints not busy and took a lane of each
   * endpoint among them: until a lane ends or more is queued, claiming again would find nothing.
   */
  more: boolean;
}

/** What a worker claims: lanes for up to `endpoints` endpoints not in `busy`, `perEndpoint` deliveries each. */
export interface ClaimInput {
  worker: string;
  now: Date;
  leaseMs: number;
  endpoints: number;
  perEndpoint: number;
  /** Endpoints this worker is sending to already: none of their deliveries is claimed. */
  busy?: readonly number[];
}

/**
 * Claims due deliveries for `worker` until `leaseMs` from now, for up to `endpoints` endpoints
 * (those whose first due delivery came due first) and up to `perEndpoint` of each, in the order
 * they came due (delivery-lanes.ts), and returns what sending them takes, oldest first, and whether more may be
 * due for other endpoints (`Claimed.more`). The due rows are read,
 * the lanes picked, then the picked rows leased if they are still free: on PostgreSQL in one
 * statement that locks them with SKIP LOCKED (rows another process is claiming are passed over,
 * not waited for) and reads them with their endpoint and event; on the embedded store, whose one
 * connection runs each transaction alone, in a short transaction run by `commit` (the store's
 * group commit shares its flush to disk with the bookings written meanwhile).
 */
export async function claimDueDeliveries(
  db: Db,
  input: ClaimInput,
  commit: Commit = (work) => db.transaction().execute(work),
): Promise<Claimed> {
  const now = input.now.toISOString();
  const lockedUntil = new Date(input.now.getTime() + input.leaseMs).toISOString();
  const window = candidateWindow(input.endpoints);
  if (isPostgres(db)) return claimOnPostgres(db, input, now, lockedUntil, window);
  let more = false;
  const claimed = await commit(async (trx) => {
    const due = await dueDeliveries(trx, now, input.busy ?? [], window).execute();
    const picked = pickLanes(due, input.endpoints, input.perEndpoint);
    more = due.length >= window || picked.endpoints >= input.endpoints;
    if (picked.ids.length === 0) return [];
    return trx
      .updateTable('event_deliveries')
      .set({ locked_until: lockedUntil, locked_by: input.worker })
      .where('id', 'in', picked.ids)
      .returning('id')
      .execute();
  });
  if (claimed.length === 0) return { deliveries: [], more };
  const deliveries = await withEndpointAndEvent(
    db,
    claimed.map((r) => r.id),
  ).execute();
  return { deliveries, more };
}

/**
 * The claim on PostgreSQL in one statement: the due rows read (`candidates`), the lanes picked as
 * pickLanes picks them (the endpoints met first, by their first due row; at most `perEndpoint`
 * rows of each, in the order they came due), the picked rows locked with SKIP LOCKED and leased, and returned
 * with their endpoint and event, with how many candidates and lanes there were.
 */
async function claimOnPostgres(
  db: Db,
  input: ClaimInput,
  now: string,
  lockedUntil: string,
  window: number,
): Promise<Claimed> {
  const rows = await claimStatement(
    db,
    now,
    lockedUntil,
    input.worker,
    window,
    input.endpoints,
    input.perEndpoint,
    input.busy ?? [],
  );
  const [first] = rows;
  if (first === undefined) return { deliveries: [], more: false };
  const more = Number(first.candidate_count) >= window || Number(first.lane_count) >= input.endpoints;
  return { deliveries: rows.map(({ candidate_count: _, lane_count: __, ...d }) => d), more };
}

/**
 * claimOnPostgres's statement as built; run compiled once (`claimStatement`, db/prepared.ts), as
 * a worker claims after every batch. Exported for a look at its plan (test/integration/delivery-backlog.test.ts).
 */
export const claimQuery = (
  db: Executor,
  now: string,
  lockedUntil: string,
  worker: string,
  window: number,
  endpoints: number,
  perEndpoint: number,
  busy: readonly number[],
) =>
  db
    .with('candidates', () =>
      dueOnes(db, now)
        .where(sql<boolean>`d.endpoint_id <> all(${busy}::integer[])`)
        .limit(window),
    )
    // The candidates' places in the order they came due, which pickLanes follows.
    .with('numbered', (qb) =>
      qb.selectFrom('candidates as c').select((eb) => [
        'c.id',
        'c.endpoint_id',
        eb.fn
          .agg<number>('row_number')
          .over((ob) => ob.orderBy('c.next_attempt_at').orderBy('c.id'))
          .as('place'),
      ]),
    )
    .with('lanes', (qb) =>
      qb
        .selectFrom('numbered')
        .select((eb) => ['endpoint_id', eb.fn.min('place').as('first_place')])
        .groupBy('endpoint_id')
        .orderBy('first_place')
        .limit(endpoints),
    )
    .with('ranked', (qb) =>
      qb
        .selectFrom('numbered as c')
        .innerJoin('lanes as l', 'l.endpoint_id', 'c.endpoint_id')
        .select((eb) => [
          'c.id',
          eb.fn
            .agg<number>('row_number')
            .over((ob) => ob.partitionBy('c.endpoint_id').orderBy('c.place'))
            .as('n'),
        ]),
    )
    // Each picked row by primary key, locked if it is still free and due (a subquery per row, so
    // that no index of due rows is read instead).
    .with('due', (qb) =>
      qb
        .selectFrom('ranked as r')
        .crossJoinLateral((eb) =>
          claimRows(
            db,
            eb
              .selectFrom('event_deliveries as f')
              .select('f.id')
              .whereRef('f.id', '=', 'r.id')
              .where(claimable('f', now)),
          ).as('free'),
        )
        .select('free.id')
        .where('r.n', '<=', perEndpoint),
    )
    .with('claimed', (qb) =>
      qb
        .updateTable('event_deliveries as w')
        .from('due')
        .set({ locked_until: lockedUntil, locked_by: worker })
        .whereRef('w.id', '=', 'due.id')
        .returning(['w.id', 'w.endpoint_id', 'w.event_id', 'w.attempts', 'w.created_at']),
    )
    .selectFrom('claimed as d')
    .innerJoin('event_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('partner_events as v', 'v.id', 'd.event_id')
    .select(SENT_COLUMNS)
    .select((eb) => [
      eb.selectFrom('candidates').select(eb.fn.countAll<string>().as('n')).as('candidate_count'),
      eb.selectFrom('lanes').select(eb.fn.countAll<string>().as('n')).as('lane_count'),
    ])
    .orderBy('d.id');

const claimStatement = prepared(claimQuery);

/**
 * Deliveries that met the same answer, delivered: one statement for them all (a batch of
 * deliveries to one receiver mostly meets one answer), and one that ends the failure streak of
 * the endpoints that had one (written only for those).
 */
export async function markDelivered(
  db: Executor,
  deliveries: readonly { id: number; endpointId: number; failing: boolean }[],
  worker: string,
  result: AttemptResult,
  now: Date,
): Promise<void> {
  if (deliveries.length === 0) return;
  const at = now.toISOString();
  const ids = deliveries.map((d) => d.id);
  const response = result.response?.slice(0, KEPT_RESPONSE_CHARS) ?? null;
  if (isPostgres(db)) await markDeliveredOnPostgres(db, ids, worker, at, result.status, response);
  else
    await deliveredUpdate(db, at, result.status, response)
      .where('id', 'in', ids)
      .where('locked_by', '=', worker)
      .execute();
  // A success ends the endpoint's failure streak (only written when it had one).
  const failing = [...new Set(deliveries.filter((d) => d.failing).map((d) => d.endpointId))];
  if (failing.length > 0)
    await db.updateTable('event_endpoints').set({ failing_since: null }).where('id', 'in', failing).execute();
}

/** The columns a delivery met with a success gets. */
const deliveredUpdate = (db: Executor, at: string, status: number | null, response: string | null) =>
  db.updateTable('event_deliveries').set((eb) => ({
    status: 'delivered',
    attempts: eb('attempts', '+', 1),
    delivered_at: at,
    last_status: status,
    last_response: response,
    last_error: null,
    locked_until: null,
    locked_by: null,
  }));

/** markDelivered's update on PostgreSQL, compiled once (db/prepared.ts): the ids as one array. */
const markDeliveredOnPostgres = prepared(
  (db, ids: readonly number[], worker: string, at: string, status: number | null, response: string | null) =>
    deliveredUpdate(db, at, status, response)
      .where(sql<boolean>`id = any(${ids}::integer[])`)
      .where('locked_by', '=', worker),
);

/** A failed attempt: tried again at `nextAttemptAt`, or failed for good when it is null. */
export async function markAttemptFailed(
  db: Executor,
  delivery: { id: number; endpointId: number; attempts: number },
  worker: string,
  result: AttemptResult & { nextAttemptAt: Date | null },
  now: Date,
): Promise<{ failingSince: string | null }> {
  const at = now.toISOString();
  await db
    .updateTable('event_deliveries')
    .set({
      status: result.nextAttemptAt === null ? 'failed' : 'pending',
      attempts: delivery.attempts,
      next_attempt_at: result.nextAttemptAt === null ? undefined : result.nextAttemptAt.toISOString(),
      last_status: result.status,
      last_response: result.response?.slice(0, KEPT_RESPONSE_CHARS) ?? null,
      last_error: result.error?.slice(0, KEPT_RESPONSE_CHARS) ?? null,
      locked_until: null,
      locked_by: null,
    })
    .where('id', '=', delivery.id)
    .where('locked_by', '=', worker)
    .execute();
  await db
    .updateTable('event_endpoints')
    .set({ failing_since: at })
    .where('id', '=', delivery.endpointId)
    .where('failing_since', 'is', null)
    .execute();
  const endpoint = await db
    .selectFrom('event_endpoints')
    .select('failing_since')
    .where('id', '=', delivery.endpointId)
    .executeTakeFirst();
  return { failingSince: endpoint?.failing_since ?? null };
}

/** A delivery (any state) goes out again now, as a new series of attempts with the same webhook-id. */
export async function redeliver(db: Executor, endpointId: number, deliveryId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('event_deliveries')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now.toISOString(), locked_until: null, locked_by: null })
    .where('id', '=', deliveryId)
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** An endpoint's deliveries, newest first. */
export function listDeliveries(db: Executor, endpointId: number, page: { limit: number; offset: number }) {
  return db
    .selectFrom('event_deliveries as d')
    .innerJoin('partner_events as v', 'v.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id',
      'v.type',
      'd.status',
      'd.attempts',
      'd.next_attempt_at',
      'd.last_status',
      'd.last_response',
      'd.last_error',
      'd.created_at',
      'd.delivered_at',
    ])
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Forgets events (and their deliveries) older than `before`, a batch at a time; returns how many. */
export async function pruneEvents(db: Db, before: Date, batch = 1000): Promise<number> {
  let removed = 0;
  for (;;) {
    const old = await db
      .selectFrom('partner_events')
      .select('id')
      .where('created_at', '<', before.toISOString())
      .orderBy('id')
      .limit(batch)
      .execute();
    if (old.length === 0) return removed;
    const ids = old.map((r) => r.id);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('event_deliveries').where('event_id', 'in', ids).execute();
      await trx.deleteFrom('partner_events').where('id', 'in', ids).execute();
    });
    removed += ids.length;
    if (old.length < batch) return removed;
  }
}

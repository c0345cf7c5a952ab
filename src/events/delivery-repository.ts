import { sql } from 'kysely';
import { isPostgres } from '../db/dialect.ts';
import { prepared } from '../db/prepared.ts';
import { claimRows } from '../db/row-locks.ts';
import type { DeliveryStatus, EndpointStatus } from '../db/schema.ts';
import type { Db, Executor, Tx } from '../db/store.ts';
import { KEPT_RESPONSE_CHARS, type AttemptResult } from './attempt-result.ts';
import { pickLanes } from './delivery-lanes.ts';

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
 * only (migrations 0037 and 0038), and a prepared statement's generic plan can use them only so.
 */
const PENDING = sql.lit<DeliveryStatus>('pending');

/**
 * What a claim may take of the deliveries `alias` names: pending, due by `now`, and not leased
 * (or its lease has run out). Read when an endpoint's due deliveries are read, and again once each
 * is locked.
 */
function claimable(alias: 'd' | 'f', now: string) {
  const column = (name: 'status' | 'next_attempt_at' | 'locked_until') => sql.ref(`${alias}.${name}`);
  return sql<boolean>`${column('status')} = ${PENDING} and ${column('next_attempt_at')} <= ${now} and (${column('locked_until')} is null or ${column('locked_until')} < ${now})`;
}

/**
 * The endpoints with a pending delivery, in the order of their ids, from `event_deliveries_endpoint_due`
 * (migration 0038): a skip scan, one probe of the index for each endpoint however many deliveries
 * it has waiting, and one more that finds none.
 */
function withPendingEndpoints(db: Executor) {
  const nextAfter = (after?: ReturnType<typeof sql.ref<number>>) => {
    const next = db
      .selectFrom('event_deliveries as n')
      .select('n.endpoint_id')
      .where('n.status', '=', PENDING)
      .orderBy('n.endpoint_id')
      .limit(1);
    return after === undefined ? next : next.where('n.endpoint_id', '>', after);
  };
  return db.withRecursive('pending_endpoints(endpoint_id)', (qb) =>
    qb.selectNoFrom(nextAfter().as('endpoint_id')).unionAll((next) =>
      next
        .selectFrom('pending_endpoints as pe')
        .select(nextAfter(sql.ref<number>('pe.endpoint_id')).as('endpoint_id'))
        .where('pe.endpoint_id', 'is not', null),
    ),
  );
}

/** Endpoints that take deliveries: neither paused nor disabled. */
const INACTIVE = ['paused', 'disabled'] satisfies EndpointStatus[];

/** `column` among the ids of a JSON array: one statement text on the embedded store however many ids. */
const amongIds = (column: string, ids: string) =>
  sql<boolean>`${sql.ref(column)} in (select value from json_each(${ids}))`;

/** The endpoints (`e`) with a pending delivery that take deliveries, in a statement of withPendingEndpoints. */
const takingPending = (qb: ReturnType<typeof withPendingEndpoints>) =>
  qb
    .selectFrom('pending_endpoints as pe')
    .innerJoin('event_endpoints as e', 'e.id', 'pe.endpoint_id')
    .where('e.status', 'not in', INACTIVE);

/**
 * The endpoints with a pending delivery that take deliveries and are not in `busy` (a JSON array
 * of the endpoints this process is sending to): the embedded store's claim reads them first
 * (exported for a look at its plan).
 */
export function openEndpoints(db: Executor, busy: string) {
  return takingPending(withPendingEndpoints(db))
    .select('e.id')
    .where((eb) => eb.not(amongIds('e.id', busy)));
}

/**
 * The due deliveries of the endpoint `endpoint` names, in the order they came due (the lower id
 * first among those due at once): pending, due, not leased, and first of their booking. Read
 * through `event_deliveries_endpoint_due` in its order from the endpoint's first, so the callers'
 * limit is about the rows read (exported for a look at its plan).
 */
export function dueOfEndpoint(db: Executor, endpoint: number | ReturnType<typeof sql.ref<number>>, now: string) {
  return (
    db
      .selectFrom('event_deliveries as d')
      .where('d.endpoint_id', '=', endpoint)
      .where(claimable('d', now))
      // The first pending delivery of its booking to this endpoint: a booking's events arrive in
      // order. Written as the planner reckons most rows pass, as they do (a pending delivery's id no
      // greater than the least pending id of its booking and endpoint, found in
      // event_deliveries_pending, is that least one), so that it reads in the index's order and
      // stops at the limit rather than read every due row and sort them.
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

/** What the worker sends, for the claimed ids (a JSON array). */
function withEndpointAndEvent(db: Executor, ids: string) {
  return db
    .selectFrom('event_deliveries as d')
    .innerJoin('event_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('partner_events as v', 'v.id', 'd.event_id')
    .select(SENT_COLUMNS)
    .where(amongIds('d.id', ids))
    .orderBy('d.id');
}

/**
 * The embedded store's claim, its statements compiled once (db/prepared.ts: a worker claims after
 * every batch); ids and busy endpoints go as JSON arrays.
 */
const embeddedClaim = {
  open: prepared((db, busy: string) => openEndpoints(db, busy)),
  lease: prepared((db, ids: string, lockedUntil: string, worker: string) =>
    db
      .updateTable('event_deliveries')
      .set({ locked_until: lockedUntil, locked_by: worker })
      .where(amongIds('id', ids))
      .returning('id'),
  ),
  sent: prepared((db, ids: string) => withEndpointAndEvent(db, ids)),
};

/** An endpoint's first `limit` due deliveries on the embedded store, compiled once. */
const dueOfEndpointFirst = (limit: number) =>
  prepared((db, endpointId: number, now: string) =>
    dueOfEndpoint(db, endpointId, now).select(['d.id', 'd.next_attempt_at']).limit(limit),
  );

/**
 * By limit (a worker asks for batches of one size): the limit is written into the statement's
 * text (db/inline-limits.ts), where as the compiled statement's argument it would be bound.
 */
const dueByLimit = new Map<number, ReturnType<typeof dueOfEndpointFirst>>();

function dueOnEmbedded(limit: number): ReturnType<typeof dueOfEndpointFirst> {
  let statement = dueByLimit.get(limit);
  if (statement === undefined) {
    statement = dueOfEndpointFirst(limit);
    dueByLimit.set(limit, statement);
  }
  return statement;
}

/** A claim's deliveries, and whether due ones may be left for endpoints it did not take. */
export interface Claimed {
  deliveries: DueDelivery[];
  /**
   * False when the claim took a lane of every endpoint with something due that is not busy:
   * until a lane ends or more is queued, claiming again would find nothing.
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
 * not in `busy` (those whose first due delivery came due first: delivery-lanes.ts) and up to
 * `perEndpoint` of each, in the order they came due, and returns what sending them takes, oldest
 * first, and whether more may be due for other endpoints (`Claimed.more`). The endpoints with
 * something pending are found one index probe each, and only their first due deliveries are
 * read, so a claim's cost follows the endpoints waiting and the rows it takes, never the
 * deliveries queued behind them. The picked rows are leased if they are still free: on
 * PostgreSQL in one statement that locks them with SKIP LOCKED (rows another process is claiming
 * are passed over, not waited for) and reads them with their endpoint and event; on the embedded
 * store, whose one connection runs each transaction alone, in a short transaction run by
 * `commit` (the worker's is Store.commitUnflushed: a lease lost to a power cut only sends its
 * deliveries again, so its commit does not wait for the flush to disk).
 */
export async function claimDueDeliveries(
  db: Db,
  input: ClaimInput,
  commit: Commit = (work) => db.transaction().execute(work),
): Promise<Claimed> {
  const now = input.now.toISOString();
  const lockedUntil = new Date(input.now.getTime() + input.leaseMs).toISOString();
  if (isPostgres(db)) return claimOnPostgres(db, input, now, lockedUntil);
  let more = false;
  const claimed = await commit(async (trx) => {
    const open = [];
    for (const endpoint of await embeddedClaim.open(trx, JSON.stringify(input.busy ?? [])))
      open.push({ due: await dueOnEmbedded(input.perEndpoint)(trx, endpoint.id, now) });
    const lanes = pickLanes(open, input.endpoints);
    more = open.filter((endpoint) => endpoint.due.length > 0).length > lanes.length;
    const ids = lanes.flatMap((lane) => lane.due.map((d) => d.id));
    if (ids.length === 0) return [];
    return embeddedClaim.lease(trx, JSON.stringify(ids), lockedUntil, input.worker);
  });
  if (claimed.length === 0) return { deliveries: [], more };
  const deliveries = await embeddedClaim.sent(db, JSON.stringify(claimed.map((r) => r.id)));
  return { deliveries, more };
}

/**
 * The claim on PostgreSQL in one statement: the open endpoints found, the lanes picked as
 * pickLanes picks them (by each endpoint's first due delivery), each lane's first `perEndpoint`
 * due deliveries read, locked with SKIP LOCKED and leased, and returned with their endpoint and
 * event, with how many lanes there were.
 */
async function claimOnPostgres(db: Db, input: ClaimInput, now: string, lockedUntil: string): Promise<Claimed> {
  const rows = await claimStatement(
    db,
    now,
    lockedUntil,
    input.worker,
    input.endpoints,
    input.perEndpoint,
    input.busy ?? [],
  );
  const [first] = rows;
  if (first === undefined) return { deliveries: [], more: false };
  // Lanes were found for as many endpoints as asked: others may have something due too.
  const more = Number(first.lane_count) >= input.endpoints;
  return { deliveries: rows.map(({ lane_count: _, ...d }) => d), more };
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
  endpoints: number,
  perEndpoint: number,
  busy: readonly number[],
) =>
  withPendingEndpoints(db)
    // The open endpoints whose first due delivery came due first, `endpoints` of them.
    .with('lanes', (qb) =>
      takingPending(qb)
        .innerJoinLateral(
          () =>
            dueOfEndpoint(db, sql.ref<number>('e.id'), now).select(['d.id', 'd.next_attempt_at']).limit(1).as('first'),
          (join) => join.onTrue(),
        )
        .select('e.id as endpoint_id')
        .where(sql<boolean>`e.id <> all(${busy}::integer[])`)
        .orderBy('first.next_attempt_at')
        .orderBy('first.id')
        .limit(endpoints),
    )
    // Each lane's first due deliveries.
    .with('picked', (qb) =>
      qb
        .selectFrom('lanes as l')
        .innerJoinLateral(
          () => dueOfEndpoint(db, sql.ref<number>('l.endpoint_id'), now).select('d.id').limit(perEndpoint).as('batch'),
          (join) => join.onTrue(),
        )
        .select('batch.id'),
    )
    // Each picked row by primary key, locked if it is still free and due.
    .with('due', (qb) =>
      qb
        .selectFrom('picked as r')
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
        .select('free.id'),
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
    .select((eb) => eb.selectFrom('lanes').select(eb.fn.countAll<string>().as('n')).as('lane_count'))
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
  else await markDeliveredEmbedded(db, JSON.stringify(ids), worker, at, result.status, response);
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

/** markDelivered's update on the embedded store, compiled once: the ids as one JSON array. */
const markDeliveredEmbedded = prepared(
  (db, ids: string, worker: string, at: string, status: number | null, response: string | null) =>
    deliveredUpdate(db, at, status, response).where(amongIds('id', ids)).where('locked_by', '=', worker),
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

import type { Executor } from '../db/store.ts';
import type { EndpointStatus } from '../db/schema.ts';
import { endpointEvents, eventIdOf, type EventType } from './event-types.ts';
import { maskUrlPassword } from '../shared/address-guard.ts';
import { newEndpointSecret } from './standard-webhooks.ts';

/**
 * Partners' endpoints. The signing secret is kept server-side (it signs every delivery) and
 * shown once, when the endpoint is made or its secret rotated; a rotation keeps the previous
 * secret signing beside the new one for 24 hours.
 */

export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/** An endpoint as shown: never its secret, nor a password in its URL (`***`). */
export interface EndpointView {
  id: number;
  api_key_id: number;
  url: string;
  events: EventType[];
  status: EndpointStatus;
  failing_since: string | null;
  previous_secret_until: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = [
  'id',
  'api_key_id',
  'url',
  'events',
  'status',
  'failing_since',
  'previous_secret_until',
  'created_at',
  'updated_at',
] as const;

function view(row: Omit<EndpointView, 'events'> & { events: string }): EndpointView {
  return { ...row, url: maskUrlPassword(row.url), events: endpointEvents(row.events) };
}

export async function createEndpoint(
  db: Executor,
  input: { apiKeyId: number; url: string; events: readonly EventType[]; now: Date },
): Promise<EndpointView & { secret: string }> {
  const secret = newEndpointSecret();
  const at = input.now.toISOString();
  const row = await db
    .insertInto('event_endpoints')
    .values({
      api_key_id: input.apiKeyId,
      url: input.url,
      events: JSON.stringify([...new Set(input.events)]),
      secret,
      previous_secret: null,
      previous_secret_until: null,
      status: 'active',
      failing_since: null,
      created_at: at,
      updated_at: at,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...view(row), secret };
}

/** How many endpoints a key has (whatever their status). */
export async function countEndpoints(db: Executor, apiKeyId: number): Promise<number> {
  const row = await db
    .selectFrom('event_endpoints')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('api_key_id', '=', apiKeyId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Endpoints, oldest first: one key's, or every key's (apiKeyId undefined). */
export async function listEndpoints(db: Executor, apiKeyId?: number): Promise<EndpointView[]> {
  let query = db.selectFrom('event_endpoints').select(COLUMNS).orderBy('id');
  if (apiKeyId !== undefined) query = query.where('api_key_id', '=', apiKeyId);
  return (await query.execute()).map(view);
}

/** One endpoint; with `apiKeyId`, only if that key owns it. */
export async function findEndpoint(db: Executor, id: number, apiKeyId?: number): Promise<EndpointView | undefined> {
  let query = db.selectFrom('event_endpoints').select(COLUMNS).where('id', '=', id);
  if (apiKeyId !== undefined) query = query.where('api_key_id', '=', apiKeyId);
  const row = await query.executeTakeFirst();
  return row === undefined ? undefined : view(row);
}

/** Removes an endpoint and its delivery log; false when there is none (for that key). */
export async function removeEndpoint(db: Executor, id: number, apiKeyId?: number): Promise<boolean> {
  const endpoint = await findEndpoint(db, id, apiKeyId);
  if (endpoint === undefined) return false;
  await db.deleteFrom('event_deliveries').where('endpoint_id', '=', id).execute();
  await db.deleteFrom('event_endpoints').where('id', '=', id).execute();
  return true;
}

/** Pauses, resumes (active) or disables an endpoint; resuming clears its failure streak. */
export async function setEndpointStatus(
  db: Executor,
  id: number,
  status: EndpointStatus,
  now: Date,
): Promise<EndpointView | undefined> {
  const row = await db
    .updateTable('event_endpoints')
    .set({ status, updated_at: now.toISOString(), ...(status === 'active' ? { failing_since: null } : {}) })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row === undefined ? undefined : view(row);
}

/** A new secret, shown once; the one it replaces keeps signing for ROTATION_OVERLAP_MS. */
export async function rotateEndpointSecret(
  db: Executor,
  id: number,
  now: Date,
): Promise<(EndpointView & { secret: string }) | undefined> {
  const current = await db.selectFrom('event_endpoints').select('secret').where('id', '=', id).executeTakeFirst();
  if (current === undefined) return undefined;
  const secret = newEndpointSecret();
  const row = await db
    .updateTable('event_endpoints')
    .set({
      secret,
      previous_secret: current.secret,
      previous_secret_until: new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString(),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...view(row), secret };
}

/** The secrets that sign a delivery now: the current one, and the previous one during its overlap. */
export function signingSecrets(
  endpoint: { secret: string; previous_secret: string | null; previous_secret_until: string | null },
  now: Date,
): string[] {
  const overlap =
    endpoint.previous_secret !== null &&
    endpoint.previous_secret_until !== null &&
    Date.parse(endpoint.previous_secret_until) > now.getTime();
  return overlap && endpoint.previous_secret !== null ? [endpoint.secret, endpoint.previous_secret] : [endpoint.secret];
}

/** A key's events after a row id, oldest first (the catch-up feed). */
export async function eventsAfter(db: Executor, apiKeyId: number, afterRowId: number, limit: number) {
  const rows = await db
    .selectFrom('partner_events')
    .select(['id', 'payload'])
    .where('api_key_id', '=', apiKeyId)
    .where('id', '>', afterRowId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const body = JSON.parse(r.payload) as { type: string; timestamp: string; livemode?: boolean; data: unknown };
    // Events written before test mode existed were all live.
    const livemode = body.livemode ?? true;
    return { id: eventIdOf(r.id), type: body.type, timestamp: body.timestamp, livemode, data: body.data };
  });
}

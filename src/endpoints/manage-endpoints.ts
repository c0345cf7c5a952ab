import type { AppContext } from '../app-context.ts';
import { lockRows } from '../db/row-locks.ts';
import { inUnit } from '../db/unit-of-work.ts';
import { listDeliveries, redeliver } from '../events/delivery-repository.ts';
import {
  countEndpoints,
  createEndpoint,
  eventsAfter,
  findEndpoint,
  listEndpoints,
  removeEndpoint,
  rotateEndpointSecret,
  setEndpointStatus,
  type EndpointView,
} from '../events/endpoint-repository.ts';
import { DEFAULT_ENDPOINT_EVENTS, EVENT_TYPES, eventIdOf, rowIdOf, type EventType } from '../events/event-types.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { checkFeedUrl, redactUrl, RefusedUrlError } from '../shared/address-guard.ts';

/**
 * Partners' endpoints and their catch-up feed (docs/decisions.md#partner-events): the use cases
 * behind the v1 routes (a key manages its own endpoints) and the admin API and console (the host
 * manages every key's). An endpoint another key owns is not there for a v1 key (404).
 */

/** Whose endpoints a caller manages: one key's, or every key's (the host). */
export type EndpointOwner = { apiKeyId: number } | 'host';

const ownerKey = (owner: EndpointOwner): number | undefined => (owner === 'host' ? undefined : owner.apiKeyId);

function endpointUrl(ctx: AppContext, url: string): string {
  try {
    return checkFeedUrl(url.trim(), ctx.config.allowPrivateNetworks).href;
  } catch (error) {
    if (!(error instanceof RefusedUrlError)) throw error;
    throw badRequest(error.reason === 'private_address' ? 'private_address' : 'invalid_url', error.message, {
      parameter: 'url',
      expected: 'public http(s) URL',
      received: redactUrl(url),
    });
  }
}

function eventTypes(events: readonly string[] | undefined): EventType[] {
  if (events === undefined) return [...DEFAULT_ENDPOINT_EVENTS];
  const known = events.filter((t): t is EventType => (EVENT_TYPES as readonly string[]).includes(t));
  if (known.length !== events.length || known.length === 0)
    throw badRequest('invalid_enum', `events must list one or more of: ${EVENT_TYPES.join(', ')}.`, {
      parameter: 'events',
      expected: EVENT_TYPES,
      received: events,
    });
  return known;
}

function endpointNotFound(id: number) {
  return notFound('endpoint_not_found', `No webhook endpoint with id ${id}.`, { parameter: 'id', received: id });
}

/**
 * Adds an endpoint for a key, unless the key has as many as it may (its own `endpoint_limit`, or
 * ENDPOINTS_PER_KEY): a 409 `endpoint_limit`. The count and the insert share a transaction that
 * holds the key's row (a lock on PostgreSQL; the embedded store runs each transaction alone), so
 * creations sent at once cannot pass the limit together.
 */
export async function addEndpoint(
  ctx: AppContext,
  input: { apiKeyId: number; url: string; events?: readonly string[] | undefined },
): Promise<EndpointView & { secret: string }> {
  const url = endpointUrl(ctx, input.url);
  const events = eventTypes(input.events);
  const now = ctx.now();
  return inUnit(ctx.db, now, async ({ trx }) => {
    const key = await lockRows(
      trx,
      trx.selectFrom('api_keys').select(['id', 'endpoint_limit']).where('id', '=', input.apiKeyId),
    ).executeTakeFirst();
    if (key === undefined)
      throw notFound('api_key_not_found', `No API key with id ${input.apiKeyId}.`, {
        parameter: 'api_key_id',
        received: input.apiKeyId,
      });
    const limit = key.endpoint_limit ?? ctx.config.endpointsPerKey;
    if ((await countEndpoints(trx, key.id)) >= limit)
      throw conflict('endpoint_limit', `This API key has ${limit} event endpoints, the most it may have.`, {
        parameter: 'url',
        expected: `at most ${limit} endpoints per API key`,
        limit,
      });
    return createEndpoint(trx, { apiKeyId: key.id, url, events, now });
  });
}

export function endpointsOf(ctx: AppContext, owner: EndpointOwner): Promise<EndpointView[]> {
  return listEndpoints(ctx.db, ownerKey(owner));
}

export async function endpointOf(ctx: AppContext, owner: EndpointOwner, id: number): Promise<EndpointView> {
  const endpoint = await findEndpoint(ctx.db, id, ownerKey(owner));
  if (endpoint === undefined) throw endpointNotFound(id);
  return endpoint;
}

/** Removes an endpoint and its delivery log; nothing more is sent to it. */
export async function deleteEndpoint(ctx: AppContext, owner: EndpointOwner, id: number): Promise<void> {
  const removed = await inUnit(ctx.db, ctx.now(), (unit) => removeEndpoint(unit.trx, id, ownerKey(owner)));
  if (!removed) throw endpointNotFound(id);
}

/** Pauses an endpoint (its events wait) or resumes it (active again, its failure streak forgotten). */
export async function pauseEndpoint(ctx: AppContext, id: number, paused: boolean): Promise<EndpointView> {
  const endpoint = await setEndpointStatus(ctx.db, id, paused ? 'paused' : 'active', ctx.now());
  if (endpoint === undefined) throw endpointNotFound(id);
  return endpoint;
}

export async function rotateSecret(ctx: AppContext, id: number): Promise<EndpointView & { secret: string }> {
  const endpoint = await rotateEndpointSecret(ctx.db, id, ctx.now());
  if (endpoint === undefined) throw endpointNotFound(id);
  return endpoint;
}

export async function deliveriesOf(ctx: AppContext, id: number, page: { limit: number; offset: number }) {
  await endpointOf(ctx, 'host', id);
  const rows = await listDeliveries(ctx.db, id, page);
  return rows.map(({ event_id, ...row }) => ({ ...row, event_id: eventIdOf(event_id) }));
}

export async function redeliverOne(ctx: AppContext, endpointId: number, deliveryId: number): Promise<void> {
  if (!(await redeliver(ctx.db, endpointId, deliveryId, ctx.now())))
    throw notFound('delivery_not_found', `Endpoint ${endpointId} has no delivery with id ${deliveryId}.`, {
      parameter: 'delivery_id',
      received: deliveryId,
    });
}

/** The key's events after the cursor (an event id), oldest first, and the cursor to ask after next. */
export async function catchUp(ctx: AppContext, apiKeyId: number, after: string | undefined, limit: number) {
  const afterRow = after === undefined || after === '' ? 0 : rowIdOf(after);
  if (afterRow === undefined)
    throw badRequest('invalid_cursor', 'after must be an event id (evt_...) from this feed.', {
      parameter: 'after',
      expected: 'evt_<digits>',
      received: after,
    });
  const events = await eventsAfter(ctx.db, apiKeyId, afterRow, limit);
  const last = events.at(-1);
  return { events, next_cursor: last === undefined ? (afterRow === 0 ? null : eventIdOf(afterRow)) : last.id };
}

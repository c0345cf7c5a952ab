import type { ApiKeyScope } from '../db/schema.ts';

/**
 * Who reads a booking's details (docs/decisions.md#tenant-isolation). API keys are handed to
 * different partners, so a v1 (non-admin) key sees in full only the bookings it created; every
 * other booking is a taken night to it. Admin keys, the host's own channels (signed webhooks,
 * the admin API and console) and the background jobs see everything.
 */
export type Viewer = { readonly kind: 'all' } | { readonly kind: 'key'; readonly apiKeyId: number };

/** The host's own view: signed webhooks, the admin API and console, jobs. */
export const SEES_ALL: Viewer = { kind: 'all' };

/** The viewer a request's bearer key makes: admin keys see everything, v1 keys their own bookings. */
export function viewerOfKey(key: { readonly id: number; readonly scope: ApiKeyScope }): Viewer {
  return key.scope === 'admin' ? SEES_ALL : { kind: 'key', apiKeyId: key.id };
}

/**
 * Whether the viewer may see a booking's details (guest, code, amounts, notes). `createdBy` is the
 * key that created the booking; null for bookings made by webhooks, the console, imports or
 * before keys were recorded, which only the host's view sees.
 */
export function seesBooking(viewer: Viewer, createdBy: number | null): boolean {
  return viewer.kind === 'all' || (createdBy !== null && createdBy === viewer.apiKeyId);
}

/** The title another key's booking carries in a calendar, in place of the guest's name. */
export const RESERVED_TITLE = 'Reserved';

import { randomUUID } from 'node:crypto';
import { prepared } from '../db/prepared.ts';
import { runShapedRow } from '../db/shaped-statement.ts';
import type { Executor } from '../db/store.ts';

/** A returning guest's id, looked up on every booking (compiled once). */
const guestByEmailKey = prepared((db: Executor, key: string) =>
  db.selectFrom('guests').select('id').where('email_key', '=', key),
);

export interface GuestInput {
  title?: string | undefined;
  first_name: string;
  last_name: string;
  email: string;
  phone?: string | undefined;
  address?: Record<string, string | undefined> | undefined;
  /**
   * The v1 API key among whose guests this one is matched, or null/undefined for every key's
   * (admin keys, which see every booking): a partner key never learns another key's guests
   * (docs/decisions.md#tenant-isolation).
   */
  guestsOfKey?: number | null | undefined;
}

/**
 * The key a guest is matched by: the e-mail, trimmed and case-insensitive, and for a v1 key's
 * booking prefixed with that key's id and a space (`12 ada@example.com`), so each key has its own
 * record of a guest. A checked e-mail address holds no space, so the two forms never meet. A
 * guest with no e-mail (a booking the host made by hand without one) matches nobody: a key of its
 * own (`no e-mail ` and a random id), so two such guests never share a record.
 */
export function emailKey(email: string, guestsOfKey?: number | null): string {
  const address = email.trim().toLowerCase();
  if (address === '') return `no e-mail ${randomUUID()}`;
  return guestsOfKey === undefined || guestsOfKey === null ? address : `${guestsOfKey} ${address}`;
}

/** A new guest record: the details of the guest's first booking. */
export function guestRow(input: GuestInput, now: string) {
  return {
    email: input.email.trim(),
    email_key: emailKey(input.email, input.guestsOfKey),
    title: input.title ?? null,
    first_name: input.first_name.trim(),
    last_name: input.last_name.trim(),
    phone: input.phone ?? null,
    address: input.address === undefined ? null : JSON.stringify(input.address),
    created_at: now,
    updated_at: now,
  };
}

/**
 * The guest details a booking keeps as it was made (docs/api.md#bookings-create): a later booking never
 * changes them.
 */
export function guestColumns(input: GuestInput) {
  const row = guestRow(input, '');
  return {
    guest_title: row.title,
    guest_first_name: row.first_name,
    guest_last_name: row.last_name,
    guest_email: row.email,
    guest_phone: row.phone,
    guest_address: row.address,
  };
}

/**
 * Finds the guest's record by e-mail or creates it, so one guest keeps one guest_id.
 * The record is never rewritten: each booking keeps its own guest details (guestColumns). A
 * returning guest costs one read and takes no row lock, so concurrent bookings of the same guest
 * do not queue behind each other. Two first bookings racing to create the same guest are settled
 * by the unique key on email_key.
 */
export async function findOrCreateGuest(db: Executor, input: GuestInput, now: string): Promise<number> {
  const key = emailKey(input.email, input.guestsOfKey);
  const existing = (await guestByEmailKey(db, key))[0];
  if (existing !== undefined) return existing.id;
  // Compiled once per shape of the row (db/shaped-statement.ts).
  const inserted = (
    await runShapedRow(db, 'guest-row', guestRow(input, now), (row) =>
      db
        .insertInto('guests')
        .values(row)
        .onConflict((oc) => oc.column('email_key').doNothing())
        .returning('id'),
    )
  ).rows[0];
  if (inserted !== undefined) return inserted.id;
  // Another booking created this guest a moment ago; its row is committed and visible now.
  const row = (await guestByEmailKey(db, key))[0];
  if (row === undefined) throw new Error(`guest ${key} neither inserted nor found`);
  return row.id;
}

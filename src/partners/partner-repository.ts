import type { Executor } from '../db/store.ts';

export interface PartnerInput {
  title?: string | undefined;
  first_name: string;
  last_name: string;
  email: string;
  phone?: string | undefined;
  address?: Record<string, string | undefined> | undefined;
}

/** The key a guest is matched by: the e-mail, trimmed and case-insensitive. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Finds the guest's partner record by e-mail or creates it. Contact details the guest sends now
 * (phone, address, title) refresh the stored ones when they differ; names stay as first
 * recorded. A returning guest costs one read and takes no row lock, so concurrent bookings of
 * the same guest do not queue behind each other. Two first bookings racing to create the same
 * guest are settled by the unique key on email_key.
 */
export async function upsertPartner(db: Executor, input: PartnerInput, now: string): Promise<number> {
  const key = emailKey(input.email);
  const address = input.address === undefined ? undefined : JSON.stringify(input.address);
  const existing = await db.selectFrom('partners').select(['id', 'phone', 'address', 'title']).where('email_key', '=', key).executeTakeFirst();
  if (existing !== undefined) {
    const changes: { phone?: string; address?: string; title?: string } = {};
    if (input.phone !== undefined && input.phone !== existing.phone) changes.phone = input.phone;
    if (address !== undefined && address !== existing.address) changes.address = address;
    if (input.title !== undefined && input.title !== existing.title) changes.title = input.title;
    if (Object.keys(changes).length > 0) {
      await db.updateTable('partners').set({ ...changes, updated_at: now }).where('id', '=', existing.id).execute();
    }
    return existing.id;
  }
  const inserted = await db
    .insertInto('partners')
    .values({
      email: input.email.trim(),
      email_key: key,
      title: input.title ?? null,
      first_name: input.first_name.trim(),
      last_name: input.last_name.trim(),
      phone: input.phone ?? null,
      address: address ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('email_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted !== undefined) return inserted.id;
  // Another booking created this guest a moment ago; its row is committed and visible now.
  const row = await db.selectFrom('partners').select('id').where('email_key', '=', key).executeTakeFirstOrThrow();
  return row.id;
}

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
 * Finds the guest's partner record by e-mail or creates it, in one statement that concurrent
 * bookings cannot race past (the unique key on email_key decides). Contact details the guest
 * sends now (phone, address, title) refresh the stored ones; names stay as first recorded.
 */
export async function upsertPartner(db: Executor, input: PartnerInput, now: string): Promise<number> {
  const address = input.address === undefined ? null : JSON.stringify(input.address);
  const row = await db
    .insertInto('partners')
    .values({
      email: input.email.trim(),
      email_key: emailKey(input.email),
      title: input.title ?? null,
      first_name: input.first_name.trim(),
      last_name: input.last_name.trim(),
      phone: input.phone ?? null,
      address,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('email_key').doUpdateSet((eb) => ({
        phone: input.phone === undefined ? eb.ref('partners.phone') : eb.val(input.phone),
        address: address === null ? eb.ref('partners.address') : eb.val(address),
        title: input.title === undefined ? eb.ref('partners.title') : eb.val(input.title),
        updated_at: now,
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

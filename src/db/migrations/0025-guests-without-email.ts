import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Guests with no e-mail (bookings the host made by hand without one) each get a partner record
 * of their own. They used to share the one record whose key is the empty e-mail; now a guest
 * without one matches nobody (src/partners/partner-repository.ts, emailKey). The first booking of
 * that shared record keeps it (under a key of its own); every later one gets a new record made
 * from the guest details the booking keeps. Nothing to undo: records once split stay split.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const shared = await sql<{ id: number }>`select id from partners where email_key = ''`.execute(db);
  for (const { id } of shared.rows) {
    const bookings = await sql<{
      id: number;
      guest_title: string | null;
      guest_first_name: string;
      guest_last_name: string;
      guest_email: string;
      guest_phone: string | null;
      guest_address: string | null;
      created_at: string;
    }>`select id, guest_title, guest_first_name, guest_last_name, guest_email, guest_phone, guest_address, created_at
      from bookings where partner_id = ${id} order by id`.execute(db);
    for (const b of bookings.rows.slice(1)) {
      const created = await sql<{ id: number }>`insert into partners
        (email, email_key, title, first_name, last_name, phone, address, created_at, updated_at)
        values (${b.guest_email}, ${`no e-mail ${randomUUID()}`}, ${b.guest_title}, ${b.guest_first_name},
          ${b.guest_last_name}, ${b.guest_phone}, ${b.guest_address}, ${b.created_at}, ${b.created_at})
        returning id`.execute(db);
      const partnerId = created.rows[0]?.id;
      if (partnerId === undefined) throw new Error(`no partner record made for booking ${b.id}`);
      await sql`update bookings set partner_id = ${partnerId} where id = ${b.id}`.execute(db);
    }
    await sql`update partners set email_key = ${`no e-mail ${randomUUID()}`} where id = ${id}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // Records once split stay split: nothing depends on two guests sharing one.
}

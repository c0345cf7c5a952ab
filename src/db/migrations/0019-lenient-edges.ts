import { sql, type Kysely } from 'kysely';

/**
 * - users_login_ci: console logins are unique whatever their case, as sign-in matches them
 *   (src/console/session-repository.ts). Logins that differ only in case before this migration
 *   keep the first one (lowest id); each later one gets `-<id>` appended, so nobody is locked
 *   out and no two users match one sign-in.
 * - bookings_payment_intent: a card processor event that names only its PaymentIntent finds the
 *   booking created with that payment_intent_id (src/payments/apply-payment-event.ts). Only
 *   bookings that carry one have an entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update users set login = login || '-' || cast(id as text)
    where exists (select 1 from users earlier where lower(earlier.login) = lower(users.login) and earlier.id < users.id)
  `.execute(db);
  await db.schema
    .createIndex('users_login_ci')
    .on('users')
    .unique()
    .expression(sql`lower(login)`)
    .execute();
  await db.schema
    .createIndex('bookings_payment_intent')
    .on('bookings')
    .column('payment_intent_id')
    .where(sql.ref('payment_intent_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bookings_payment_intent').execute();
  await db.schema.dropIndex('users_login_ci').execute();
}

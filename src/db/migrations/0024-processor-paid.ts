import { sql, type Kysely } from 'kysely';

/**
 * `bookings.processor_paid`: what the card processor's payment paid for the booking (minor
 * units), written when that payment confirms it. A booking's paid amount used to count its
 * current total for a processor-confirmed card booking, so re-pricing it afterwards (new dates
 * through the signed webhook) moved the payment along and left its balance at 0. Bookings the
 * processor had already confirmed are given their total now, the best figure the database holds
 * for them (that payment matched the total of its day; a later re-price is not recorded apart).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('processor_paid', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update bookings set processor_paid = total
    where payment_method = 'card_processor' and confirmed_at is not null and payment_intent_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('processor_paid').execute();
}

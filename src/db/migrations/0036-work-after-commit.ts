import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * What a new booking leaves to be done right after its commit (docs/benchmarks.md#booking-creation):
 * `turnovers_to_plan`, a confirmed booking's stay whose turnover tasks are still to be planned
 * (src/tasks/new-stay-turnovers.ts), and `bookings_to_follow_up`, a booking confirmed as it was made
 * whose invoice and guest messages are still to be made (src/bookings/confirmed-follow-up.ts). The booking's
 * transaction writes the rows; the work right after its commit, or a job after a crash, reads and
 * deletes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await t
    .addId(db.schema.createTable('turnovers_to_plan'))
    .addColumn('accommodation_id', 'integer', (c) => c.notNull().references('accommodations.id').onDelete('cascade'))
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('start_on', t.date, (c) => c.notNull())
    .addColumn('end_on', t.date, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('turnovers_to_plan_home')
    .on('turnovers_to_plan')
    .columns(['accommodation_id', 'id'])
    .execute();
  await db.schema
    .createTable('bookings_to_follow_up')
    .addColumn('booking_id', 'integer', (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bookings_to_follow_up').execute();
  await db.schema.dropTable('turnovers_to_plan').execute();
}

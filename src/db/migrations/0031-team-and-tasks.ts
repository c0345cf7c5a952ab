import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * The host's team and the turnover (docs/team-and-tasks.md). A console user's role is one of
 * owner, manager, front_desk, cleaner, accountant: the console's users so far (role 'admin') become
 * owners; the technical user that owns the API keys keeps its role. A user may have an e-mail and
 * the secret token of their tasks' iCal feed (only its SHA-256 hash). `user_homes` gives a cleaner
 * the homes they work in. `tasks` holds one turnover task per departure: of a booking
 * (`booking_id`) or of an imported stay (`external_reservation_id`, kept as a plain number since an
 * imported stay's row goes when its feed drops it), due from `due_from` to `due_by` (instants),
 * `departure_on` the departure's date (what the reconciliation reads by) and `next_arrival_on` the
 * next arrival's (null: none known), so a same-day turnover is one whose two dates are equal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await sql`update users set role = 'owner' where role = 'admin'`.execute(db);
  await db.schema.alterTable('users').addColumn('email', 'text').execute();
  await db.schema.alterTable('users').addColumn('tasks_feed_hash', 'text').execute();
  await db.schema.createIndex('users_tasks_feed').on('users').column('tasks_feed_hash').unique().execute();

  await db.schema
    .createTable('user_homes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('accommodation_id', 'integer', (c) => c.notNull().references('accommodations.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_homes_pk', ['user_id', 'accommodation_id'])
    .execute();

  await t
    .addId(db.schema.createTable('tasks'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('accommodation_id', 'integer', (c) => c.notNull().references('accommodations.id').onDelete('cascade'))
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id').onDelete('cascade'))
    .addColumn('external_reservation_id', 'integer')
    .addColumn('departure_on', t.date, (c) => c.notNull())
    .addColumn('due_from', t.timestamp, (c) => c.notNull())
    .addColumn('due_by', t.timestamp, (c) => c.notNull())
    .addColumn('next_arrival_on', t.date)
    .addColumn('next_guest_count', 'integer')
    .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // One task per departure, whatever changes: the reconciliation finds it again by its stay.
  await sql`create unique index tasks_booking on tasks (kind, booking_id) where booking_id is not null`.execute(db);
  await sql`create unique index tasks_imported on tasks (kind, external_reservation_id) where external_reservation_id is not null`.execute(
    db,
  );
  await db.schema
    .createIndex('tasks_home_departure')
    .on('tasks')
    .columns(['accommodation_id', 'departure_on'])
    .execute();
  await db.schema.createIndex('tasks_due').on('tasks').columns(['due_from', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tasks').execute();
  await db.schema.dropTable('user_homes').execute();
  await db.schema.dropIndex('users_tasks_feed').execute();
  await db.schema.alterTable('users').dropColumn('tasks_feed_hash').execute();
  await db.schema.alterTable('users').dropColumn('email').execute();
  await sql`update users set role = 'admin' where role <> 'technical'`.execute(db);
}

import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Names that say what a table holds. The person who stays is a guest (a partner is an API
 * client): `partners` becomes `guests` and `bookings.partner_id` becomes `bookings.guest_id`.
 * Webhooks that come in and events that go out are named apart: `webhook_events` (signed
 * webhooks received) becomes `inbound_webhook_events`; `webhook_endpoints` and
 * `webhook_deliveries` (where partners' events are sent, and each sending) become
 * `event_endpoints` and `event_deliveries`. The indexes made for them follow. Rows are kept as
 * they are; no trigger names these tables.
 */

const TABLES: readonly (readonly [string, string])[] = [
  ['partners', 'guests'],
  ['webhook_events', 'inbound_webhook_events'],
  ['webhook_endpoints', 'event_endpoints'],
  ['webhook_deliveries', 'event_deliveries'],
];

const INDEXES: readonly (readonly [string, string])[] = [
  ['bookings_partner', 'bookings_guest'],
  ['webhook_events_expiry', 'inbound_webhook_events_expiry'],
  ['webhook_endpoints_key', 'event_endpoints_key'],
  ['webhook_deliveries_due', 'event_deliveries_due'],
  ['webhook_deliveries_endpoint', 'event_deliveries_endpoint'],
  ['webhook_deliveries_event', 'event_deliveries_event'],
];

/**
 * PostgreSQL renames an index in place. SQLite cannot: the index is made again under the new
 * name from its own definition (which SQLite has already rewritten for renamed tables and columns).
 */
async function renameIndex(db: Kysely<unknown>, pg: boolean, from: string, to: string): Promise<void> {
  if (pg) {
    await sql`alter index ${sql.id(from)} rename to ${sql.id(to)}`.execute(db);
    return;
  }
  const found = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and name = ${from}`.execute(db);
  const definition = found.rows[0]?.sql;
  if (definition === undefined) throw new Error(`index ${from} not found`);
  const named = definition.replace(/^CREATE (UNIQUE )?INDEX "?[A-Za-z0-9_]+"?/i, `CREATE $1INDEX "${to}"`);
  if (named === definition) throw new Error(`index ${from}: cannot read its definition: ${definition}`);
  await sql`drop index ${sql.id(from)}`.execute(db);
  await sql.raw(named).execute(db);
}

async function rename(db: Kysely<unknown>, direction: 'up' | 'down'): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const way = ([old, renamed]: readonly [string, string]): readonly [string, string] =>
    direction === 'up' ? [old, renamed] : [renamed, old];
  for (const pair of TABLES) {
    const [from, to] = way(pair);
    await db.schema.alterTable(from).renameTo(to).execute();
  }
  const [column, newColumn] = way(['partner_id', 'guest_id']);
  await db.schema.alterTable('bookings').renameColumn(column, newColumn).execute();
  for (const pair of INDEXES) {
    const [from, to] = way(pair);
    await renameIndex(db, pg, from, to);
  }
  // The unique constraint's name: SQLite keeps it inside the table's definition, unused.
  if (pg) {
    const table = direction === 'up' ? 'inbound_webhook_events' : 'webhook_events';
    const [from, to] = way(['webhook_events_dedupe', 'inbound_webhook_events_dedupe']);
    await sql`alter table ${sql.id(table)} rename constraint ${sql.id(from)} to ${sql.id(to)}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rename(db, 'up');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rename(db, 'down');
}

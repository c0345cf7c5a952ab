import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { sql, type Kysely, type Migration } from 'kysely';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { verifyPassword } from '../../src/auth/passwords.ts';
import type { StoreConfig } from '../../src/config/config.ts';
import { TECHNICAL_USER_LOGIN } from '../../src/db/migrations/0002-technical-user.ts';
import { MigrationError, migrateDownOne, migrateToLatest, migrations } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';
import { openStore, type Db, type Store } from '../../src/db/store.ts';
import { futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { createPgDatabase, openTestStore, testStoreKind, type TestStore } from '../support/test-store.ts';

/** Every table of the Database interface: the compiler refuses this list if a table is missing or unknown. */
const TABLES = {
  users: true,
  api_keys: true,
  settings: true,
  accommodations: true,
  nightly_prices: true,
  night_claims: true,
  test_night_claims: true,
  guests: true,
  bookings: true,
  booking_events: true,
  external_feeds: true,
  external_reservations: true,
  outbox: true,
  idempotency_keys: true,
  inbound_webhook_events: true,
  payment_issues: true,
  job_leases: true,
  ical_pulls: true,
  overbooking_alerts: true,
  ical_exports: true,
  console_sessions: true,
  booking_payments: true,
  partner_events: true,
  event_endpoints: true,
  event_deliveries: true,
  documents: true,
  document_series: true,
  bookings_to_follow_up: true,
  deposit_movements: true,
  booking_refunds: true,
  message_templates: true,
  message_rules: true,
  scheduled_messages: true,
  user_homes: true,
  tasks: true,
  turnovers_to_plan: true,
  registrations: true,
  registration_guests: true,
  alloggiati_codes: true,
} as const satisfies Record<keyof Database, true>;
const TABLE_NAMES = Object.keys(TABLES).sort();
const MIGRATION_NAMES = Object.keys(migrations).sort();

const opened: TestStore[] = [];
async function freshStore(): Promise<TestStore> {
  const t = await openTestStore({ migrate: false });
  opened.push(t);
  return t;
}
after(async () => {
  for (const t of opened) await t.close();
});

async function tableNames(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .map((t) => t.name)
    .filter((n) => !n.startsWith('kysely_'))
    .sort();
}

/** Migrations recorded as applied; none when the bookkeeping table does not exist (yet). */
async function recorded(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return [];
  const rows = await (db as unknown as Kysely<{ kysely_migration: { name: string } }>)
    .selectFrom('kysely_migration')
    .select('name')
    .orderBy('name')
    .execute();
  return rows.map((r) => r.name);
}

describe(`migrations on a fresh store (${testStoreKind})`, () => {
  test('migrateToLatest applies 0001 and 0002 (and any later one) in order', async () => {
    const { store } = await freshStore();
    const applied = await migrateToLatest(store.db);
    assert.deepEqual(applied, MIGRATION_NAMES);
    assert.deepEqual(applied.slice(0, 2), ['0001-initial', '0002-technical-user']);
    assert.deepEqual(await recorded(store.db), MIGRATION_NAMES);
  });

  test('every table of the Database interface exists, and nothing else', async () => {
    const { store } = await freshStore();
    assert.deepEqual(await tableNames(store.db), []);
    await migrateToLatest(store.db);
    assert.deepEqual(await tableNames(store.db), TABLE_NAMES);
  });

  test('exactly one technical user, with a scrypt hash of a password nobody knows', async () => {
    const { store } = await freshStore();
    await migrateToLatest(store.db);
    const users = await store.db.selectFrom('users').selectAll().execute();
    assert.equal(users.length, 1);
    const [user] = users;
    assert.equal(user?.login, TECHNICAL_USER_LOGIN);
    assert.equal(user?.role, 'technical');
    assert.match(user?.password_hash ?? '', /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    for (const guess of ['', TECHNICAL_USER_LOGIN, 'password', 'staydesk']) {
      assert.equal(await verifyPassword(guess, user?.password_hash ?? ''), false);
    }
  });

  test('a second run applies nothing and changes nothing', async () => {
    const { store } = await freshStore();
    await migrateToLatest(store.db);
    const user = await store.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    assert.deepEqual(await migrateToLatest(store.db), []);
    assert.deepEqual(await recorded(store.db), MIGRATION_NAMES);
    assert.deepEqual(await store.db.selectFrom('users').selectAll().execute(), [user]);
  });

  test('migrateDownOne undoes the latest migration, migrateToLatest redoes it', async () => {
    const { store } = await freshStore();
    await migrateToLatest(store.db);
    const last = MIGRATION_NAMES[MIGRATION_NAMES.length - 1];
    assert.deepEqual(await migrateDownOne(store.db), [last]);
    assert.deepEqual(await recorded(store.db), MIGRATION_NAMES.slice(0, -1));
    if (last === '0002-technical-user') {
      assert.equal((await store.db.selectFrom('users').select('id').execute()).length, 0, 'the technical user is gone');
    }
    assert.deepEqual(await migrateToLatest(store.db), [last]);
    assert.deepEqual(await recorded(store.db), MIGRATION_NAMES);
    assert.equal((await store.db.selectFrom('users').select('id').where('role', '=', 'technical').execute()).length, 1);
  });

  test('0024 gives the card bookings the processor had confirmed their total as what the processor paid', async () => {
    const { store } = await freshStore();
    await migrateToLatest(store.db);
    const home = await makeAccommodation(store.db);
    const paid = await insertBooking(store.db, home, { ...futureStay(2), paymentMethod: 'card_processor' });
    await store.db
      .updateTable('bookings')
      .set({ payment_intent_id: 'pi_paid', confirmed_at: new Date().toISOString() })
      .where('id', '=', paid.id)
      .execute();
    const draft = await insertBooking(store.db, home, { ...futureStay(2, 10), status: 'draft' });
    const transfer = await insertBooking(store.db, home, { ...futureStay(2, 20), paymentMethod: 'bank_transfer' });
    // Undone (and any later migration with it), then applied again over the bookings already there.
    while ((await recorded(store.db)).includes('0024-processor-paid')) await migrateDownOne(store.db);
    await migrateToLatest(store.db);
    const rows = await store.db
      .selectFrom('bookings')
      .select(['id', 'total', 'processor_paid'])
      .orderBy('id')
      .execute();
    assert.deepEqual(
      rows.map((r) => [r.id, r.processor_paid]),
      [
        [paid.id, paid.total],
        [draft.id, 0],
        [transfer.id, 0],
      ],
    );
    assert.ok(paid.total > 0);
  });

  test('0025 gives each guest without an e-mail a partner record of their own', async () => {
    const { store } = await freshStore();
    await migrateToLatest(store.db);
    const home = await makeAccommodation(store.db);
    const now = new Date().toISOString();
    const shared = await store.db
      .insertInto('guests')
      .values({
        email: '',
        email_key: '',
        first_name: 'A',
        last_name: 'B',
        created_at: now,
        updated_at: now,
        title: null,
        phone: null,
        address: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stays = [futureStay(2, 30), futureStay(2, 40), futureStay(2, 50)];
    const ids: number[] = [];
    for (const [i, stay] of stays.entries()) {
      const b = await insertBooking(store.db, home, { ...stay, firstName: `Guest${i}` });
      await store.db
        .updateTable('bookings')
        .set({ guest_id: shared.id, guest_email: '' })
        .where('id', '=', b.id)
        .execute();
      ids.push(b.id);
    }
    const withEmail = await insertBooking(store.db, home, futureStay(2, 60));
    while ((await recorded(store.db)).includes('0025-guests-without-email')) await migrateDownOne(store.db);
    await migrateToLatest(store.db);

    const rows = await store.db
      .selectFrom('bookings as b')
      .innerJoin('guests as p', 'p.id', 'b.guest_id')
      .select(['b.id', 'b.guest_id', 'b.guest_first_name', 'p.first_name', 'p.email_key'])
      .where('b.id', 'in', [...ids, withEmail.id])
      .orderBy('b.id')
      .execute();
    assert.equal(rows[0]?.guest_id, shared.id, 'the first booking keeps the record');
    assert.equal(new Set(rows.map((r) => r.guest_id)).size, 4);
    for (const r of rows.slice(1, 3)) assert.equal(r.first_name, r.guest_first_name);
    assert.equal(rows[3]?.guest_id, withEmail.guest_id, 'a guest with an e-mail is left alone');
    assert.equal((await store.db.selectFrom('guests').select('id').where('email_key', '=', '').execute()).length, 0);
  });

  test('0027 renames the guests and the webhook tables; their rows and the bookings that point at them stay', async () => {
    const { store } = await freshStore();
    await migrateToLatest(store.db);
    const home = await makeAccommodation(store.db);
    const booking = await insertBooking(store.db, home, { ...futureStay(2, 70), firstName: 'Kept' });
    const now = new Date().toISOString();
    await store.db
      .insertInto('inbound_webhook_events')
      .values({
        source: 'service',
        dedupe_key: 'kept-delivery',
        event_type: 'booking.update',
        outcome: 'applied',
        detail: null,
        booking_id: booking.id,
        received_at: now,
        expires_at: null,
        answer_status: 200,
        answer_body: '{"success":true}',
      })
      .execute();
    const { record: key } = await createApiKey(store.db, { name: 'partner', scope: 'api' });
    const endpoint = await store.db
      .insertInto('event_endpoints')
      .values({
        api_key_id: key.id,
        url: 'https://partner.example/events',
        events: '["booking.created"]',
        secret: 'whsec_kept',
        previous_secret: null,
        previous_secret_until: null,
        status: 'active',
        failing_since: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await store.db
      .insertInto('event_deliveries')
      .values({
        endpoint_id: endpoint.id,
        event_id: 1,
        booking_id: booking.id,
        status: 'pending',
        next_attempt_at: now,
        locked_until: null,
        locked_by: null,
        last_status: null,
        last_response: null,
        last_error: null,
        created_at: now,
        delivered_at: null,
      })
      .execute();
    const renamed = ['guests', 'inbound_webhook_events', 'event_endpoints', 'event_deliveries'] as const;
    const rowsOf = async (): Promise<Record<string, unknown[]>> => {
      const rows: Record<string, unknown[]> = {
        bookings: (await store.db.selectFrom('bookings').select(['id', 'guest_id']).orderBy('id').execute()).map(
          (r) => ({
            ...r,
          }),
        ),
      };
      for (const table of renamed) rows[table] = await store.db.selectFrom(table).selectAll().orderBy('id').execute();
      return rows;
    };
    const before = await rowsOf();
    assert.deepEqual(before.bookings, [{ id: booking.id, guest_id: booking.guest_id }]);
    for (const table of renamed) assert.equal(before[table]?.length, 1, table);

    while ((await recorded(store.db)).includes('0027-one-word-one-meaning')) await migrateDownOne(store.db);
    const old = await sql<{
      first_name: string;
    }>`select p.first_name from bookings b join partners p on p.id = b.partner_id`.execute(store.db);
    assert.deepEqual(
      old.rows.map((r) => r.first_name),
      ['Kept'],
      'undone: the old names hold the same rows',
    );
    for (const table of ['webhook_events', 'webhook_endpoints', 'webhook_deliveries']) {
      const counted = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
        store.db,
      );
      assert.equal(Number(counted.rows[0]?.n), 1, table);
    }

    await migrateToLatest(store.db);
    assert.deepEqual(await rowsOf(), before);
    assert.deepEqual(await tableNames(store.db), TABLE_NAMES);
  });

  test('0026 gives every key an endpoint limit of null (ENDPOINTS_PER_KEY), and is undone', async () => {
    const { store } = await freshStore();
    await migrateToLatest(store.db);
    while ((await recorded(store.db)).includes('0026-endpoint-limit')) await migrateDownOne(store.db);
    const columns = async () =>
      (await store.db.introspection.getTables()).find((t) => t.name === 'api_keys')?.columns.map((c) => c.name) ?? [];
    assert.ok(!(await columns()).includes('endpoint_limit'));
    await sql`insert into api_keys (name, prefix, secret_hash, scope, created_at)
      values ('older key', 'sd_old', 'hash-of-older-key', 'api', ${new Date().toISOString()})`.execute(store.db);
    await migrateToLatest(store.db);
    assert.ok((await columns()).includes('endpoint_limit'));
    const older = await store.db
      .selectFrom('api_keys')
      .select('endpoint_limit')
      .where('name', '=', 'older key')
      .executeTakeFirstOrThrow();
    assert.equal(older.endpoint_limit, null);
  });

  test('every migration can be undone down to an empty store, and applied again', async () => {
    const { store } = await freshStore();
    await migrateToLatest(store.db);
    for (let i = MIGRATION_NAMES.length - 1; i >= 0; i--) {
      assert.deepEqual(await migrateDownOne(store.db), [MIGRATION_NAMES[i]]);
    }
    assert.deepEqual(await migrateDownOne(store.db), [], 'nothing left to undo');
    assert.deepEqual(await tableNames(store.db), []);
    assert.deepEqual(await migrateToLatest(store.db), MIGRATION_NAMES);
    assert.deepEqual(await tableNames(store.db), TABLE_NAMES);
  });
});

describe(`a failing migration (${testStoreKind})`, () => {
  const broken: Migration = {
    async up(db) {
      await db.schema.createTable('half_done').addColumn('id', 'integer').execute();
      await sql`this is not sql`.execute(db);
    },
    async down() {
      /* nothing */
    },
  };
  const withBroken = { ...migrations, '9999-broken': broken };

  test('raises MigrationError naming the migration, and records nothing of it', async () => {
    const { store } = await freshStore();
    await migrateToLatest(store.db);
    await assert.rejects(migrateToLatest(store.db, withBroken), (error: unknown) => {
      assert.ok(error instanceof MigrationError, String(error));
      assert.equal(error.migration, '9999-broken');
      assert.match(error.message, /9999-broken/);
      assert.ok(error.cause !== undefined, 'the database error is kept as the cause');
      return true;
    });
    assert.deepEqual(await recorded(store.db), MIGRATION_NAMES);
    assert.ok(
      !(await store.db.introspection.getTables()).some((t) => t.name === 'half_done'),
      'the half-done migration was rolled back',
    );
  });

  test('on a fresh store the migrations before it are not left half-applied either', async () => {
    const { store } = await freshStore();
    await assert.rejects(migrateToLatest(store.db, withBroken), MigrationError);
    // Either all of the run is rolled back or the earlier migrations are complete and recorded.
    const done = await recorded(store.db);
    assert.ok(done.length === 0 || done.join() === MIGRATION_NAMES.join(), `recorded: ${done.join(', ')}`);
    assert.deepEqual(await tableNames(store.db), done.length === 0 ? [] : TABLE_NAMES);
    // The store is still usable: the real migrations apply cleanly afterwards.
    await migrateToLatest(store.db);
    assert.deepEqual(await recorded(store.db), MIGRATION_NAMES);
  });

  test('an unknown migration recorded in the store (a newer version ran here) is an error, not a silent pass', async () => {
    const { store } = await freshStore();
    await migrateToLatest(store.db, withBroken).catch(() => undefined);
    await migrateToLatest(store.db);
    await (store.db as unknown as Kysely<{ kysely_migration: { name: string; timestamp: string } }>)
      .insertInto('kysely_migration')
      .values({ name: '9998-from-the-future', timestamp: new Date().toISOString() })
      .execute();
    await assert.rejects(migrateToLatest(store.db), MigrationError);
  });
});

describe(`two processes migrating the same empty store at once (${testStoreKind})`, () => {
  test('both succeed and each migration is applied and recorded once', async () => {
    let config: StoreConfig;
    let cleanup: () => Promise<void>;
    if (testStoreKind === 'postgres') {
      const database = await createPgDatabase(process.env.TEST_DATABASE_URL ?? '');
      config = { kind: 'postgres', url: database.url };
      cleanup = () => database.drop();
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-migrate-'));
      config = { kind: 'sqlite', file: path.join(dir, 'staydesk.sqlite') };
      cleanup = async () => {
        fs.rmSync(dir, { recursive: true, force: true });
      };
    }
    const stores: Store[] = [openStore(config), openStore(config)];
    try {
      const results = await Promise.allSettled(stores.map((s) => migrateToLatest(s.db)));
      const failures = results.filter((r) => r.status === 'rejected').map((r) => String(r.reason));
      assert.deepEqual(failures, [], 'both runs succeed');
      const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
      assert.deepEqual([...applied].sort(), MIGRATION_NAMES, 'each migration applied by exactly one of them');
      for (const s of stores) assert.deepEqual(await recorded(s.db), MIGRATION_NAMES);
      const [first] = stores;
      assert.equal(
        (await first!.db.selectFrom('users').select('id').where('role', '=', 'technical').execute()).length,
        1,
      );
      assert.deepEqual(await tableNames(first!.db), TABLE_NAMES);
    } finally {
      for (const s of stores) await s.destroy();
      await cleanup();
    }
  });
});

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { GroupCommit, MAX_GROUP } from '../../src/db/group-commit.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';
import { openStore, type Store, type Tx } from '../../src/db/store.ts';
import { isUniqueViolation } from '../../src/db/dialect.ts';

// Group commit is the embedded store's (PostgreSQL's concurrent commits share their flushes by
// themselves), so these tests run on an SQLite file in WAL mode with synchronous = FULL, as a
// host's store does, whichever store the rest of the suite runs on.

let dir: string;
let file: string;
let store: Store;
let reader: DatabaseSync;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-group-'));
  file = path.join(dir, 'staydesk.db');
  store = openStore({ kind: 'sqlite', file });
  await migrateToLatest(store.db);
  await sql`create table units (name text primary key)`.execute(store.db);
  // A second connection to the same file: it sees only what has been committed.
  reader = new DatabaseSync(file, { readOnly: true });
});
after(async () => {
  reader.close();
  await store.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const insertUnit = (trx: Tx, name: string) => sql`insert into units (name) values (${name})`.execute(trx);
const stored = async (prefix: string) =>
  (
    await sql<{ name: string }>`select name from units where name like ${`${prefix}%`} order by name`.execute(store.db)
  ).rows.map((r) => r.name);
const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
/** One batch: the unit under test between two plain inserts, `<prefix>a` before it and `<prefix>c` after; each settled. */
const batchAround = (group: GroupCommit<Database>, prefix: string, unit: (trx: Tx) => Promise<unknown>) =>
  Promise.all([
    settle(group.run((trx) => insertUnit(trx, `${prefix}a`))),
    settle(group.run(unit)),
    settle(group.run((trx) => insertUnit(trx, `${prefix}c`))),
  ]);

test('units handed over together share one transaction, and each answer comes after its commit', async () => {
  const group = new GroupCommit(store.db);
  const names = Array.from({ length: 10 }, (_, i) => `shared-${String(i).padStart(2, '0')}`);
  const seenByAnotherConnection: boolean[] = [];
  await Promise.all(
    names.map((name) =>
      group
        .run(async (trx) => {
          await insertUnit(trx, name);
          return name;
        })
        .then((value) => {
          // Answered: so already committed, and visible to any other connection.
          seenByAnotherConnection.push(reader.prepare('select 1 from units where name = ?').get(value) !== undefined);
        }),
    ),
  );
  assert.deepEqual(group.stats, { batches: 1, units: 10 });
  assert.deepEqual(
    seenByAnotherConnection,
    names.map(() => true),
  );
  assert.deepEqual(await stored('shared-'), names);
});

test('a unit that fails is rolled back alone; the others of its batch are stored', async () => {
  const group = new GroupCommit(store.db);
  await insertUnit(store.db as unknown as Tx, 'alone-taken');
  const outcomes = await batchAround(group, 'alone-', async (trx) => {
    await insertUnit(trx, 'alone-b-first');
    await insertUnit(trx, 'alone-taken');
  });
  assert.equal(group.stats.batches, 1);
  assert.deepEqual(
    outcomes.map((o) => o.ok),
    [true, false, true],
  );
  const failed = outcomes[1];
  assert.ok(
    failed !== undefined && !failed.ok && isUniqueViolation(failed.error),
    'the failing unit gets its own error',
  );
  assert.deepEqual(
    await stored('alone-'),
    ['alone-a', 'alone-c', 'alone-taken'],
    'nothing of the failed unit remains, not even its first write',
  );
});

test('when the shared commit fails, no unit of the batch is stored and every one gets the error', async () => {
  const group = new GroupCommit(store.db);
  const outcomes = await batchAround(group, 'commit-', async (trx) => {
    // A foreign key checked at COMMIT: the unit itself succeeds, the commit refuses it.
    await sql`pragma defer_foreign_keys = on`.execute(trx);
    await sql`insert into booking_events (booking_id, event, status, actor_kind, reason, created_at) values (999999, 'created', 'confirmed', 'test', 'orphan', '2030-01-01T00:00:00.000Z')`.execute(
      trx,
    );
  });
  assert.deepEqual(
    outcomes.map((o) => o.ok),
    [false, false, false],
  );
  for (const o of outcomes) assert.match(String(!o.ok && o.error), /FOREIGN KEY/);
  assert.deepEqual(await stored('commit-'), []);
  assert.equal(group.stats.batches, 0, 'a failed batch is not counted as committed');
  // The store goes on: the next batch commits.
  await group.run((trx) => insertUnit(trx, 'commit-after'));
  assert.deepEqual(await stored('commit-'), ['commit-after']);
});

test('when SQLite has already undone the whole transaction, the batch fails as a whole', async () => {
  const group = new GroupCommit(store.db);
  const outcomes = await batchAround(group, 'undone-', async (trx) => {
    // What SQLite does by itself after some errors (a full disk, an I/O error).
    await sql`rollback`.execute(trx);
    throw new Error('disk full');
  });
  assert.deepEqual(
    outcomes.map((o) => o.ok),
    [false, false, false],
    'the first unit is not answered as stored, since its write was undone',
  );
  for (const o of outcomes)
    assert.equal(
      !o.ok && o.error instanceof Error ? o.error.message : null,
      'disk full',
      'every unit gets the cause, not the failed rollback',
    );
  assert.deepEqual(await stored('undone-'), []);
  await group.run((trx) => insertUnit(trx, 'undone-after'));
  assert.deepEqual(await stored('undone-'), ['undone-after']);
});

test('a batch that meets the file busy (another process wrote after it read) runs again, and every unit is stored once', async () => {
  const group = new GroupCommit(store.db);
  // Another connection to the file, as the CLI is while a server runs.
  const cli = new DatabaseSync(file);
  try {
    let wrote = false;
    const outcomes = await Promise.all([
      settle(
        group.run(async (trx) => {
          await sql`select count(*) from units`.execute(trx);
          if (!wrote) {
            // Committed after this transaction read: its next write is refused with SQLITE_BUSY_SNAPSHOT.
            cli.exec("insert into units (name) values ('busy-cli')");
            wrote = true;
          }
          await insertUnit(trx, 'busy-a');
        }),
      ),
      settle(group.run((trx) => insertUnit(trx, 'busy-b'))),
      settle(group.run((trx) => insertUnit(trx, 'busy-c'))),
    ]);
    assert.deepEqual(
      outcomes.map((o) => o.ok),
      [true, true, true],
      JSON.stringify(outcomes.map((o) => (o.ok ? 'ok' : String(o.error)))),
    );
    assert.deepEqual(await stored('busy-'), ['busy-a', 'busy-b', 'busy-c', 'busy-cli']);
    assert.deepEqual(group.stats, { batches: 1, units: 3 }, 'the busy batch was not counted; its second run was');
  } finally {
    cli.close();
  }
});

test(`a batch holds at most ${MAX_GROUP} units; the rest go in the next ones`, async () => {
  const group = new GroupCommit(store.db);
  const count = 2 * MAX_GROUP + 6;
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      group.run((trx) => insertUnit(trx, `bounded-${String(i).padStart(3, '0')}`)),
    ),
  );
  assert.deepEqual(group.stats, { batches: 3, units: count });
  assert.equal((await stored('bounded-')).length, count);
});

test('a lone unit commits at once, as a transaction of its own would', async () => {
  const group = new GroupCommit(store.db);
  const value = await group.run(async (trx) => {
    await insertUnit(trx, 'lone');
    return 42;
  });
  assert.equal(value, 42);
  assert.deepEqual(group.stats, { batches: 1, units: 1 });
  assert.ok(reader.prepare('select 1 from units where name = ?').get('lone') !== undefined);
});

test('an unflushed commit is stored whole, a failed one not at all, and later commits are flushed again', async () => {
  await store.commitUnflushed(async (trx) => {
    await insertUnit(trx, 'unflushed-1');
    await insertUnit(trx, 'unflushed-2');
  });
  assert.deepEqual(await stored('unflushed-'), ['unflushed-1', 'unflushed-2']);
  await assert.rejects(
    store.commitUnflushed(async (trx) => {
      await insertUnit(trx, 'unflushed-3');
      await insertUnit(trx, 'unflushed-1');
    }),
    (error: unknown) => isUniqueViolation(error),
  );
  assert.deepEqual(await stored('unflushed-'), ['unflushed-1', 'unflushed-2']);
  // The connection is back to full flushes (2) for every commit after it.
  const level = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(store.db);
  assert.equal(level.rows[0]?.synchronous, 2);
});

test('a booking that fails inside a group commit is undone from memory, and the ones beside it commit', async () => {
  // temp_store = MEMORY (2): a savepoint's undo journal is not written to a temporary file.
  const mode = await sql<{ temp_store: number }>`PRAGMA temp_store`.execute(store.db);
  assert.equal(mode.rows[0]?.temp_store, 2);
  const results = await Promise.allSettled([
    store.commitTogether(async (trx) => {
      await insertUnit(trx, 'memory-1');
    }),
    store.commitTogether(async (trx) => {
      await insertUnit(trx, 'memory-2');
      await insertUnit(trx, 'memory-1');
    }),
    store.commitTogether(async (trx) => {
      await insertUnit(trx, 'memory-3');
    }),
  ]);
  assert.deepEqual(
    results.map((r) => r.status),
    ['fulfilled', 'rejected', 'fulfilled'],
  );
  assert.deepEqual(await stored('memory-'), ['memory-1', 'memory-3']);
});

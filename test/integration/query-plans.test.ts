import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { dueDrafts } from '../../src/bookings/expire-holds.ts';
import type { Db } from '../../src/db/store.ts';
import { liveDraftsQuery } from '../../src/limits/draft-cap.ts';
import { reportBookingsQuery, reportClaimsQuery } from '../../src/reports/report-repository.ts';
import { openTestStore, testStoreKind, type TestStore } from '../support/test-store.ts';

let t: TestStore;
before(async () => {
  t = await openTestStore();
});
after(async () => {
  await t.close();
});

/**
 * The plan the store picks for `query`. On SQLite the values are left unbound: SQLite would
 * otherwise plan with them (and plan again whenever they change), so only a condition written
 * into the SQL shows that an index serves every execution. On PostgreSQL sequential scans are
 * switched off for the explain, since the test's tables are small enough that a scan would win
 * anyway: what is asked is whether an index can serve the query, not whether it pays on ten rows.
 */
async function planOf(db: Db, query: Compilable): Promise<string> {
  const compiled = query.compile();
  if (testStoreKind === 'sqlite') {
    const result = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`));
    return result.rows.map((r) => r.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
    );
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe(`indexes the hot queries read (${testStoreKind})`, () => {
  const now = '2031-05-01T12:00:00.000Z';

  test('the expiry job finds due drafts through the drafts-only index', async () => {
    assert.match(await planOf(t.store.db, dueDrafts(t.store.db, now, 100)), /bookings_draft_hold/);
  });

  test("the draft cap counts a key's live drafts through the drafts-only index", async () => {
    assert.match(await planOf(t.store.db, liveDraftsQuery(t.store.db, 1, now)), /bookings_draft_hold/);
  });

  test("an imported stay's claims are found through the index of imported claims", async () => {
    const query = t.store.db.selectFrom('night_claims').select('night').where('external_reservation_id', '=', 7);
    assert.match(await planOf(t.store.db, query), /night_claims_external/);
  });

  test("a month's imported stays are found by accommodation and dates, not by reading them all", async () => {
    const query = t.store.db
      .selectFrom('external_reservations')
      .select('id')
      .where('accommodation_id', '=', 1)
      .where('start_date', '<', '2031-06-01')
      .where('end_date', '>', '2031-05-01');
    assert.match(await planOf(t.store.db, query), /external_reservations_accommodation_dates/);
  });
});

describe(`indexes a report reads its range through (${testStoreKind})`, () => {
  const range = { from: '2031-01-01', to: '2032-01-01' };

  test("the bookings of a report's range are found by departure, not by reading every booking", async () => {
    assert.match(await planOf(t.store.db, reportBookingsQuery(t.store.db, range)), /bookings_checkout/);
  });

  test("a report's blocked and imported nights are counted from the index that holds only those", async () => {
    assert.match(await planOf(t.store.db, reportClaimsQuery(t.store.db, range)), /night_claims_blocks_and_imports/);
  });
});

describe(`indexes a booking does not write (${testStoreKind})`, () => {
  /** The definition of an index, as the store keeps it. */
  async function indexDefinition(name: string): Promise<string> {
    const db = t.store.db;
    const found =
      testStoreKind === 'sqlite'
        ? await sql<{
            definition: string;
          }>`select sql as definition from sqlite_master where type = 'index' and name = ${name}`.execute(db)
        : await sql<{
            definition: string;
          }>`select indexdef as definition from pg_indexes where indexname = ${name}`.execute(db);
    return found.rows[0]?.definition ?? '';
  }

  test('only imported stays have an entry in the index of imported claims', async () => {
    assert.match(
      await indexDefinition('night_claims_external'),
      /where\s+\(?"?external_reservation_id"? is not null\)?/i,
    );
  });

  test("a booking's claims have no entry in the index of blocked and imported nights", async () => {
    assert.match(await indexDefinition('night_claims_blocks_and_imports'), /where\s+\(?"?kind"?\s*<>\s*'booking'/i);
  });

  test('only drafts have an entry in the index of holds', async () => {
    assert.match(await indexDefinition('bookings_draft_hold'), /where\s+\(?"?status"?\s*=\s*'draft'/i);
    assert.equal(await indexDefinition('bookings_status_hold'), '', 'the index of every status is gone');
  });
});

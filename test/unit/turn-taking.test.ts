import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { openSqlite } from '../../src/db/sqlite-adapter.ts';
import { TurnTaking, TurnTakingSqliteDialect } from '../../src/db/turn-taking.ts';

/** A clock the test moves by hand. */
function fakeClock() {
  let now = 1_000;
  return {
    read: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

test('statements go on at once while under the budget, then wait for a turn of the event loop', async () => {
  const clock = fakeClock();
  const turns = new TurnTaking(10, clock.read);
  assert.equal(turns.afterStatement(), undefined, 'the first statement of a stretch starts it');
  clock.advance(9);
  assert.equal(turns.afterStatement(), undefined, '9 ms: under the budget');
  clock.advance(1);
  const wait = turns.afterStatement();
  assert.ok(wait instanceof Promise, '10 ms: over the budget');
  let turned = false;
  setImmediate(() => {
    turned = true;
  });
  await wait;
  assert.equal(turns.given, 1);
  // The wait ended on the turn scheduled when the stretch began, before the one queued after it.
  assert.equal(turned, false);
  // After the turn a new stretch begins, with the whole budget again.
  clock.advance(50);
  assert.equal(turns.afterStatement(), undefined);
  clock.advance(9);
  assert.equal(turns.afterStatement(), undefined);
});

test('a stretch that the event loop interrupts by itself starts again with the whole budget', async () => {
  const clock = fakeClock();
  const turns = new TurnTaking(10, clock.read);
  assert.equal(turns.afterStatement(), undefined);
  await nextTurn();
  clock.advance(30);
  assert.equal(turns.afterStatement(), undefined, 'the loop had its turn: a new stretch');
  assert.equal(turns.given, 0);
});

/**
 * Runs `count` statements in one transaction; returns after which one the event loop had a turn,
 * null when it had none before the transaction ended.
 */
async function turnDuring(db: Kysely<unknown>, count: number): Promise<number | null> {
  let done = 0;
  let turnedAfter: number | null = null;
  setImmediate(() => {
    turnedAfter = done;
  });
  await db.transaction().execute(async (trx) => {
    await sql`create table t (n integer)`.execute(trx);
    for (let i = 0; i < count; i++) {
      await sql`insert into t (n) values (${i})`.execute(trx);
      done++;
    }
  });
  return turnedAfter;
}

test("a transaction's statements give the event loop a turn once over the budget, and still commit together", async () => {
  // A budget of 0: every statement after the first of a stretch waits for a turn.
  const dialect = new TurnTakingSqliteDialect({ database: openSqlite(':memory:') }, new TurnTaking(0));
  const db = new Kysely<unknown>({ dialect });
  try {
    const turnedAfter = await turnDuring(db, 20);
    assert.notEqual(turnedAfter, null);
    assert.ok((turnedAfter ?? 20) < 20, `the loop turned after statement ${String(turnedAfter)} of 20`);
    assert.ok(dialect.turns.given > 0);
    const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
    assert.equal(rows[0]?.n, 20);
  } finally {
    await db.destroy();
  }
});

test("without it, a transaction's statements hold the event loop until the last one", async () => {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: openSqlite(':memory:') }) });
  try {
    assert.equal(await turnDuring(db, 20), null);
  } finally {
    await db.destroy();
  }
});

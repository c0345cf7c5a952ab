import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import { InlineLimits } from '../../src/db/inline-limits.ts';

// The embedded store writes a statement's LIMIT and OFFSET into its text (src/db/inline-limits.ts):
// SQLite ran a statement whose limit was a bound value several times slower.

interface Db {
  t: { id: number; name: string };
}

const db = new Kysely<Db>({
  plugins: [new InlineLimits()],
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

test('a whole-number limit and offset are written into the text', () => {
  const query = db.selectFrom('t').select('id').where('name', '=', 'x').limit(2).offset(40).compile();
  assert.equal(query.sql, 'select "id" from "t" where "name" = ? limit 2 offset 40');
  assert.deepEqual(query.parameters, ['x']);
});

test('so are the limits of subqueries and of deletes', () => {
  const query = db
    .deleteFrom('t')
    .where('id', 'in', (eb) => eb.selectFrom('t').select('id').orderBy('id').limit(25))
    .compile();
  assert.match(query.sql, /limit 25\)$/);
  assert.deepEqual(query.parameters, []);
});

test('any other value stays bound: text, a fraction, a negative number', () => {
  for (const value of ['7', 2.5, -1]) {
    const query = db
      .selectFrom('t')
      .select('id')
      .limit(value as number)
      .compile();
    assert.equal(query.sql, 'select "id" from "t" limit ?', String(value));
    assert.deepEqual(query.parameters, [value]);
  }
});

test('an expression for a limit is left as written', () => {
  const query = db
    .selectFrom('t')
    .select('id')
    .limit(sql<number>`${3} + 1`)
    .compile();
  assert.equal(query.sql, 'select "id" from "t" limit ? + 1');
  assert.deepEqual(query.parameters, [3]);
});

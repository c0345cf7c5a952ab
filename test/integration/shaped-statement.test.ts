import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { runShaped, StatementValues } from '../../src/db/shaped-statement.ts';
import { openTestStore, testStoreKind, type TestStore } from '../support/test-store.ts';

let t: TestStore;
before(async () => {
  t = await openTestStore();
});
after(async () => {
  await t.close();
});

/** Inserts guests through one shaped statement and returns what was stored. */
async function insertPartners(rows: Array<{ email: string; first_name: string; phone?: string | undefined }>) {
  const { db } = t.store;
  const values = new StatementValues();
  const now = new Date().toISOString();
  const stood = rows.map((r) =>
    values.row({
      email: r.email,
      email_key: r.email,
      first_name: r.first_name,
      last_name: 'Shaped',
      phone: r.phone,
      created_at: now,
      updated_at: now,
    }),
  );
  const result = await runShaped(db, 'test-guests', values, () =>
    db.insertInto('guests').values(stood).returning(['email', 'first_name', 'phone']),
  );
  return result.rows.map((row) => ({ ...row }));
}

test(`each run of a shaped statement stores its own values, whatever the shape (${testStoreKind})`, async () => {
  assert.deepEqual(await insertPartners([{ email: 'one@shaped.test', first_name: 'One', phone: '+1' }]), [
    { email: 'one@shaped.test', first_name: 'One', phone: '+1' },
  ]);
  // The same shape again: the compiled text is reused with new values.
  assert.deepEqual(await insertPartners([{ email: 'two@shaped.test', first_name: 'Two', phone: '+2' }]), [
    { email: 'two@shaped.test', first_name: 'Two', phone: '+2' },
  ]);
  // A column left out (undefined) and two rows: other shapes, compiled apart.
  assert.deepEqual(await insertPartners([{ email: 'three@shaped.test', first_name: 'Three' }]), [
    { email: 'three@shaped.test', first_name: 'Three', phone: null },
  ]);
  assert.deepEqual(
    await insertPartners([
      { email: 'four@shaped.test', first_name: 'Four', phone: '+4' },
      { email: 'five@shaped.test', first_name: 'Five', phone: '+5' },
    ]),
    [
      { email: 'four@shaped.test', first_name: 'Four', phone: '+4' },
      { email: 'five@shaped.test', first_name: 'Five', phone: '+5' },
    ],
  );
});

test(`a value that looks like a stand-in is stored as given (${testStoreKind})`, async () => {
  const lookalike = '\u0001shaped-value:0';
  assert.deepEqual(await insertPartners([{ email: 'six@shaped.test', first_name: lookalike, phone: '+6' }]), [
    { email: 'six@shaped.test', first_name: lookalike, phone: '+6' },
  ]);
});

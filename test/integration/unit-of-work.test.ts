import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inUnit, undoable, type Unit } from '../../src/db/unit-of-work.ts';
import { openTestStore, testStoreKind, type TestStore } from '../support/test-store.ts';

let t: TestStore;
before(async () => {
  t = await openTestStore();
});
after(async () => {
  await t.close();
});

const AT = new Date('2031-05-01T10:00:00.000Z');

function insertSetting(unit: Unit, name: string) {
  return unit.trx.insertInto('settings').values({ name, value: 'v', updated_at: AT.toISOString() }).execute();
}

async function settingExists(name: string): Promise<boolean> {
  const row = await t.store.db.selectFrom('settings').select('name').where('name', '=', name).executeTakeFirst();
  return row !== undefined;
}

describe(`a unit of work (${testStoreKind})`, () => {
  test('runs its after-commit effects once it has committed, in order, and hands on its instant', async () => {
    const ran: string[] = [];
    const result = await inUnit(t.store.db, AT, async (unit) => {
      assert.equal(unit.now, AT);
      await insertSetting(unit, 'unit_committed');
      unit.afterCommit(() => ran.push('first'));
      unit.afterCommit(() => ran.push('second'));
      assert.deepEqual(ran, [], 'nothing runs before the commit');
      return 'done';
    });
    assert.equal(result, 'done');
    assert.deepEqual(ran, ['first', 'second']);
    assert.equal(await settingExists('unit_committed'), true);
  });

  test('runs none of them when it rolls back', async () => {
    const ran: string[] = [];
    await assert.rejects(
      inUnit(t.store.db, AT, async (unit) => {
        await insertSetting(unit, 'unit_rolled_back');
        unit.afterCommit(() => ran.push('effect'));
        throw new Error('refused');
      }),
      /refused/,
    );
    assert.deepEqual(ran, []);
    assert.equal(await settingExists('unit_rolled_back'), false);
  });

  test('undoable undoes the writes of a refused step and the unit goes on; the error still reaches the caller', async () => {
    await inUnit(t.store.db, AT, async (unit) => {
      await insertSetting(unit, 'before_step');
      await assert.rejects(
        undoable(
          unit,
          async () => {
            await insertSetting(unit, 'in_refused_step');
            throw new Error('refusal');
          },
          () => true,
        ),
        /refusal/,
      );
      await insertSetting(unit, 'after_step');
    });
    assert.equal(await settingExists('before_step'), true);
    assert.equal(await settingExists('in_refused_step'), false, 'the step was undone');
    assert.equal(await settingExists('after_step'), true);
  });

  test('undoable keeps the writes of a step that succeeds', async () => {
    await inUnit(t.store.db, AT, async (unit) => {
      assert.equal(
        await undoable(
          unit,
          async () => {
            await insertSetting(unit, 'in_kept_step');
            return 7;
          },
          () => true,
        ),
        7,
      );
    });
    assert.equal(await settingExists('in_kept_step'), true);
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { diffStays, type StoredStay } from '../../../src/ical/diff-stays.ts';
import type { ImportedStay } from '../../../src/ical/parse-feed.ts';

function stored(id: number, uid: string, start: string, end: string, summary = 'Reserved'): StoredStay {
  return { id, uid, summary, kind: summary === 'Reserved' ? 'reserved' : 'not_available', start, end, echoOf: null };
}
function parsed(uid: string, start: string, end: string, summary = 'Reserved'): ImportedStay {
  return { uid, summary, kind: summary === 'Reserved' ? 'reserved' : 'not_available', start, end };
}
function counts(d: ReturnType<typeof diffStays>) {
  return {
    added: d.added.length,
    changed: d.changed.length,
    quiet: d.quiet.length,
    removed: d.removed.length,
    unchanged: d.unchanged.length,
  };
}

describe('diffStays', () => {
  test('new, unchanged, moved and vanished stays by UID', () => {
    const d = diffStays(
      [
        stored(1, 'a', '2027-02-01', '2027-02-04'),
        stored(2, 'b', '2027-03-01', '2027-03-02'),
        stored(3, 'c', '2027-04-01', '2027-04-02'),
      ],
      [
        parsed('a', '2027-02-01', '2027-02-04'),
        parsed('b', '2027-03-01', '2027-03-05'),
        parsed('d', '2027-05-01', '2027-05-02'),
      ],
    );
    assert.deepEqual(counts(d), { added: 1, changed: 1, quiet: 0, removed: 1, unchanged: 1 });
    assert.equal(d.added[0]?.uid, 'd');
    assert.deepEqual(d.changed[0], { id: 2, stay: parsed('b', '2027-03-01', '2027-03-05') });
    assert.equal(d.removed[0]?.id, 3);
  });

  test('Booking.com re-UIDs a stay: matched by its nights, not reported', () => {
    const d = diffStays(
      [stored(1, 'old-uid@booking.com', '2027-02-01', '2027-02-08', 'CLOSED - Not available')],
      [parsed('new-uid@booking.com', '2027-02-01', '2027-02-08', 'CLOSED - Not available')],
    );
    assert.deepEqual(counts(d), { added: 0, changed: 0, quiet: 1, removed: 0, unchanged: 0 });
    assert.equal(d.quiet[0]?.id, 1);
    assert.equal(d.quiet[0]?.stay.uid, 'new-uid@booking.com');
  });

  test("Airbnb's sliding Not-available window is a quiet move, with or without a new UID", () => {
    const window = stored(7, 'w1', '2028-01-10', '2028-06-01', 'Airbnb (Not available)');
    const sameUid = diffStays([window], [parsed('w1', '2028-01-10', '2028-06-02', 'Airbnb (Not available)')]);
    assert.deepEqual(counts(sameUid), { added: 0, changed: 0, quiet: 1, removed: 0, unchanged: 0 });
    const newUid = diffStays([window], [parsed('w2', '2028-01-10', '2028-06-02', 'Airbnb (Not available)')]);
    assert.deepEqual(counts(newUid), { added: 0, changed: 0, quiet: 1, removed: 0, unchanged: 0 });
    assert.equal(newUid.quiet[0]?.id, 7);
  });

  test('a reserved stay whose end moves is a change', () => {
    const d = diffStays([stored(1, 'r', '2027-02-01', '2027-02-04')], [parsed('r', '2027-02-01', '2027-02-06')]);
    assert.deepEqual(counts(d), { added: 0, changed: 1, quiet: 0, removed: 0, unchanged: 0 });
  });

  test('a stay that turns from reserved to not available is a change', () => {
    const d = diffStays(
      [stored(1, 'r', '2027-02-01', '2027-02-04')],
      [parsed('r', '2027-02-01', '2027-02-04', 'Not available')],
    );
    assert.deepEqual(counts(d), { added: 0, changed: 1, quiet: 0, removed: 0, unchanged: 0 });
  });

  test('an empty feed removes everything', () => {
    const d = diffStays([stored(1, 'a', '2027-02-01', '2027-02-04')], []);
    assert.deepEqual(counts(d), { added: 0, changed: 0, quiet: 0, removed: 1, unchanged: 0 });
  });
});

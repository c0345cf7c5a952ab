import assert from 'node:assert/strict';
import { test } from 'node:test';
import { guestFormats } from '../../src/shared/guest-language.ts';
import { localInstant, wallClockOf } from '../../src/shared/zoned-time.ts';

// Local wall-clock times as instants, across daylight-saving changes, and the same answers when
// an instant or a spelled-out date is asked for again (both are kept once worked out).

test('a local time is the instant of its zone, on either side of a daylight-saving change', () => {
  assert.equal(localInstant('2026-01-15', '10:00', 'Europe/Paris').toISOString(), '2026-01-15T09:00:00.000Z');
  assert.equal(localInstant('2026-07-15', '10:00', 'Europe/Paris').toISOString(), '2026-07-15T08:00:00.000Z');
  assert.equal(localInstant('2026-07-15', '10:00', 'America/New_York').toISOString(), '2026-07-15T14:00:00.000Z');
  assert.equal(localInstant('2026-07-15', '10:00', 'UTC').toISOString(), '2026-07-15T10:00:00.000Z');
  // 02:30 on 29 March 2026 does not exist in Paris: it lands on the later offset.
  assert.equal(localInstant('2026-03-29', '02:30', 'Europe/Paris').toISOString(), '2026-03-29T01:30:00.000Z');
  // 02:30 on 25 October 2026 happens twice in Paris.
  const twice = localInstant('2026-10-25', '02:30', 'Europe/Paris');
  assert.ok(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z'].includes(twice.toISOString()));
  assert.deepEqual(wallClockOf(twice, 'Europe/Paris'), { date: '2026-10-25', time: '02:30' });
});

test('an instant asked for again is the same, in a Date of its own, and told apart by zone', () => {
  const first = localInstant('2027-05-03', '11:00', 'Europe/Lisbon');
  first.setUTCFullYear(1999);
  const again = localInstant('2027-05-03', '11:00', 'Europe/Lisbon');
  assert.equal(again.toISOString(), '2027-05-03T10:00:00.000Z');
  assert.notEqual(again, localInstant('2027-05-03', '11:00', 'Europe/Lisbon'));
  assert.equal(localInstant('2027-05-03', '11:00', 'Asia/Tokyo').toISOString(), '2027-05-03T02:00:00.000Z');
  assert.equal(localInstant('2027-05-03', '11:30', 'Europe/Lisbon').toISOString(), '2027-05-03T10:30:00.000Z');
});

test('more instants than are kept are still worked out right', () => {
  // Past the 10,000 kept, the memory starts again; every answer stays that of its zone.
  for (let i = 0; i < 10_050; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const minute = String(Math.floor(i / 28) % 60).padStart(2, '0');
    const hour = String(Math.floor(i / (28 * 60)) % 24).padStart(2, '0');
    const at = localInstant(`2026-02-${day}`, `${hour}:${minute}`, 'Europe/Berlin');
    assert.equal(at.toISOString(), new Date(`2026-02-${day}T${hour}:${minute}:00+01:00`).toISOString());
  }
});

test('a date spelled out again in a language is spelled the same, and each language its own way', () => {
  const en = guestFormats('en');
  const de = guestFormats('de');
  assert.equal(en.date('2026-03-05'), '5 March 2026');
  assert.equal(en.date('2026-03-05'), '5 March 2026');
  assert.equal(de.date('2026-03-05'), '5. März 2026');
  assert.equal(en.date('2026-03-06'), '6 March 2026');
});

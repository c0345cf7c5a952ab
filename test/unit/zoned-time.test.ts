import assert from 'node:assert/strict';
import { test } from 'node:test';
import { localInstant, wallClockOf } from '../../src/shared/zoned-time.ts';

// Local wall-clock times as instants, across daylight-saving changes and offsets of every shape.

test('a local time is the instant of its zone, on either side of a daylight-saving change', () => {
  assert.equal(localInstant('2026-01-15', '10:00', 'Europe/Paris').toISOString(), '2026-01-15T09:00:00.000Z');
  assert.equal(localInstant('2026-07-15', '10:00', 'Europe/Paris').toISOString(), '2026-07-15T08:00:00.000Z');
  assert.equal(localInstant('2026-07-15', '10:00', 'America/New_York').toISOString(), '2026-07-15T14:00:00.000Z');
  assert.equal(localInstant('2026-07-15', '10:00', 'UTC').toISOString(), '2026-07-15T10:00:00.000Z');
  // 02:30 on 29 March 2026 does not exist in Paris: it is 03:30 there.
  assert.equal(localInstant('2026-03-29', '02:30', 'Europe/Paris').toISOString(), '2026-03-29T01:30:00.000Z');
  // West of UTC too: 02:30 on 8 March 2026 does not exist in New York; it is 03:30 there.
  assert.equal(localInstant('2026-03-08', '02:30', 'America/New_York').toISOString(), '2026-03-08T07:30:00.000Z');
  // 02:30 on 25 October 2026 happens twice in Paris.
  const twice = localInstant('2026-10-25', '02:30', 'Europe/Paris');
  assert.ok(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z'].includes(twice.toISOString()));
  assert.deepEqual(wallClockOf(twice, 'Europe/Paris'), { date: '2026-10-25', time: '02:30' });
});

test('offsets of half and three-quarter hours, west of UTC, and of seconds long ago', () => {
  assert.equal(localInstant('2026-07-01', '12:00', 'America/St_Johns').toISOString(), '2026-07-01T14:30:00.000Z');
  assert.equal(localInstant('2026-07-01', '12:00', 'Asia/Kathmandu').toISOString(), '2026-07-01T06:15:00.000Z');
  assert.equal(localInstant('2026-07-01', '12:00', 'Pacific/Chatham').toISOString(), '2026-06-30T23:15:00.000Z');
  // Paris kept its mean time, 9 minutes 21 seconds ahead of Greenwich, until 1911.
  assert.equal(localInstant('1900-06-01', '12:00', 'Europe/Paris').toISOString(), '1900-06-01T11:50:39.000Z');
});

test('every local time of a year, in zones either side of UTC, reads back as itself', () => {
  for (const zone of ['Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'America/Santiago']) {
    for (let day = 0; day < 365; day += 3) {
      const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
      for (const time of ['00:00', '01:30', '02:30', '03:00', '10:00', '23:59']) {
        const at = localInstant(date, time, zone);
        const back = wallClockOf(at, zone);
        // A time inside a spring-forward gap (an hour, in these zones) does not exist: it lands on
        // the later offset, so it reads back an hour later.
        if (back.date !== date || back.time !== time) {
          const [h = 0, m = 0] = time.split(':').map(Number);
          const hourLater = `${String(h + 1).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
          assert.deepEqual(back, { date, time: hourLater }, `${zone} ${date} ${time}`);
        }
      }
    }
  }
});

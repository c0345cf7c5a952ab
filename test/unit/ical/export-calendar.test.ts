import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { exportCalendar, type ExportStay } from '../../../src/ical/export-calendar.ts';
import { parseFeed } from '../../../src/ical/parse-feed.ts';
import { addDays, eachDate } from '../../../src/shared/dates.ts';

const stamp = new Date('2027-01-10T12:00:00Z');

describe('exportCalendar', () => {
  test('all-day events with the exclusive end, no guest data, DTSTAMP, PRODID, VERSION', () => {
    const text = exportCalendar(
      [{ uid: 'booking-12@staydesk', summary: 'Reserved', start: '2027-02-01', end: '2027-02-04' }],
      { name: 'Cottage', stamp },
    );
    assert.match(text, /^BEGIN:VCALENDAR\r\n/);
    assert.match(text, /\r\nVERSION:2\.0\r\n/);
    assert.match(text, /\r\nPRODID:-\/\/Staydesk\/\/Staydesk\/\/EN\r\n/);
    assert.match(text, /\r\nUID:booking-12@staydesk\r\n/);
    assert.match(text, /\r\nDTSTAMP:20270110T120000Z\r\n/);
    assert.match(text, /\r\nDTSTART;VALUE=DATE:20270201\r\n/);
    assert.match(text, /\r\nDTEND;VALUE=DATE:20270204\r\n/);
    assert.match(text, /\r\nSUMMARY:Reserved\r\n/);
  });

  test('round trip: export then import gives exactly the same nights (property)', () => {
    const today = '2027-01-10';
    const stayArb = fc.record({
      offset: fc.integer({ min: 0, max: 700 }),
      length: fc.integer({ min: 1, max: 30 }),
      closed: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(stayArb, { maxLength: 20 }),
        fc.constantFrom('Europe/Berlin', 'America/Los_Angeles', 'Pacific/Auckland', 'UTC'),
        (specs, timeZone) => {
          const stays: ExportStay[] = specs.map((s, i) => ({
            uid: `stay-${i}@staydesk`,
            summary: s.closed ? 'Not available' : 'Reserved',
            start: addDays(today, s.offset),
            end: addDays(today, s.offset + s.length),
          }));
          const back = parseFeed(exportCalendar(stays, { name: 'Cottage', stamp }), {
            timeZone,
            today,
            horizonDays: 800,
          });
          const nightsOut = stays
            .flatMap((s) => eachDate(s.start, s.end).map((n) => `${s.uid} ${n} ${s.summary}`))
            .sort();
          const nightsBack = back
            .flatMap((s) => eachDate(s.start, s.end).map((n) => `${s.uid} ${n} ${s.summary}`))
            .sort();
          assert.deepEqual(nightsBack, nightsOut);
        },
      ),
      { numRuns: 100 },
    );
  });
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { escapeText, exportCalendar, type ExportStay } from '../../../src/ical/export-calendar.ts';
import { parseFeed } from '../../../src/ical/parse-feed.ts';
import { addDays, eachDate } from '../../../src/shared/dates.ts';
import { readExport } from '../../support/ical-parsers.ts';

const stamp = new Date('2027-01-10T12:00:00Z');

/** What a name reads back as: line breaks (Unicode's separators too) as LF, other control characters (but TAB) gone. */
function readBack(name: string): string {
  return (
    name
      .replace(/\r\n|\r|\u2028|\u2029/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

const awkward = fc.constantFrom(
  '\r\n',
  '\r',
  '\n',
  ',',
  ';',
  '\\',
  '"',
  ':',
  '\t',
  '\u0000',
  '\u001b',
  '\r\nEND:VCALENDAR\r\n',
  'BEGIN:VEVENT',
  'ü',
  '家',
  '😀',
  '\u2028',
  '\u2029',
);
const nameArb = fc
  .array(fc.oneof(awkward, fc.string({ unit: 'grapheme', maxLength: 30 })), { maxLength: 12 })
  .map((parts) => parts.join(''));

describe('exportCalendar', () => {
  test('all-day events with the exclusive end, no guest data, DTSTAMP, PRODID, VERSION, CRLF after every line', () => {
    const text = exportCalendar(
      [{ uid: 'booking-12-2027-02-01@staydesk', summary: 'Reserved', start: '2027-02-01', end: '2027-02-04' }],
      { name: 'Cottage', stamp },
    );
    assert.match(text, /^BEGIN:VCALENDAR\r\n/);
    assert.match(text, /\r\nVERSION:2\.0\r\n/);
    assert.match(text, /\r\nPRODID:-\/\/Staydesk\/\/Staydesk\/\/EN\r\n/);
    assert.match(text, /\r\nUID:booking-12-2027-02-01@staydesk\r\n/);
    assert.match(text, /\r\nDTSTAMP:20270110T120000Z\r\n/);
    assert.match(text, /\r\nDTSTART;VALUE=DATE:20270201\r\n/);
    assert.match(text, /\r\nDTEND;VALUE=DATE:20270204\r\n/);
    assert.match(text, /\r\nSUMMARY:Reserved\r\n/);
    assert.match(text, /\r\nEND:VCALENDAR\r\n$/);
  });

  test('a name with a line break and separators stays one escaped value and reads back whole', () => {
    const name = 'Villa "Sea; View", Nice \\ Côte\r\nEND:VCALENDAR\nBEGIN:VEVENT';
    const text = exportCalendar(
      [{ uid: 'block-3-2027-02-01@staydesk', summary: 'Not available', start: '2027-02-01', end: '2027-02-02' }],
      { name, stamp },
    );
    assert.equal(text.match(/END:VCALENDAR/g)?.length, 3, 'twice inside the name, escaped, and once at the end');
    assert.equal(text.match(/^END:VCALENDAR\r$/gm)?.length, 1, 'only the last one is a line of its own');
    const back = readExport(text);
    assert.equal(back.name, readBack(name));
    assert.equal(back.events.length, 1);
  });

  test('escaping: \\ ; , and every line break; control characters dropped', () => {
    assert.equal(escapeText('a\\b;c,d\r\ne\rf\ng\u0000h\ti'), 'a\\\\b\\;c\\,d\\ne\\nf\\ng' + 'h\ti');
  });

  test('any name, any stays: ical.js and node-ical read the same calendar back (property)', () => {
    fc.assert(
      fc.property(
        nameArb,
        fc.array(fc.record({ offset: fc.integer({ min: 0, max: 700 }), length: fc.integer({ min: 1, max: 30 }) }), {
          maxLength: 8,
        }),
        (name, specs) => {
          const stays: ExportStay[] = specs.map((s, i) => ({
            uid: `stay-${i}-${addDays('2027-01-10', s.offset)}@staydesk`,
            summary: i % 2 === 0 ? 'Reserved' : 'Not available',
            start: addDays('2027-01-10', s.offset),
            end: addDays('2027-01-10', s.offset + s.length),
          }));
          const back = readExport(exportCalendar(stays, { name, stamp }));
          assert.equal(back.name, readBack(name));
          assert.deepEqual(
            back.events,
            stays
              .map((s) => ({ uid: s.uid, summary: s.summary, start: s.start, end: s.end }))
              .sort((a, b) => (a.uid < b.uid ? -1 : 1)),
          );
        },
      ),
      { numRuns: 300 },
    );
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

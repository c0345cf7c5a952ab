import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, mock, test } from 'node:test';
import fc from 'fast-check';
import ICAL from 'ical.js';
import { FeedParseError, parseFeed, type ImportedStay } from '../../../src/ical/parse-feed.ts';
import { addDays } from '../../../src/shared/dates.ts';

const options = { timeZone: 'Europe/Berlin', today: '2027-01-10' };

function fixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/ical/${name}`, import.meta.url), 'utf8');
}

function nightsOf(stays: ImportedStay[]): [string, string, string][] {
  return stays.map((s) => [s.uid, s.start, s.end]);
}

describe('parseFeed', () => {
  test('Airbnb: all-day events with an exclusive DTEND, "Reserved" and "Not available"', () => {
    const stays = parseFeed(fixture('airbnb.ics'), options);
    assert.deepEqual(stays, [
      {
        uid: '1418fb94e984-a1b2c3@airbnb.com',
        summary: 'Reserved',
        kind: 'reserved',
        start: '2027-02-01',
        end: '2027-02-05',
      },
      {
        uid: '7f3c1a2b9d8e-d4e5f6@airbnb.com',
        summary: 'Airbnb (Not available)',
        kind: 'not_available',
        start: '2027-03-01',
        end: '2027-03-03',
      },
    ]);
  });

  test('an event without DTEND is one night', () => {
    assert.deepEqual(nightsOf(parseFeed(fixture('no-dtend.ics'), options)), [
      ['no-end-1@example.com', '2027-01-15', '2027-01-16'],
    ]);
  });

  test('DATE-TIME with TZID: the nights the guest sleeps in the accommodation zone', () => {
    // 20:00 in New York is 02:00 the next day in Berlin.
    assert.deepEqual(nightsOf(parseFeed(fixture('tzid.ics'), options)), [
      ['tz-1@example.com', '2027-01-21', '2027-01-23'],
    ]);
    assert.deepEqual(nightsOf(parseFeed(fixture('tzid.ics'), { ...options, timeZone: 'America/New_York' })), [
      ['tz-1@example.com', '2027-01-20', '2027-01-23'],
    ]);
  });

  test('DATE-TIME in UTC', () => {
    assert.deepEqual(nightsOf(parseFeed(fixture('utc.ics'), options)), [
      ['utc-1@example.com', '2027-02-11', '2027-02-12'],
    ]);
    assert.deepEqual(nightsOf(parseFeed(fixture('utc.ics'), { ...options, timeZone: 'UTC' })), [
      ['utc-1@example.com', '2027-02-10', '2027-02-12'],
    ]);
  });

  test('RRULE series expand over the horizon, with EXDATE and a moved occurrence', () => {
    assert.deepEqual(nightsOf(parseFeed(fixture('rrule.ics'), options)), [
      ['weekly@example.com/2027-01-11', '2027-01-11', '2027-01-13'],
      ['weekly@example.com/2027-01-25', '2027-01-26', '2027-01-29'],
      ['weekly@example.com/2027-02-01', '2027-02-01', '2027-02-03'],
      ['forever@example.com/2028-01-05', '2028-01-05', '2028-01-06'],
      ['forever@example.com/2029-01-05', '2029-01-05', '2029-01-06'],
    ]);
    assert.equal(
      parseFeed(fixture('rrule.ics'), { ...options, horizonDays: 300 }).filter((s) => s.uid.startsWith('forever'))
        .length,
      0,
    );
  });

  test('STATUS:CANCELLED events are ignored', () => {
    assert.deepEqual(nightsOf(parseFeed(fixture('cancelled.ics'), options)), [
      ['kept@example.com', '2027-02-10', '2027-02-11'],
    ]);
  });

  test('Booking.com "CLOSED - Not available"', () => {
    const [stay, ...rest] = parseFeed(fixture('booking-com.ics'), options);
    assert.equal(rest.length, 0);
    assert.deepEqual(stay, {
      uid: 'd6d8b3c5a1e24f0f8f0a1c2b3d4e5f60@booking.com',
      summary: 'CLOSED - Not available',
      kind: 'not_available',
      start: '2027-04-01',
      end: '2027-04-08',
    });
  });

  test('folded lines are unfolded', () => {
    const [stay] = parseFeed(fixture('folded.ics'), options);
    assert.equal(stay?.uid, 'folded-uid-that-is-quite-long-and-goes-on-and-on-beyond-seventy-five-octets@example.com');
    assert.equal(stay?.summary, 'Airbnb (Not available)');
    assert.equal(stay?.kind, 'not_available');
  });

  test('LF-only line ends', () => {
    assert.ok(!fixture('lf-only.ics').includes('\r'));
    assert.deepEqual(nightsOf(parseFeed(fixture('lf-only.ics'), options)), [
      ['lf@example.com', '2027-06-01', '2027-06-02'],
    ]);
  });

  test('a byte-order mark', () => {
    assert.ok(fixture('bom.ics').startsWith('\uFEFF'));
    assert.deepEqual(nightsOf(parseFeed(fixture('bom.ics'), options)), [
      ['bom@example.com', '2027-07-01', '2027-07-04'],
    ]);
  });

  test('duplicate UIDs: identical copies count once, other nights are kept apart', () => {
    assert.deepEqual(nightsOf(parseFeed(fixture('duplicate-uids.ics'), options)), [
      ['dup@example.com', '2027-08-01', '2027-08-03'],
      ['dup@example.com/2027-08-10', '2027-08-10', '2027-08-12'],
    ]);
  });

  test('events wholly in the past are ignored; a running stay keeps its nights', () => {
    assert.deepEqual(nightsOf(parseFeed(fixture('past.ics'), options)), [
      ['running@example.com', '2027-01-08', '2027-01-12'],
    ]);
  });

  test('events past the horizon are clipped or left out', () => {
    assert.deepEqual(nightsOf(parseFeed(fixture('beyond-horizon.ics'), options)), [
      ['window@airbnb.com', '2028-01-10', '2029-01-09'],
    ]);
  });

  test('an empty calendar has no stays', () => {
    assert.deepEqual(parseFeed(fixture('empty.ics'), options), []);
  });

  test('an HTML page or unreadable text is refused', () => {
    assert.throws(() => parseFeed(fixture('login-page.html'), options), FeedParseError);
    assert.throws(() => parseFeed(fixture('garbage.ics'), options), FeedParseError);
    assert.throws(() => parseFeed('', options), FeedParseError);
  });
});

/** A calendar of the given VEVENT bodies (each a list of lines). */
function calendar(events: string[][]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Test//EN'];
  for (const event of events) lines.push('BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...event, 'END:VEVENT');
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

const compact = (date: string) => date.replaceAll('-', '');

describe('parseFeed: linear, bounded, the import window only', () => {
  test('each event is built once: the calendar is not scanned again per event', () => {
    const events = Array.from({ length: 300 }, (_, i) => [
      `UID:e-${i}`,
      `DTSTART;VALUE=DATE:${compact(addDays('2027-02-01', i))}`,
      `DTEND;VALUE=DATE:${compact(addDays('2027-02-01', i + 1))}`,
    ]);
    const scans = mock.method(ICAL.Component.prototype, 'getAllSubcomponents');
    try {
      assert.equal(parseFeed(calendar(events), options).length, 300);
    } finally {
      scans.mock.restore();
    }
    assert.ok(scans.mock.callCount() <= 3, `the calendar's events were listed ${scans.mock.callCount()} times`);
  });

  test("an exception belongs to its own series only, not to another series' occurrence at the same time", () => {
    const stays = parseFeed(
      calendar([
        ['UID:a', 'DTSTART;VALUE=DATE:20270201', 'DTEND;VALUE=DATE:20270202', 'RRULE:FREQ=WEEKLY;COUNT=3'],
        ['UID:b', 'DTSTART;VALUE=DATE:20270201', 'DTEND;VALUE=DATE:20270202', 'RRULE:FREQ=WEEKLY;COUNT=3'],
        ['UID:a', 'RECURRENCE-ID;VALUE=DATE:20270208', 'DTSTART;VALUE=DATE:20270210', 'DTEND;VALUE=DATE:20270212'],
      ]),
      options,
    );
    assert.deepEqual(nightsOf(stays.filter((s) => s.uid.startsWith('b/'))), [
      ['b/2027-02-01', '2027-02-01', '2027-02-02'],
      ['b/2027-02-08', '2027-02-08', '2027-02-09'],
      ['b/2027-02-15', '2027-02-15', '2027-02-16'],
    ]);
    assert.deepEqual(nightsOf(stays.filter((s) => s.uid.startsWith('a/'))), [
      ['a/2027-02-01', '2027-02-01', '2027-02-02'],
      ['a/2027-02-08', '2027-02-10', '2027-02-12'],
      ['a/2027-02-15', '2027-02-15', '2027-02-16'],
    ]);
  });

  test('a daily block since 2010 (and a weekly one since 1970) blocks every night up to the horizon', () => {
    const stays = parseFeed(
      calendar([
        [
          'UID:daily',
          'DTSTART;VALUE=DATE:20100101',
          'DTEND;VALUE=DATE:20100102',
          'RRULE:FREQ=DAILY',
          'SUMMARY:Blocked',
        ],
        ['UID:weekly', 'DTSTART;VALUE=DATE:19700105', 'DTEND;VALUE=DATE:19700107', 'RRULE:FREQ=WEEKLY;BYDAY=MO'],
      ]),
      options,
    );
    const daily = stays.filter((s) => s.uid.startsWith('daily/'));
    assert.equal(daily.length, 730, 'one night each, from today to the horizon');
    assert.deepEqual([daily[0]?.start, daily.at(-1)?.end], ['2027-01-10', '2029-01-09']);
    assert.ok(daily.every((s) => s.kind === 'not_available'));
    const weekly = stays.filter((s) => s.uid.startsWith('weekly/'));
    // 1970-01-05 is a Monday: every Monday and Tuesday night from the next Monday (today is a Sunday).
    assert.equal(weekly[0]?.start, '2027-01-11');
    assert.equal(weekly.length, 105);
    assert.ok(weekly.every((s) => new Date(`${s.start}T00:00:00Z`).getUTCDay() === 1));
  });

  test('a series fast-forwarded to the window yields what expanding it from its start yields (property)', () => {
    const ruleArb = fc.record({
      freq: fc.constantFrom('DAILY', 'WEEKLY', 'HOURLY'),
      // Not 7 or more: a daily rule every 7 days BYDAY another weekday has no occurrence, and
      // ical.js then never returns (the pull's time limit is what stops such a feed).
      interval: fc.integer({ min: 1, max: 6 }),
      startDaysBefore: fc.integer({ min: 0, max: 2500 }),
      hour: fc.integer({ min: 0, max: 23 }),
      allDay: fc.boolean(),
      lengthDays: fc.integer({ min: 0, max: 12 }),
      byDay: fc.subarray(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], { minLength: 0, maxLength: 3 }),
      byHour: fc.subarray([0, 6, 12, 18, 23], { minLength: 0, maxLength: 2 }),
      zone: fc.constantFrom(null, 'Europe/Berlin', 'America/New_York', 'UTC'),
      untilDaysAfter: fc.option(fc.integer({ min: -30, max: 900 })),
      movedDaysBefore: fc.option(fc.integer({ min: 1, max: 3000 })),
    });
    fc.assert(
      fc.property(ruleArb, fc.constantFrom('Europe/Berlin', 'Pacific/Auckland', 'UTC'), (r, timeZone) => {
        const today = '2027-01-10';
        const freq = r.allDay && r.freq === 'HOURLY' ? 'DAILY' : r.freq;
        // An hourly series walked from its start takes 24 steps a day: a year back is enough.
        const startDay = addDays(today, -(freq === 'HOURLY' ? r.startDaysBefore % 400 : r.startDaysBefore));
        const time = r.allDay ? '' : `T${String(r.hour).padStart(2, '0')}0000`;
        const at = (day: string) =>
          r.allDay
            ? `;VALUE=DATE:${compact(day)}`
            : r.zone === 'UTC'
              ? `:${compact(day)}${time}Z`
              : r.zone === null
                ? `:${compact(day)}${time}`
                : `;TZID=${r.zone}:${compact(day)}${time}`;
        const parts = [`FREQ=${freq}`, `INTERVAL=${r.interval}`];
        if (r.byDay.length > 0) parts.push(`BYDAY=${r.byDay.join(',')}`);
        if (!r.allDay && freq !== 'HOURLY' && r.byHour.length > 0) parts.push(`BYHOUR=${r.byHour.join(',')}`);
        if (r.untilDaysAfter !== null)
          parts.push(`UNTIL=${compact(addDays(today, r.untilDaysAfter))}${r.allDay ? '' : 'T235959Z'}`);
        const series = [
          'UID:s',
          `DTSTART${at(startDay)}`,
          `DTEND${at(addDays(startDay, r.lengthDays))}`,
          `RRULE:${parts.join(';')}`,
        ];
        const events = [series];
        if (r.movedDaysBefore !== null && r.movedDaysBefore <= r.startDaysBefore) {
          // Whatever occurrence lies there (if none, no parser uses the exception): moved to next week.
          const original = addDays(today, -r.movedDaysBefore);
          events.push([
            'UID:s',
            `RECURRENCE-ID${at(original)}`,
            `DTSTART${at(addDays(today, 7))}`,
            `DTEND${at(addDays(today, 9))}`,
          ]);
        }
        const text = calendar(events);
        const limits = { occurrences: 300_000, stays: 1_000_000, nights: 10_000_000 };
        const full = parseFeed(text, { timeZone, today, horizonDays: 120, limits, fastForward: false });
        const fast = parseFeed(text, { timeZone, today, horizonDays: 120, limits });
        assert.deepEqual(nightsOf(fast), nightsOf(full));
      }),
      { numRuns: 80 },
    );
  });

  test('over the occurrence limit (a minutely series), the feed is refused with a clear message', () => {
    const text = calendar([['UID:m', 'DTSTART:20260101T000000Z', 'DTEND:20260101T000100Z', 'RRULE:FREQ=MINUTELY']]);
    assert.throws(
      () => parseFeed(text, options),
      (error: unknown) => error instanceof FeedParseError && /more than 50000 occurrences/.test(error.message),
    );
  });

  test('over the stay and night limits, the feed is refused with a clear message', () => {
    const events = Array.from({ length: 30 }, (_, i) => [
      `UID:s-${i}`,
      `DTSTART;VALUE=DATE:${compact(addDays('2027-02-01', i))}`,
      `DTEND;VALUE=DATE:${compact(addDays('2027-02-01', i + 10))}`,
    ]);
    assert.throws(
      () => parseFeed(calendar(events), { ...options, limits: { stays: 20 } }),
      /more than 20 stays from today to the horizon/,
    );
    assert.throws(() => parseFeed(calendar(events), { ...options, limits: { nights: 250 } }), /more than 250 nights/);
    assert.equal(parseFeed(calendar(events), options).length, 30);
  });

  test('CR-only line ends', () => {
    const text = calendar([['UID:cr', 'DTSTART;VALUE=DATE:20270301', 'DTEND;VALUE=DATE:20270303']]).replaceAll(
      '\r\n',
      '\r',
    );
    assert.deepEqual(nightsOf(parseFeed(text, options)), [['cr', '2027-03-01', '2027-03-03']]);
  });

  test('an unreadable feed is refused with a message that quotes none of it (guest names, phones)', () => {
    const text = calendar([
      ['UID:x', 'DTSTART;VALUE=DATE:20270301', 'SUMMARY:Reserved'],
      ['UID:y', 'DESCRIPTION:Guest', 'Ada Lovelace +44 20 7946 0958', 'DTSTART;VALUE=DATE:20270305'],
    ]);
    assert.throws(
      () => parseFeed(text, options),
      (error: unknown) =>
        error instanceof FeedParseError &&
        error.message === 'unreadable iCalendar: line 14 is not a property' &&
        !/Lovelace|7946/.test(error.message),
    );
    const badDate = calendar([['UID:z', 'DTSTART;VALUE=DATE:Ada Lovelace', 'SUMMARY:+44 20 7946 0958']]);
    assert.throws(
      () => parseFeed(badDate, options),
      (error: unknown) => error instanceof FeedParseError && !/Lovelace|7946/.test(error.message),
    );
  });
});

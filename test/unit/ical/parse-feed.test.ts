import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { FeedParseError, parseFeed, type ImportedStay } from '../../../src/ical/parse-feed.ts';

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

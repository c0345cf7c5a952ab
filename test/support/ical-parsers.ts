import assert from 'node:assert/strict';
import ICAL from 'ical.js';
import nodeIcal from 'node-ical';

/** An exported calendar as a parser reads it. */
export interface ReadExport {
  name: string;
  events: { uid: string; summary: string; start: string; end: string }[];
}

function isoDay(date: Date): string {
  // node-ical makes a DATE value a local midnight.
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The name as node-ical 0.27 reads a correctly escaped value: it unescapes in passes, so a
 * backslash followed by `n` or `N` in the name reads as a backslash and a line break, and it drops
 * double quotes around a whole one-line value (a rule of parameter values). ical.js reads both as
 * written.
 */
function asNodeIcalReads(name: string): string {
  return name.replace(/\\[nN]/g, '\\\n').replace(/^"(.*)"$/, '$1');
}

function byUid(a: { uid: string }, b: { uid: string }): number {
  return a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
}

// ical.js reads properties it has no definition for as raw text (escapes kept); the calendar
// name (X-WR-CALNAME, and NAME of RFC 7986) is TEXT.
const icalProperties = ICAL.design.icalendar.property as Record<string, { defaultType: string } | undefined>;
icalProperties['x-wr-calname'] ??= { defaultType: 'text' };
icalProperties.name ??= { defaultType: 'text' };

function withIcalJs(text: string): ReadExport {
  const root = new ICAL.Component(ICAL.parse(text) as ConstructorParameters<typeof ICAL.Component>[0]);
  assert.equal(root.name, 'vcalendar');
  const name = root.getFirstPropertyValue('x-wr-calname');
  assert.equal(root.getFirstPropertyValue('name'), name, 'NAME and X-WR-CALNAME agree');
  const events = root.getAllSubcomponents('vevent').map((c) => {
    const event = new ICAL.Event(c, { exceptions: [] });
    assert.ok(event.startDate.isDate && event.endDate.isDate, 'all-day');
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
    };
  });
  return { name: typeof name === 'string' ? name : '', events: events.sort(byUid) };
}

function withNodeIcal(text: string): ReadExport {
  const parsed = nodeIcal.sync.parseICS(text);
  const events: ReadExport['events'] = [];
  let name = '';
  for (const item of Object.values(parsed)) {
    if (item === undefined) continue;
    if (item.type === 'VCALENDAR') {
      const value = (item as unknown as Record<string, unknown>)['WR-CALNAME'];
      name = typeof value === 'string' ? value : '';
    }
    if (item.type !== 'VEVENT') continue;
    assert.ok(item.end !== undefined);
    events.push({
      uid: item.uid,
      summary: typeof item.summary === 'string' ? item.summary : '',
      start: isoDay(item.start),
      end: isoDay(item.end),
    });
  }
  return { name, events: events.sort(byUid) };
}

/**
 * Reads an export with two independent parsers (ical.js and node-ical) and checks that they read
 * the same calendar, and that the text keeps RFC 5545's form: CRLF after every line (the last
 * too), no bare CR or LF, no line over 75 octets, every UID once.
 */
export function readExport(text: string): ReadExport {
  assert.ok(text.endsWith('\r\n'), 'the last line ends with CRLF');
  assert.ok(!/\r(?!\n)|(?<!\r)\n/.test(text), 'no bare CR or LF');
  for (const line of text.slice(0, -2).split('\r\n'))
    assert.ok(Buffer.byteLength(line) <= 75, `a line of at most 75 octets: ${line}`);
  assert.match(text, /^BEGIN:VCALENDAR\r\n/);
  assert.match(text, /\r\nEND:VCALENDAR\r\n$/);
  const first = withIcalJs(text);
  const second = withNodeIcal(text);
  assert.deepEqual(
    second,
    { ...first, name: asNodeIcalReads(first.name) },
    'ical.js and node-ical read the same calendar',
  );
  assert.equal(new Set(first.events.map((e) => e.uid)).size, first.events.length, 'every UID once');
  return first;
}

/** One taken stretch of nights as published to other channels: no guest data. */
export interface ExportStay {
  uid: string;
  summary: 'Reserved' | 'Not available';
  start: string;
  end: string;
}

export const PRODID = '-//Staydesk//Staydesk//EN';

/**
 * The iCalendar text of an accommodation's taken nights (RFC 5545): all-day events with the
 * exclusive end (DTEND is the checkout date), every line ended by CRLF, the last one too, and
 * folded at 75 octets.
 *
 * Written here rather than with ical-generator: version 11 writes the calendar name unescaped
 * (a newline in an accommodation's name ended the line, and `\r\nEND:VCALENDAR` the calendar)
 * and leaves the last line without CRLF. The calendar has two text values and four fixed
 * properties per event; the test of every export reads it back with ical.js and node-ical.
 */
export function exportCalendar(stays: readonly ExportStay[], options: { name: string; stamp: Date }): string {
  const name = escapeText(options.name);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${name}`,
    `X-WR-CALNAME:${name}`,
  ];
  const stamp = utcStamp(options.stamp);
  for (const stay of stays) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(stay.uid)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${stay.start.replaceAll('-', '')}`,
      `DTEND;VALUE=DATE:${stay.end.replaceAll('-', '')}`,
      `SUMMARY:${escapeText(stay.summary)}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map((line) => `${fold(line)}\r\n`).join('');
}

// Control characters a TEXT value may not hold (RFC 5545 3.3.11: every CONTROL but HTAB);
// line breaks are turned into `\n` before this applies.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/g;

/**
 * A TEXT value: `\`, `;` and `,` escaped, any line break written `\n` (the Unicode line and
 * paragraph separators too: node-ical ends a content line at them), other controls dropped.
 */
export function escapeText(value: string): string {
  return value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n|\u2028|\u2029/g, '\\n')
    .replace(CONTROL, '');
}

export function utcStamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

const MAX_OCTETS = 75;

/** Folds a content line at 75 octets, never inside a UTF-8 sequence (RFC 5545 3.1). */
export function fold(line: string): string {
  if (Buffer.byteLength(line) <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // Continuation lines start with a space, which counts towards their 75 octets.
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

import { ICalCalendar } from 'ical-generator';

/** One taken stretch of nights as published to other channels: no guest data. */
export interface ExportStay {
  uid: string;
  summary: 'Reserved' | 'Not available';
  start: string;
  end: string;
}

export const PRODID = { company: 'Staydesk', product: 'Staydesk', language: 'EN' };

function utcMidnight(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

/**
 * The iCalendar text of an accommodation's taken nights: all-day events with the exclusive end
 * (DTEND is the checkout date). Dates are given as UTC midnights and no calendar zone is set, so
 * the library writes the plain date.
 */
export function exportCalendar(stays: readonly ExportStay[], options: { name: string; stamp: Date }): string {
  const calendar = new ICalCalendar({ name: options.name, prodId: PRODID });
  for (const stay of stays) {
    calendar.createEvent({
      id: stay.uid,
      start: utcMidnight(stay.start),
      end: utcMidnight(stay.end),
      allDay: true,
      summary: stay.summary,
      stamp: options.stamp,
    });
  }
  return calendar.toString();
}

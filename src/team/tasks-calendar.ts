import { escapeText, fold, PRODID, utcStamp } from '../ical/export-calendar.ts';
import type { TaskView } from '../tasks/task-repository.ts';

/**
 * A user's tasks as iCalendar (pure): one event per task from its `due_from` to its `due_by`,
 * named by the home, marked when it is a same-day turnover, with how many guests come next;
 * a task ticked done is shown as such. Lines end with CRLF and are folded as the export's are.
 */
export function tasksCalendar(
  tasks: readonly TaskView[],
  homeNames: ReadonlyMap<number, string>,
  options: { name: string; stamp: Date; host: string },
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(options.name)}`,
    `X-WR-CALNAME:${escapeText(options.name)}`,
  ];
  const stamp = utcStamp(options.stamp);
  for (const task of tasks) {
    const home = homeNames.get(task.accommodation_id) ?? `Home ${task.accommodation_id}`;
    const summary = `${task.state === 'done' ? 'Done: ' : ''}Turnover ${home}${task.same_day ? ' (same day)' : ''}`;
    const next =
      task.next_arrival_on === null
        ? 'No arrival known yet.'
        : `Next arrival ${task.next_arrival_on}` +
          `${task.next_guest_count === null ? '' : `, ${task.next_guest_count} guest(s)`}.`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:task-${task.id}@${escapeText(options.host)}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcStamp(new Date(task.due_from))}`,
      `DTEND:${utcStamp(new Date(task.due_by))}`,
      `SUMMARY:${escapeText(summary)}`,
      `DESCRIPTION:${escapeText(next)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map((line) => `${fold(line)}\r\n`).join('');
}

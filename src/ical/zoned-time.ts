import { todayIn } from '../shared/dates.ts';

/** The calendar date of an instant in a zone. */
export function dateIn(instant: Date, timeZone: string): string {
  return todayIn(timeZone, instant);
}

export function isIanaZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

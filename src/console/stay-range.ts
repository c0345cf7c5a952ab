import { diffDays } from '../shared/dates.ts';
import type { Formatter } from './format.ts';

/**
 * A stay or a range of nights as a host reads it: arrival → departure and the number of nights,
 * e.g. "Sat, 3 Jul 2027 → Sat, 10 Jul 2027 (7 nights)". The departure day is not a night of the
 * range, so it is never written as its last day ("3 Jul – 10 Jul" reads as if 10 Jul were included).
 */
export function stayRange(f: Formatter, from: string, to: string): string {
  const nights = diffDays(from, to);
  return `${f.date(from)} → ${f.date(to)} (${nights} ${nights === 1 ? 'night' : 'nights'})`;
}

import type { ImportedStay } from './parse-feed.ts';
import type { StayKind } from './stay-kind.ts';

/** A reservation already imported from the feed. */
export interface StoredStay {
  id: number;
  uid: string;
  summary: string;
  kind: StayKind;
  start: string;
  end: string;
  /** The Staydesk stay this one mirrors (echoes.ts); null for a stay of the channel's own. */
  echoOf: string | null;
}

export interface StayUpdate {
  id: number;
  stay: ImportedStay;
}

/**
 * What a pull does to a feed's reservations. `added`, `changed` and `removed` are what the pull
 * reports and alerts on. `quiet` updates keep the stored row (its id, so its alerts and history)
 * and are not reported: a stay the channel gave a new UID with the same nights (Booking.com does
 * this), and a "Not available" stay whose end moved (Airbnb's booking window slides forward
 * every day).
 */
export interface StayDiff {
  added: ImportedStay[];
  changed: StayUpdate[];
  quiet: StayUpdate[];
  removed: StoredStay[];
  unchanged: StayUpdate[];
}

function sameNights(a: { start: string; end: string }, b: { start: string; end: string }): boolean {
  return a.start === b.start && a.end === b.end;
}

function isWindowMove(stored: StoredStay, stay: ImportedStay): boolean {
  return (
    stored.kind === 'not_available' &&
    stay.kind === 'not_available' &&
    stored.start === stay.start &&
    stored.end !== stay.end
  );
}

export function diffStays(stored: readonly StoredStay[], parsed: readonly ImportedStay[]): StayDiff {
  const diff: StayDiff = { added: [], changed: [], quiet: [], removed: [], unchanged: [] };
  const byUid = new Map(stored.map((s) => [s.uid, s]));
  const matched = new Set<number>();
  const unmatched: ImportedStay[] = [];

  for (const stay of parsed) {
    const old = byUid.get(stay.uid);
    if (old === undefined || matched.has(old.id)) {
      unmatched.push(stay);
      continue;
    }
    matched.add(old.id);
    if (sameNights(old, stay) && old.summary === stay.summary) diff.unchanged.push({ id: old.id, stay });
    else if ((sameNights(old, stay) && old.kind === stay.kind) || isWindowMove(old, stay))
      diff.quiet.push({ id: old.id, stay });
    else diff.changed.push({ id: old.id, stay });
  }

  // A new UID: the same stay re-keyed (same nights), or the sliding window; else a new stay.
  const free = (): StoredStay[] => stored.filter((s) => !matched.has(s.id));
  for (const stay of unmatched) {
    const candidates = free();
    const twin = candidates.find((s) => sameNights(s, stay)) ?? candidates.find((s) => isWindowMove(s, stay));
    if (twin === undefined) {
      diff.added.push(stay);
      continue;
    }
    matched.add(twin.id);
    diff.quiet.push({ id: twin.id, stay });
  }

  diff.removed = free();
  return diff;
}

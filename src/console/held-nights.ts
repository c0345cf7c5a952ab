import type { Executor } from '../db/store.ts';
import { addDays } from '../shared/dates.ts';
import { liveClaim } from '../occupancy/night-ledger.ts';

/**
 * Who holds the nights of a stay the host is about to book, as the console's quote says it: the
 * host sees every booking's code (it is the host's own desk), a block with its reason, and a stay
 * imported from a channel (or nights the channel closed) by its feed.
 */

export type NightHolder =
  | { kind: 'booking'; bookingId: number; code: string }
  | { kind: 'block'; reason: string | null }
  | { kind: 'import'; feed: string; closed: boolean };

/** Consecutive nights one holder holds: [from, to), `to` being the day after the last night. */
export interface HeldRun {
  from: string;
  to: string;
  holder: NightHolder;
}

/** One taken night as the store has it. */
export interface HeldNight {
  night: string;
  kind: 'booking' | 'block' | 'external';
  booking_id: number | null;
  confirmation_code: string | null;
  reason: string | null;
  feed: string | null;
  import_kind: 'reserved' | 'not_available' | null;
}

function holderOf(n: HeldNight): NightHolder {
  switch (n.kind) {
    case 'booking':
      return { kind: 'booking', bookingId: n.booking_id ?? 0, code: n.confirmation_code ?? '' };
    case 'block':
      return { kind: 'block', reason: n.reason };
    case 'external':
      return { kind: 'import', feed: n.feed ?? 'another channel', closed: n.import_kind === 'not_available' };
  }
}

const sameHolder = (a: NightHolder, b: NightHolder) => JSON.stringify(a) === JSON.stringify(b);

/** Taken nights (sorted by night) as runs of consecutive nights with the same holder. Pure. */
export function heldRuns(nights: readonly HeldNight[]): HeldRun[] {
  const runs: HeldRun[] = [];
  for (const n of nights) {
    const holder = holderOf(n);
    const last = runs.at(-1);
    if (last !== undefined && last.to === n.night && sameHolder(last.holder, holder)) last.to = addDays(n.night, 1);
    else runs.push({ from: n.night, to: addDays(n.night, 1), holder });
  }
  return runs;
}

/** The nights of [from, to) of an accommodation that are taken now (a draft past its hold holds none). */
export async function nightsHeld(
  db: Executor,
  accommodationId: number,
  from: string,
  to: string,
  now: Date,
): Promise<HeldRun[]> {
  const rows = await db
    .selectFrom('night_claims as c')
    .leftJoin('bookings as b', 'b.id', 'c.booking_id')
    .leftJoin('external_reservations as r', 'r.id', 'c.external_reservation_id')
    .leftJoin('external_feeds as f', 'f.id', 'r.feed_id')
    .select([
      'c.night',
      'c.kind',
      'c.booking_id',
      'b.confirmation_code',
      'c.reason',
      'f.name as feed',
      'r.kind as import_kind',
    ])
    .where('c.accommodation_id', '=', accommodationId)
    .where('c.night', '>=', from)
    .where('c.night', '<', to)
    .where(liveClaim(now.toISOString()))
    .orderBy('c.night')
    .execute();
  return heldRuns(rows);
}

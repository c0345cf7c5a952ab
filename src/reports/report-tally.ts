/**
 * What a report counts for one accommodation (or currency) over one stretch of nights: sums only,
 * so the tallies of months add up to those of a year or a whole range, and those of the
 * accommodations of one currency to its totals. Rates and averages are derived from the sums at
 * the end (report-figures.ts). Pure.
 */

export interface SourceTally {
  bookings: number;
  cancellations: number;
}

export interface Tally {
  nights: number;
  nightsBlocked: number;
  nightsBooked: number;
  nightsImported: number;
  /** Minor units of the accommodation's currency. */
  revenue: number;
  bookings: number;
  cancellations: number;
  /** Days from booking to arrival, summed over the bookings that have a booking date. */
  leadTimeDays: number;
  leadTimeCount: number;
  /** Nights of the stays counted in `bookings`, summed. */
  stayNights: number;
  stayCount: number;
  sources: Map<string, SourceTally>;
}

export function emptyTally(nights = 0): Tally {
  return {
    nights,
    nightsBlocked: 0,
    nightsBooked: 0,
    nightsImported: 0,
    revenue: 0,
    bookings: 0,
    cancellations: 0,
    leadTimeDays: 0,
    leadTimeCount: 0,
    stayNights: 0,
    stayCount: 0,
    sources: new Map(),
  };
}

export function sourceTally(tally: Tally, source: string): SourceTally {
  let counts = tally.sources.get(source);
  if (counts === undefined) {
    counts = { bookings: 0, cancellations: 0 };
    tally.sources.set(source, counts);
  }
  return counts;
}

/** Adds `other` into `into`. */
export function addTally(into: Tally, other: Tally): void {
  into.nights += other.nights;
  into.nightsBlocked += other.nightsBlocked;
  into.nightsBooked += other.nightsBooked;
  into.nightsImported += other.nightsImported;
  into.revenue += other.revenue;
  into.bookings += other.bookings;
  into.cancellations += other.cancellations;
  into.leadTimeDays += other.leadTimeDays;
  into.leadTimeCount += other.leadTimeCount;
  into.stayNights += other.stayNights;
  into.stayCount += other.stayCount;
  for (const [source, counts] of other.sources) {
    const mine = sourceTally(into, source);
    mine.bookings += counts.bookings;
    mine.cancellations += counts.cancellations;
  }
}

export function sumTallies(tallies: Iterable<Tally>): Tally {
  const sum = emptyTally();
  for (const tally of tallies) addTally(sum, tally);
  return sum;
}

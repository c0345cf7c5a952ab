/**
 * The occupancy report recomputed the plain way, for tests to hold src/reports against: every
 * night of the range is walked one by one, every booking's total is cut into an explicit list of
 * nightly shares, and dates are stepped with Date in UTC. Nothing here is shared with the code
 * under test, so a mistake in one is not repeated in the other. Slow on purpose.
 */

export interface OracleAccommodation {
  id: number;
  name: string;
  currency: string;
  timezone: string;
}

export interface OracleBooking {
  accommodation_id: number;
  status: string;
  source: string;
  checkin: string;
  checkout: string;
  total: number;
  created_at: string;
  confirmed_at: string | null;
}

export interface OracleInput {
  from: string;
  to: string;
  group: 'month' | 'year' | null;
  accommodations: readonly OracleAccommodation[];
  bookings: readonly OracleBooking[];
  /**
   * Every claimed night of blocks and imported stays (other kinds are ignored); `closed`: the
   * night of an imported "Not available" event, which is the host's block, not a stay.
   */
  claims: readonly { accommodation_id: number; night: string; kind: string; closed?: boolean }[];
  /** Every imported event; only stays of their own count (not an echo, not "Not available"). */
  importedStays: readonly {
    accommodation_id: number;
    source: string;
    start_date: string;
    end_date: string;
    kind?: string;
    echo_of?: string | null;
  }[];
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

function nightsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = dayNumber(from); day < dayNumber(to); day++) out.push(dateOf(day));
  return out;
}

/** p / q rounded half away from zero, to `decimals` places, as a number; 0 when q is 0. */
function rounded(p: bigint, q: bigint, decimals: number): number {
  if (q === 0n) return 0;
  const scaled = p * 10n ** BigInt(decimals);
  const negative = scaled < 0n !== q < 0n;
  const a = scaled < 0n ? -scaled : scaled;
  const b = q < 0n ? -q : q;
  const whole = (2n * a + b) / (2n * b);
  return Number(`${negative && whole !== 0n ? '-' : ''}${whole}e-${decimals}`);
}

/** The share of each night: total / nights rounded half away from zero, the rest on the last. */
function shares(total: number, nights: number): number[] {
  const each = Math.sign(total) * Math.round(Math.abs(total) / nights);
  const list = Array.from({ length: nights }, () => each);
  list[nights - 1] = total - each * (nights - 1);
  return list;
}

const decimalsOf = (currency: string): number =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

function localDate(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );
}

interface Counters {
  nights: number;
  blocked: number;
  booked: number;
  imported: number;
  revenue: number;
  bookings: number;
  cancellations: number;
  lead: number;
  leadCount: number;
  stay: number;
  stayCount: number;
  sources: Record<string, { bookings: number; cancellations: number }>;
}

const fresh = (): Counters => ({
  nights: 0,
  blocked: 0,
  booked: 0,
  imported: 0,
  revenue: 0,
  bookings: 0,
  cancellations: 0,
  lead: 0,
  leadCount: 0,
  stay: 0,
  stayCount: 0,
  sources: {},
});

function add(into: Counters, c: Counters): void {
  for (const k of Object.keys(c) as (keyof Counters)[]) {
    if (k !== 'sources') into[k] += c[k];
  }
  for (const [source, n] of Object.entries(c.sources)) {
    const mine = (into.sources[source] ??= { bookings: 0, cancellations: 0 });
    mine.bookings += n.bookings;
    mine.cancellations += n.cancellations;
  }
}

function figures(c: Counters, currency: string) {
  const available = c.nights - c.blocked;
  const minor = 10n ** BigInt(decimalsOf(currency));
  return {
    nights: c.nights,
    nights_blocked: c.blocked,
    nights_available: available,
    nights_booked: c.booked,
    nights_imported: c.imported,
    occupancy_rate: rounded(BigInt(c.booked + c.imported), BigInt(available), 4),
    revenue: rounded(BigInt(c.revenue), minor, decimalsOf(currency)),
    adr: rounded(BigInt(c.revenue), BigInt(c.booked) * minor, 2),
    revpar: rounded(BigInt(c.revenue), BigInt(available) * minor, 2),
    bookings: c.bookings,
    cancellations: c.cancellations,
    avg_lead_time_days: rounded(BigInt(c.lead), BigInt(c.leadCount), 2),
    avg_length_of_stay: rounded(BigInt(c.stay), BigInt(c.stayCount), 2),
    sources: Object.entries(c.sources)
      .map(([source, n]) => ({ source, bookings: n.bookings, cancellations: n.cancellations }))
      .sort((a, b) => b.bookings - a.bookings || (a.source < b.source ? -1 : 1)),
  };
}

export type ExpectedReport = ReturnType<typeof expectedReport>;

export function expectedReport(input: OracleInput) {
  const inRange = (d: string) => d >= input.from && d < input.to;
  const keyOf = (night: string) =>
    input.group === 'month' ? night.slice(0, 7) : input.group === 'year' ? night.slice(0, 4) : 'all';
  const rangeNights = nightsBetween(input.from, input.to);
  const periodKeys = [...new Set(rangeNights.map(keyOf))];
  const bounds = (key: string) => {
    const nights = rangeNights.filter((n) => keyOf(n) === key);
    return { from: nights[0] ?? input.from, to: dateOf(dayNumber(nights.at(-1) ?? input.from) + 1) };
  };

  // counters[accommodation id][period key]
  const counters = new Map<number, Map<string, Counters>>();
  for (const a of input.accommodations) counters.set(a.id, new Map(periodKeys.map((k) => [k, fresh()])));
  const at = (accommodationId: number, night: string) => counters.get(accommodationId)?.get(keyOf(night));

  for (const a of input.accommodations) {
    for (const night of rangeNights) {
      const c = at(a.id, night);
      if (c === undefined) continue;
      c.nights += 1;
      for (const claim of input.claims) {
        if (claim.accommodation_id !== a.id || claim.night !== night) continue;
        if (claim.kind === 'block' || (claim.kind === 'external' && claim.closed === true)) c.blocked += 1;
        else if (claim.kind === 'external') c.imported += 1;
      }
    }
  }
  for (const b of input.bookings) {
    const booked = b.status === 'confirmed' || b.status === 'modified';
    if (booked) {
      const nights = nightsBetween(b.checkin, b.checkout);
      const share = shares(b.total, nights.length);
      nights.forEach((night, i) => {
        const c = inRange(night) ? at(b.accommodation_id, night) : undefined;
        if (c === undefined) return;
        c.booked += 1;
        c.revenue += share[i] ?? 0;
      });
    }
    const c = inRange(b.checkin) ? at(b.accommodation_id, b.checkin) : undefined;
    if (c === undefined) continue;
    if (booked) {
      const zone = input.accommodations.find((a) => a.id === b.accommodation_id)?.timezone ?? 'UTC';
      c.bookings += 1;
      (c.sources[b.source] ??= { bookings: 0, cancellations: 0 }).bookings += 1;
      c.stay += nightsBetween(b.checkin, b.checkout).length;
      c.stayCount += 1;
      c.lead += nightsBetween(localDate(b.created_at, zone), b.checkin).length;
      c.leadCount += 1;
    } else if (b.status === 'cancelled' && b.confirmed_at !== null) {
      c.cancellations += 1;
      (c.sources[b.source] ??= { bookings: 0, cancellations: 0 }).cancellations += 1;
    }
  }
  for (const s of input.importedStays) {
    if (s.kind === 'not_available' || (s.echo_of ?? null) !== null) continue;
    const c = inRange(s.start_date) ? at(s.accommodation_id, s.start_date) : undefined;
    if (c === undefined) continue;
    c.bookings += 1;
    c.stay += nightsBetween(s.start_date, s.end_date).length;
    c.stayCount += 1;
    (c.sources[s.source] ??= { bookings: 0, cancellations: 0 }).bookings += 1;
  }

  const row = (byPeriod: Map<string, Counters>, currency: string) => {
    const whole = fresh();
    for (const c of byPeriod.values()) add(whole, c);
    return {
      ...figures(whole, currency),
      ...(input.group === null
        ? {}
        : {
            periods: periodKeys.map((key) => ({
              period: key,
              ...bounds(key),
              ...figures(byPeriod.get(key) ?? fresh(), currency),
            })),
          }),
    };
  };
  const currencies = [...new Set(input.accommodations.map((a) => a.currency))].sort();
  return {
    from: input.from,
    to: input.to,
    group: input.group,
    accommodations: input.accommodations.map((a) => ({
      id: a.id,
      name: a.name,
      currency: a.currency,
      ...row(counters.get(a.id) ?? new Map<string, Counters>(), a.currency),
    })),
    totals: currencies.map((currency) => {
      const byPeriod = new Map(periodKeys.map((k) => [k, fresh()]));
      for (const a of input.accommodations.filter((x) => x.currency === currency)) {
        for (const [key, c] of counters.get(a.id) ?? []) add(byPeriod.get(key) ?? fresh(), c);
      }
      return { currency, ...row(byPeriod, currency) };
    }),
  };
}

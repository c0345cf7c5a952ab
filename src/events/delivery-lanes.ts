/**
 * Fair delivery (docs/decisions.md#partner-events): each endpoint is a lane of its own. A worker
 * sends at most one batch to an endpoint at a time, takes the endpoints whose first due delivery
 * has waited longest first, and keeps more lanes than a key may have endpoints, so the slow or
 * failing endpoints of one key hold only their own lanes and never the others'.
 */

/** Deliveries of one endpoint claimed at once and sent together (one lane's batch). */
export const LANE_BATCH = 25;

/** How many endpoints one process sends to at once: more than a key may have, and at least 32. */
export function laneCount(endpointsPerKey: number): number {
  return Math.max(32, 4 * endpointsPerKey);
}

/** A due delivery, as the order of lanes needs it. */
export interface DueRow {
  id: number;
  next_attempt_at: string;
}

/** Which of two due deliveries came due first (the lower id first among those due at once). */
export function cameDueFirst(a: DueRow, b: DueRow): number {
  if (a.next_attempt_at !== b.next_attempt_at) return a.next_attempt_at < b.next_attempt_at ? -1 : 1;
  return a.id - b.id;
}

/**
 * The lanes to fill among `open` (endpoints, each with its due deliveries in the order they came
 * due): the `lanes` endpoints whose first due delivery came due first, in that order.
 */
export function pickLanes<T extends { due: readonly DueRow[] }>(open: readonly T[], lanes: number): T[] {
  return open
    .filter((endpoint) => endpoint.due.length > 0)
    .sort((a, b) => cameDueFirst(a.due[0] as DueRow, b.due[0] as DueRow))
    .slice(0, Math.max(0, lanes));
}

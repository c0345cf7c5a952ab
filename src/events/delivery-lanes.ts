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

/** How many due deliveries a claim looks at to fill `endpoints` lanes (more rows, more endpoints found). */
export function candidateWindow(endpoints: number): number {
  return Math.min(1000, endpoints * LANE_BATCH);
}

/**
 * The deliveries to claim from `candidates` (due, in the order they came due): those of the first `endpoints`
 * endpoints met, at most `perEndpoint` of each, in the order met; and how many endpoints that is.
 */
export function pickLanes(
  candidates: readonly { id: number; endpoint_id: number }[],
  endpoints: number,
  perEndpoint: number,
): { ids: number[]; endpoints: number } {
  const taken = new Map<number, number>();
  const picked: number[] = [];
  for (const { id, endpoint_id } of candidates) {
    const count = taken.get(endpoint_id);
    if (count === undefined && taken.size >= endpoints) continue;
    if ((count ?? 0) >= perEndpoint) continue;
    taken.set(endpoint_id, (count ?? 0) + 1);
    picked.push(id);
  }
  return { ids: picked, endpoints: taken.size };
}

import type { Config } from '../config/config.ts';
import type { Db, Executor } from '../db/store.ts';
import { isPostgres } from '../db/dialect.ts';
import {
  claimDueDeliveries,
  markAttemptFailed,
  markDelivered,
  type Commit,
  type DueDelivery,
} from '../events/delivery-repository.ts';
import type { AttemptResult } from '../events/attempt-result.ts';
import { eventBodyText } from '../events/event-body.ts';
import { eventIdOf } from '../events/event-types.ts';
import { setEndpointStatus, signingSecrets } from '../events/endpoint-repository.ts';
import { failedTooLong, nextAttemptAfter, RETRIES } from '../events/retry-schedule.ts';
import { signedHeaders } from '../events/standard-webhooks.ts';
import { queueHostMail } from '../mail/host-mail.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../ops/metrics.ts';
import { mapLimit } from '../shared/map-limit.ts';
import { LANE_BATCH, laneCount } from '../events/delivery-lanes.ts';
import { coalesceCalendarChanges, type Send } from '../events/coalesce-calendar-changes.ts';
import { SEND_TIMEOUT_MS, sendEvent } from './send-event.ts';

export interface EventDeliveryDeps {
  db: Db;
  config: Pick<Config, 'allowPrivateNetworks' | 'endpointsPerKey'>;
  metrics: Pick<Metrics, 'eventsQueued' | 'eventDeliveries' | 'eventLatency'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now(): Date;
  /**
   * Runs the worker's transactions (Store.commitUnflushed: their commits, leases and answers that
   * at-least-once delivery repeats when lost, are not waited onto disk); by default a transaction
   * of their own.
   */
  commit?: Commit;
  /** Names this process in event_deliveries.locked_by. */
  worker: string;
  /** Tests shorten the 10 s answer timeout. */
  timeoutMs?: number;
  /** While lanes are in flight, how often a run looks for deliveries that came due (a retry's time). */
  pollMs?: number;
  /** Tests lengthen the time between claims while lanes are in flight (CLAIM_GATHER_MS). */
  claimGatherMs?: number;
}

/** A delivered one, as the statement that records it needs it. */
interface Delivered {
  id: number;
  endpointId: number;
  failing: boolean;
}

// A lane's batch is sent at once, well within its lease, or a second worker could send it again
// (which at least once allows, but needlessly): every delivery of it timing out, twice over.
const LEASE_MS = SEND_TIMEOUT_MS * 2 * 4;
const COUNT_QUEUED_EVERY_MS = 5_000;
const POLL_MS = 1_000;
/**
 * While lanes are in flight, a claim waits until this long after the last one began, whether a
 * lane ended or deliveries were queued: one claim for the bookings of those milliseconds, not
 * one each (docs/benchmarks.md, "Partner events").
 */
const CLAIM_GATHER_MS = 40;

/**
 * The event delivery worker (docs/decisions.md#partner-events), run on every process: it claims
 * due deliveries (each by one process, under a lease), signs and sends them, and records each
 * answer. A 2xx delivers; anything else is tried again on the retry schedule, and an endpoint
 * that has failed for three days is disabled and the host mailed.
 *
 * Fair per endpoint (src/events/delivery-lanes.ts): each endpoint is a lane that has at most one
 * batch in flight; a run fills the free lanes, and claims again when a lane ends or deliveries
 * are queued (`wake`), no sooner than CLAIM_GATHER_MS after its last claim, so an endpoint that
 * answers slowly or not at all holds its own lane only, and the others' deliveries go out meanwhile.
 */
export function createEventDelivery(deps: EventDeliveryDeps) {
  let countedAt = 0;
  const commit: Commit = deps.commit ?? ((work) => deps.db.transaction().execute(work));

  async function countQueued(): Promise<void> {
    if (Date.now() - countedAt < COUNT_QUEUED_EVERY_MS) return;
    countedAt = Date.now();
    const row = await deps.db
      .selectFrom('event_deliveries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    deps.metrics.eventsQueued.set(Number(row?.n ?? 0));
  }

  /**
   * One attempt, signed at the moment it leaves; nothing is written yet. Its answer is every
   * delivery's it carries (calendar changes coalesced: src/events/coalesce-calendar-changes.ts).
   */
  async function send(outgoing: Send<DueDelivery>) {
    const now = deps.now();
    const [first] = outgoing.deliveries;
    if (first === undefined) return [];
    const secrets = signingSecrets(first, now);
    const id = eventIdOf(outgoing.eventId);
    const body = eventBodyText(outgoing.eventId, outgoing.payload);
    const headers = signedHeaders(secrets, id, Math.floor(now.getTime() / 1000), body);
    const result = await sendEvent(first.url, headers, body, {
      allowPrivate: deps.config.allowPrivateNetworks,
      timeoutMs: deps.timeoutMs,
    });
    return outgoing.deliveries.map((delivery) => ({ delivery, result }));
  }

  /**
   * Records a batch's answers together: deliveries that met the same answer in one statement (on
   * PostgreSQL outside any transaction when that is all there is to write; else in one transaction,
   * one commit, not one per delivery). Returns the endpoints that have now failed for too long. A
   * crash before this is written sends the batch again once its lease runs out: at least once,
   * with the same webhook-ids.
   */
  async function record(sent: Awaited<ReturnType<typeof send>>): Promise<DueDelivery[]> {
    const now = deps.now();
    const tooLong: DueDelivery[] = [];
    const answers = new Map<string, { result: AttemptResult; deliveries: Delivered[] }>();
    const failed = sent.filter((s) => !s.result.ok);
    // A success ends an endpoint's failure streak, whether it began before this batch or in it
    // (its failures are written first, so a streak they start is ended by its successes).
    const streaks = new Set([
      ...sent.filter((s) => s.delivery.failing_since !== null).map((s) => s.delivery.endpoint_id),
      ...failed.map((s) => s.delivery.endpoint_id),
    ]);
    const succeeded = new Set(sent.filter((s) => s.result.ok).map((s) => s.delivery.endpoint_id));
    for (const { delivery, result } of sent) {
      if (!result.ok) continue;
      const same = `${String(result.status)}\n${result.response ?? ''}`;
      const group = answers.get(same) ?? { result, deliveries: [] };
      group.deliveries.push({
        id: delivery.id,
        endpointId: delivery.endpoint_id,
        failing: streaks.has(delivery.endpoint_id),
      });
      answers.set(same, group);
    }
    const write = async (db: Executor) => {
      for (const { delivery, result } of failed) {
        const attempts = delivery.attempts + 1;
        const nextAttemptAt = nextAttemptAfter(attempts, now);
        const { failingSince } = await markAttemptFailed(
          db,
          { id: delivery.id, endpointId: delivery.endpoint_id, attempts },
          deps.worker,
          { ...result, nextAttemptAt },
          now,
        );
        if (failedTooLong(failingSince, now) && !succeeded.has(delivery.endpoint_id))
          tooLong.push({ ...delivery, failing_since: failingSince });
      }
      for (const { result, deliveries } of answers.values())
        await markDelivered(db, deliveries, deps.worker, result, now);
    };
    const oneStatement =
      isPostgres(deps.db) &&
      failed.length === 0 &&
      answers.size === 1 &&
      sent.every((s) => s.delivery.failing_since === null);
    if (oneStatement) await write(deps.db);
    else if (sent.length > 0) await commit(write);
    for (const { delivery, result } of sent) {
      if (result.ok) {
        deps.metrics.eventDeliveries.labels('delivered').inc();
        deps.metrics.eventLatency.observe((Date.now() - Date.parse(delivery.created_at)) / 1000);
        continue;
      }
      const attempts = delivery.attempts + 1;
      const last = attempts > RETRIES;
      deps.metrics.eventDeliveries.labels(last ? 'failed' : 'retry').inc();
      deps.log.warn(
        { delivery_id: delivery.id, endpoint_id: delivery.endpoint_id, attempts, err: result.error },
        last ? 'event delivery failed for good' : 'event delivery failed; will retry',
      );
    }
    return tooLong;
  }

  async function disable(delivery: DueDelivery): Promise<void> {
    const failingSince = delivery.failing_since;
    const now = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      const endpoint = await setEndpointStatus(trx, delivery.endpoint_id, 'disabled', now);
      if (endpoint === undefined) return;
      await queueHostMail(
        trx,
        {
          template: 'endpoint_disabled',
          subject: `Event endpoint disabled: ${endpoint.url}`,
          paragraphs: [
            `Every delivery to the event endpoint ${endpoint.url} (API key ${endpoint.api_key_id}) ` +
              `has failed since ${failingSince ?? 'some time'}, so it has been disabled; ` +
              "its events are kept for the key's catch-up feed.",
            'Once the partner has fixed its receiver, resume the endpoint in the console ' +
              'or with POST /admin/api/webhook-endpoints/:id/resume.',
          ],
        },
        now,
      );
    });
    deps.log.error({ endpoint_id: delivery.endpoint_id }, 'event endpoint disabled after failing for three days');
  }

  /** Endpoint id → its lane's batch in flight. */
  const lanes = new Map<number, Promise<void>>();
  const maxLanes = laneCount(deps.config.endpointsPerKey);
  /**
   * Ends the wait between claims once CLAIM_GATHER_MS have passed since the last began: a lane
   * ended, or deliveries were queued.
   */
  let nudge: (() => void) | null = null;
  let woken = false;
  /** When the last claim began (performance.now()); -Infinity after one that filled a lane. */
  let claimedAt = -Infinity;

  /** Sends one endpoint's batch and records the answers. */
  async function sendLane(batch: DueDelivery[], tally: { delivered: number; failed: number }): Promise<void> {
    const sent = (await mapLimit(coalesceCalendarChanges(batch), LANE_BATCH, send)).flat();
    const tooLong = await record(sent);
    for (const endpoint of new Map(tooLong.map((d) => [d.endpoint_id, d])).values()) await disable(endpoint);
    tally.delivered += sent.filter((s) => s.result.ok).length;
    tally.failed += sent.filter((s) => !s.result.ok).length;
  }

  /** Claims batches for the free lanes and starts them; returns how many deliveries it claimed. */
  async function fillLanes(tally: { delivered: number; failed: number }, faults: unknown[]): Promise<number> {
    let claimed = 0;
    let filled = false;
    claimedAt = performance.now();
    while (lanes.size < maxLanes) {
      const claim = await claimDueDeliveries(
        deps.db,
        {
          worker: deps.worker,
          now: deps.now(),
          leaseMs: LEASE_MS,
          endpoints: maxLanes - lanes.size,
          perEndpoint: LANE_BATCH,
          busy: [...lanes.keys()],
        },
        commit,
      );
      const batch = claim.deliveries;
      if (batch.length === 0) break;
      claimed += batch.length;
      const byEndpoint = Map.groupBy(batch, (d) => d.endpoint_id);
      filled ||= [...byEndpoint.values()].some((deliveries) => deliveries.length >= LANE_BATCH);
      for (const [endpointId, deliveries] of byEndpoint) {
        const lane = sendLane(deliveries, tally)
          .catch((error: unknown) => {
            // Its deliveries stay leased and go out again once the lease runs out.
            faults.push(error);
          })
          .finally(() => {
            lanes.delete(endpointId);
            nudge?.();
          });
        lanes.set(endpointId, lane);
      }
      // Every endpoint with something due now has its lane: a claim finds more once one ends.
      if (!claim.more) break;
    }
    // A full lane may have left more of its endpoint's deliveries due: a backlog drains at once.
    if (filled) claimedAt = -Infinity;
    return claimed;
  }

  /**
   * Resolves once the worker may claim again: when a lane ends or it is woken (`wokenBefore`: it
   * was woken while it claimed), but not before CLAIM_GATHER_MS after its last claim began, so
   * that one claim takes what those milliseconds queued (at once when that claim filled a lane: a
   * backlog is drained as fast as its lanes go); or once `pollMs` has passed.
   */
  function nextNudge(wokenBefore: boolean): Promise<void> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const at = (ms: number) => {
        clearTimeout(timer);
        timer = setTimeout(done, Math.max(0, ms));
      };
      const soon = () => {
        nudge = null;
        at(claimedAt + (deps.claimGatherMs ?? CLAIM_GATHER_MS) - performance.now());
      };
      function done() {
        clearTimeout(timer);
        nudge = null;
        resolve();
      }
      if (wokenBefore) soon();
      else {
        at(deps.pollMs ?? POLL_MS);
        nudge = soon;
      }
    });
  }

  return {
    /**
     * Delivers what is due, lane by lane; resolves once nothing is in flight and nothing more is
     * due. With `signal` aborted it claims nothing more and waits for the lanes in flight. A
     * store fault met on the way is thrown once the lanes in flight have ended.
     */
    run: async (signal?: AbortSignal): Promise<{ delivered: number; failed: number }> => {
      const tally = { delivered: 0, failed: 0 };
      const faults: unknown[] = [];
      try {
        for (;;) {
          await countQueued();
          woken = false;
          const claimed = signal?.aborted === true || faults.length > 0 ? 0 : await fillLanes(tally, faults);
          if (lanes.size === 0 && claimed === 0 && !woken) break;
          if (lanes.size > 0) await nextNudge(woken);
        }
      } finally {
        await Promise.all(lanes.values());
      }
      if (faults.length > 0) throw faults[0];
      return tally;
    },
    /**
     * Deliveries were queued: a run in progress claims them CLAIM_GATHER_MS after its last claim
     * began (at once if that has passed) rather than at its next poll.
     */
    wake: (): void => {
      woken = true;
      nudge?.();
    },
  };
}

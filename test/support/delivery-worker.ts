import { createEventDelivery, type EventDeliveryDeps } from '../../src/endpoints/deliver-events.ts';
import type { TestApp } from './test-app.ts';

const silent = { warn: () => undefined, error: () => undefined };

/**
 * The event delivery worker on a test app's store and clock, logging nothing, named `worker` in the
 * leases it takes; `deps` adds to its dependencies or replaces them.
 */
export function deliveryWorker(t: TestApp, worker: string, deps: Partial<EventDeliveryDeps> = {}) {
  return createEventDelivery({
    db: t.ctx.db,
    config: t.ctx.config,
    metrics: t.ctx.metrics,
    log: silent,
    now: () => t.ctx.now(),
    worker,
    ...deps,
  });
}

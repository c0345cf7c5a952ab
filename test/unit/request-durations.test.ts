import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Histogram, Registry } from 'prom-client';
import { REQUEST_DURATION_BUCKETS, RequestDurations } from '../../src/ops/request-durations.ts';

/** The same observations through prom-client's own Histogram, the format /metrics promised before. */
function promClientText(
  observations: ReadonlyArray<{ method: string; route: string; status: number; seconds: number }>,
): Promise<string> {
  const registry = new Registry();
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [...REQUEST_DURATION_BUCKETS],
    registers: [registry],
  });
  for (const o of observations)
    histogram.observe({ method: o.method, route: o.route, status_code: String(o.status) }, o.seconds);
  return registry.metrics();
}

function ownText(
  observations: ReadonlyArray<{ method: string; route: string; status: number; seconds: number }>,
): Promise<string> {
  const registry = new Registry();
  const durations = new RequestDurations(registry);
  for (const o of observations) durations.record(o.method, o.route, o.status, o.seconds);
  return registry.metrics();
}

const observation = fc.record({
  method: fc.constantFrom('GET', 'POST', 'DELETE'),
  route: fc.constantFrom('/healthz', '/api/v1/staydesk/availability', '/admin/api/bookings/:id', 'unknown'),
  status: fc.constantFrom(200, 201, 400, 404, 409, 503),
  // Bounds themselves included: a value equal to a bound counts in that bucket.
  seconds: fc.oneof(fc.constantFrom(...REQUEST_DURATION_BUCKETS, 0, 3), fc.double({ min: 0, max: 5, noNaN: true })),
});

test('/metrics text of request durations is what prom-client would print for the same observations', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
      assert.equal(await ownText(observations), await promClientText(observations));
    }),
    { numRuns: 200 },
  );
});

test('reset forgets every series', async () => {
  const registry = new Registry();
  const durations = new RequestDurations(registry);
  durations.record('GET', '/healthz', 200, 0.002);
  registry.resetMetrics();
  assert.doesNotMatch(await registry.metrics(), /http_request_duration_seconds_count/);
});

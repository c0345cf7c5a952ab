import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import {
  createClient,
  StaydeskError,
  verifyEvent,
  type CreateBookingRequest,
} from '../../packages/client/src/index.ts';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { createCliStore, type CliStore } from '../support/cli.ts';
import { startEventReceiver, verified, type EventReceiver } from '../support/event-receiver.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { call, startServe, type ServeProcess } from '../support/serve-cluster.ts';
import { testStoreKind } from '../support/test-store.ts';
import { testTimeout } from '../support/timeouts.ts';

/**
 * Partner events against the real process and a loopback receiver (docs/decisions.md#partner-events):
 * signed events for the key's own bookings only, a failed delivery sent again with the same id,
 * no event lost to a SIGKILL between the change and its delivery, the catch-up feed, and a draft
 * released by its own key only.
 */

let s: CliStore | undefined;
let server: ServeProcess | undefined;
let receiver: EventReceiver | undefined;
after(async () => {
  server?.cli.kill();
  await receiver?.close();
  await s?.cleanup();
});

test(
  `events reach the key's endpoint signed, survive a SIGKILL, and match the catch-up feed (${testStoreKind})`,
  { timeout: testTimeout(180_000) },
  async () => {
    s = await createCliStore();
    const setup = s.open();
    await migrateToLatest(setup.db);
    const house = await makeAccommodation(setup.db);
    const keyA = (await createApiKey(setup.db, { name: 'partner A', scope: 'api' })).key;
    const keyB = (await createApiKey(setup.db, { name: 'partner B', scope: 'api' })).key;
    const admin = (await createApiKey(setup.db, { name: 'host', scope: 'admin' })).key;
    await setup.destroy();
    const rx = await startEventReceiver();
    receiver = rx;
    const env = { ...s.env, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', STAYDESK_EVENT_POLL_MS: '50' };
    server = await startServe(env, s.dir);
    // The partner's side is the published client (the process's port changes when it restarts).
    const partner = (key: string) => createClient({ baseUrl: (server as ServeProcess).url, apiKey: key, retry: false });
    const book = async (key: string, method = 'bank_transfer') => {
      const body = bookingBody(house.id, futureStay(2), { booking: { payment_method: method, total_amount: 275 } });
      return (await partner(key).createBooking(body as CreateBookingRequest)).booking_id;
    };

    const registered = await partner(keyA).createWebhookEndpoint({ url: rx.url }).withResponse();
    assert.equal(registered.status, 201);
    const endpoint = registered.data;
    assert.deepEqual(
      (await partner(keyA).listWebhookEndpoints()).map((e) => e.id),
      [endpoint.id],
    );

    // 1. A's booking reaches A's endpoint, signed; B's does not.
    const bBooking = await book(keyB);
    const first = await book(keyA);
    const [created] = await rx.waitFor(1);
    assert.ok(created);
    const event = verified(endpoint.secret, created);
    assert.deepEqual([event.type, event.data.id], ['booking.created', first]);
    // The client's own verifier agrees with the reference implementation, and refuses another secret.
    const checked = verifyEvent(created.body, created.headers, endpoint.secret);
    assert.ok(checked.type === 'booking.created');
    assert.deepEqual([checked.id, checked.data.id], [created.headers['webhook-id'], first]);
    assert.throws(() => verifyEvent(created.body, created.headers, `whsec_${btoa('not the secret')}`), {
      name: 'WebhookVerificationError',
      reason: 'invalid_signature',
    });

    // 2. A receiver that fails first gets the same event again, with the same id.
    rx.answer = (index) => (index === 1 ? 503 : 200);
    const second = await book(keyA);
    const [failed, retried] = (await rx.waitFor(3)).slice(1);
    assert.ok(failed && retried);
    assert.equal(failed.headers['webhook-id'], retried.headers['webhook-id']);
    assert.equal(verified(endpoint.secret, retried).data.id, second);

    // 3. SIGKILL between the change and its delivery: the event waits in the outbox (the endpoint
    //    is paused, so nothing is sent before the kill) and goes out once a new process runs.
    const pause = await call(`${server.url}/admin/api/webhook-endpoints/${endpoint.id}/pause`, {
      key: admin,
      method: 'POST',
    });
    assert.equal(pause.status, 200, pause.body);
    const third = await book(keyA);
    server.cli.child.kill('SIGKILL');
    await server.cli.exited();
    server = await startServe(env, s.dir);
    const resume = await call(`${server.url}/admin/api/webhook-endpoints/${endpoint.id}/resume`, {
      key: admin,
      method: 'POST',
    });
    assert.equal(resume.status, 200, resume.body);
    const [afterKill] = (await rx.waitFor(4)).slice(3);
    assert.ok(afterKill);
    assert.equal(verified(endpoint.secret, afterKill).data.id, third);

    // 4. A draft is released by its own key, not by another.
    const draft = await book(keyA, 'card_processor');
    await assert.rejects(
      partner(keyB).cancelDraft(draft),
      (error) => error instanceof StaydeskError && error.status === 404 && error.reason === 'booking_not_found',
    );
    const released = await partner(keyA).cancelDraft(draft);
    assert.deepEqual([released.booking_status, released.cancel_reason], ['cancelled', 'released_by_partner']);
    const types = (await rx.waitFor(6)).slice(4).map((r) => verified(endpoint.secret, r).type);
    assert.deepEqual(types, ['booking.created', 'booking.cancelled']);

    // Nothing ever carried B's booking, and every request verified with A's secret.
    for (const request of rx.received) assert.notEqual(verified(endpoint.secret, request).data.id, bBooking);

    // 5. The catch-up feed returns the same events, by the same ids.
    const { events } = await partner(keyA).events({ limit: 500 });
    const delivered = [...new Set(rx.received.map((r) => String(r.headers['webhook-id'])))];
    assert.deepEqual(
      events.map((e) => e.id),
      delivered,
    );
  },
);

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import type { Accommodation } from '../../src/db/schema.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { startFeedServer, type FeedServer } from '../support/feed-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { postWebhook } from '../support/webhook-client.ts';
import { signIn } from '../support/console-client.ts';

// docs/api.md#admin-api-keys: a key's own inbound webhook secret signs /webhook/update for that
// key's bookings only; the global secret still reaches every booking. Only the global secret
// syncs calendars: a calendar_sync signed with a key's own is a 403 secret_scope.

const GLOBAL = 'whsk_global_secret_for_key_scoping_tests';
let t: TestApp;
let house: Accommodation;
let keyB: { key: string; id: number };
let feeds: FeedServer;
before(async () => {
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  feeds = await startFeedServer();
  house = await makeAccommodation(t.ctx.db);
  const b = await createApiKey(t.ctx.db, { name: 'partner B', scope: 'api' });
  keyB = { key: b.key, id: b.record.id };
});
after(async () => {
  await t.close();
  await feeds.close();
});

async function book(key: string): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    key,
    payload: bookingBody(house.id, futureStay(2), { booking: { expected_amount: 275 } }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { booking_id: number } }>().data.booking_id;
}

const cancel = (bookingId: number, reason: string) => ({
  event_type: 'cancelled',
  booking_id: bookingId,
  reason,
  timestamp: new Date().toISOString(),
});

for (const globalSecret of [null, GLOBAL]) {
  test(`a key's own secret cancels its bookings only, global secret ${globalSecret === null ? 'unset' : 'set'} (${testStoreKind})`, async () => {
    const settings = await t.admin('PUT', '/admin/api/settings', { webhook_secret: globalSecret });
    assert.equal(settings.statusCode, 200, settings.body);
    const issued = await t.admin('POST', `/admin/api/api-keys/${keyB.id}/webhook-secret`);
    assert.equal(issued.statusCode, 200, issued.body);
    const secretB = issued.json<{ data: { webhook_secret: string } }>().data.webhook_secret;
    assert.doesNotMatch((await t.admin('GET', '/admin/api/api-keys')).body, new RegExp(secretB));

    const ofA = await book(t.apiKey);
    const ofB = await book(keyB.key);
    const refused = await postWebhook(t, 'update', cancel(ofA, 'not yours'), { secret: secretB });
    assert.equal(refused.statusCode, 404, refused.body);
    assert.equal(refused.json<{ updated: boolean }>().updated, false);
    const stillThere = await t.request({ method: 'GET', url: `${t.v1}/bookings/${ofA}` });
    assert.equal(stillThere.json<{ data: { status: string } }>().data.status, 'confirmed');

    const own = await postWebhook(t, 'update', cancel(ofB, 'guest asked'), { secret: secretB });
    assert.equal(own.statusCode, 200, own.body);
    assert.equal(own.json<{ new_status: string }>().new_status, 'cancelled');

    if (globalSecret !== null) {
      const host = await postWebhook(t, 'update', cancel(ofA, 'host'), { secret: GLOBAL });
      assert.equal(host.statusCode, 200, host.body);
      const wrong = await postWebhook(t, 'update', cancel(ofA, 'x'), { secret: 'whsk_not_a_secret' });
      assert.equal(wrong.statusCode, 401);
    }
  });
}

for (const globalSecret of [null, GLOBAL]) {
  test(`a calendar_sync signed with a key's own secret is a 403 secret_scope and pulls nothing, global secret ${globalSecret === null ? 'unset' : 'set'} (${testStoreKind})`, async () => {
    assert.equal((await t.admin('PUT', '/admin/api/settings', { webhook_secret: globalSecret })).statusCode, 200);
    const issued = await t.admin('POST', `/admin/api/api-keys/${keyB.id}/webhook-secret`);
    const secretB = issued.json<{ data: { webhook_secret: string } }>().data.webhook_secret;
    const home = await makeAccommodation(t.ctx.db);
    const path = `/scope-${String(home.id)}.ics`;
    feeds.answer(path, 500, 'Internal error: database password is hunter2');
    const added = await t.admin('POST', `/admin/api/accommodations/${home.id}/ical-feeds`, {
      name: 'airbnb',
      url: feeds.url(path),
    });
    assert.equal(added.statusCode, 201, added.body);
    const body = { accommodation_id: home.id, action: 'sync', timestamp: new Date().toISOString() };

    const refused = await postWebhook(t, 'calendar_sync', body, { secret: secretB });
    assert.equal(refused.statusCode, 403, refused.body);
    const error = refused.json<{ error: { name: string; details: { reason: string } } }>().error;
    assert.equal(error.name, 'FORBIDDEN');
    assert.equal(error.details.reason, 'secret_scope');
    assert.doesNotMatch(refused.body, /hunter2|airbnb/);
    assert.equal(feeds.hits(path), 0, 'nothing was pulled');
    // The same bytes again are refused again (a refusal for scope is not remembered as an answer).
    assert.equal((await postWebhook(t, 'calendar_sync', body, { secret: secretB })).statusCode, 403);
    assert.equal(feeds.hits(path), 0);

    if (globalSecret !== null) {
      const host = await postWebhook(t, 'calendar_sync', body, { secret: GLOBAL });
      assert.equal(host.statusCode, 200, host.body);
      assert.equal(feeds.hits(path), 1, 'the global secret pulls');
      assert.match(host.body, /HTTP 500|500/);
    }
  });
}

test('a revoked or unknown key gets no secret', async () => {
  assert.equal((await t.admin('POST', '/admin/api/api-keys/999999/webhook-secret')).statusCode, 404);
});

test(`the console gives a key its own secret through a confirmation, shown once; it signs that key's updates (${testStoreKind})`, async () => {
  const host = await signIn(t);
  const c = await createApiKey(t.ctx.db, { name: 'partner C', scope: 'api' });
  const integrations = await host.get('/admin/settings/integrations');
  assert.match(integrations.body, /Give partner C its own webhook secret…/);
  const ask = await host.get(`/admin/confirm?action=key-webhook-secret&id=${c.record.id}`);
  assert.equal(ask.statusCode, 200);
  assert.match(ask.body, new RegExp(`action="/admin/settings/api-keys/${c.record.id}/webhook-secret"`));
  const given = await host.post(`/admin/settings/api-keys/${c.record.id}/webhook-secret`, {});
  assert.equal(given.statusCode, 303, given.body);
  const shown = await host.follow(given);
  const secret = /id="new-secret" class="secret" readonly value="([^"]+)"/.exec(shown.body)?.[1];
  assert.ok(secret !== undefined, shown.body);
  assert.match(shown.body, /Webhook signing secret of the key “partner C”/);
  assert.doesNotMatch((await host.get('/admin/settings/integrations')).body, new RegExp(secret));

  const ofC = await book(c.key);
  const ofA = await book(t.apiKey);
  assert.equal((await postWebhook(t, 'update', cancel(ofA, 'not yours'), { secret })).statusCode, 404);
  const own = await postWebhook(t, 'update', cancel(ofC, 'guest asked'), { secret });
  assert.equal(own.statusCode, 200, own.body);

  assert.equal((await host.post('/admin/settings/api-keys/999999/webhook-secret', {})).statusCode, 404);
});

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { seedFirstRun } from '../../src/seed/first-run.ts';
import { DEMO_NAME } from '../../src/seed/demo-accommodation.ts';
import { signIn, type ConsoleClient } from '../support/console-client.ts';
import { futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The set-up steps on Today, read from the store as it is, and the demo removed in one step: on
// a store as the first start leaves it (the test app's own keys removed, then the demo seeded).

let t: TestApp;
let host: ConsoleClient;
let demo: { accommodationId: number; apiKey: string };
before(async () => {
  t = await createTestApp();
  await t.ctx.db.deleteFrom('api_keys').execute();
  const seeded = await seedFirstRun(t.ctx);
  assert.ok(seeded !== null);
  demo = { accommodationId: seeded.accommodationId, apiKey: seeded.apiKey };
  host = await signIn(t);
});
after(async () => {
  await t.close();
});

/** Each step of Today's set-up section and whether it is done. */
async function steps(): Promise<Record<string, boolean>> {
  const body = (await host.get('/admin')).body;
  const out: Record<string, boolean> = {};
  for (const m of body.matchAll(/<li class="(done|todo)" data-step="([a-z_]+)">/g)) out[m[2] ?? ''] = m[1] === 'done';
  return out;
}

test(`Today lists the set-up steps with their state; the demo is removed in one step (${testStoreKind})`, async () => {
  assert.deepEqual(await steps(), {
    business: false,
    home: false,
    mail: false,
    channel: false,
    card: false,
    partner_key: false,
    demo: false,
  });
  assert.match((await host.get('/admin')).body, /Set up Staydesk \(0 of 7 done\)/);

  // A booking on the demo home: removing it is refused, and the page says why.
  const booking = await insertBooking(t.ctx.db, await demoHome(), futureStay(2));
  const refused = await host.post('/admin/setup/remove-demo', {});
  assert.equal(refused.statusCode, 409);
  assert.match(refused.body, /has bookings, so it cannot be removed/);
  assert.equal((await t.request({ method: 'GET', url: `${t.v1}/test`, key: demo.apiKey })).statusCode, 200);
  await t.ctx.db.deleteFrom('booking_events').where('booking_id', '=', booking.id).execute();
  await t.ctx.db.deleteFrom('night_claims').where('booking_id', '=', booking.id).execute();
  await t.ctx.db.deleteFrom('bookings').where('id', '=', booking.id).execute();

  const removed = await host.post('/admin/setup/remove-demo', {});
  assert.equal(removed.statusCode, 303);
  assert.equal(removed.headers.location, '/admin#setup');
  assert.equal(
    await t.ctx.db.selectFrom('accommodations').select('id').where('name', '=', DEMO_NAME).executeTakeFirst(),
    undefined,
  );
  assert.equal((await t.request({ method: 'GET', url: `${t.v1}/test`, key: demo.apiKey })).statusCode, 401);
  assert.equal((await steps()).demo, true);

  await makeAccommodation(t.ctx.db, { name: 'Harbour Loft' });
  const after = await steps();
  assert.equal(after.home, true);
});

async function demoHome() {
  return t.ctx.db
    .selectFrom('accommodations')
    .selectAll()
    .where('id', '=', demo.accommodationId)
    .executeTakeFirstOrThrow();
}

test(`the mail step says what has actually been sent (${testStoreKind})`, async () => {
  const smtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
  try {
    const me = await signIn(smtp);
    const mailStep = async () => {
      const body = (await me.get('/admin')).body;
      const step = /<li class="(done|todo)" data-step="mail">([\s\S]*?)<\/li>/.exec(body);
      assert.ok(step, 'the mail step is listed');
      return { done: step[1] === 'done', text: (step[2] ?? '').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ') };
    };
    const before = await mailStep();
    assert.equal(before.done, false);
    assert.match(before.text, /SMTP_URL is set, but no mail has gone out yet\. Send a test mail/);

    const queued = await me.post('/admin/settings/integrations/test-mail', { recipient: 'host@example.com' });
    assert.equal(queued.statusCode, 303, queued.body);
    const waiting = await mailStep();
    assert.match(waiting.text, /no mail has gone out yet\. One mail waits in the Outbox\./);

    // The mail worker sends it.
    const sentAt = '2027-03-04T09:15:00.000Z';
    await smtp.ctx.db
      .updateTable('outbox')
      .set({ status: 'sent', sent_at: sentAt, attempts: 1 })
      .where('recipient', '=', 'host@example.com')
      .execute();
    const sent = await mailStep();
    assert.equal(sent.done, true);
    assert.match(sent.text, /Mail goes out: SMTP_URL is set and mail has been sent, the last one 4 Mar 2027, 09:15/);
    assert.doesNotMatch((await me.get('/admin')).body, /no mail has gone out/, 'nowhere beside the sent mail');
  } finally {
    await smtp.close();
  }
});

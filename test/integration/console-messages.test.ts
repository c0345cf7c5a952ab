import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Accommodation } from '../../src/db/schema.ts';
import { signIn, type ConsoleClient } from '../support/console-client.ts';
import { futureStay, makeAccommodation } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The console's Messages page and a booking's guest messages over HTTP: each form calls the
// admin API's use cases and answers with a redirect, or with the page and the error beside its field.

let t: TestApp;
let host: ConsoleClient;
let house: Accommodation;

before(async () => {
  t = await createTestApp();
  host = await signIn(t);
  house = await makeAccommodation(t.ctx.db, { name: 'Dune House' });
});
after(async () => {
  await t.close();
});

async function bookByHand(): Promise<number> {
  const stay = futureStay(3);
  const res = await t.admin('POST', '/admin/api/bookings', {
    accommodation_id: house.id,
    checkin_date: stay.checkin,
    checkout_date: stay.checkout,
    adults_count: 2,
    guest: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
    notify_guest: false,
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: { id: number } }>().data.id;
}

describe(`console: guest messages (${testStoreKind})`, () => {
  test('a template: an unknown variable is shown beside the text; a preview renders a real booking; saved', async () => {
    const booking = await bookByHand();
    const form = { template_id: '', name: 'Arrival', language: 'en', subject: 'Hello {{ guest.first_name }}' };
    const bad = await host.post('/admin/messages/templates', { ...form, body: 'Code {{ door }}' });
    assert.equal(bad.statusCode, 400, bad.body);
    assert.match(bad.body, /id="err-body"[^>]*>[^<]*\{\{door\}\}, which is not a message variable/);

    const preview = await host.post('/admin/messages/templates', {
      ...form,
      body: 'Welcome to {{ accommodation.name }}, {{ guest.first_name }}.',
      booking_id: String(booking),
      preview: '1',
    });
    assert.equal(preview.statusCode, 200, preview.body);
    assert.match(preview.body, /Welcome to Dune House, Grace\./);
    assert.equal((await t.admin('GET', '/admin/api/message-templates')).json<{ data: unknown[] }>().data.length, 0);

    const saved = await host.post('/admin/messages/templates', {
      ...form,
      body: 'Welcome to {{ accommodation.name }}, {{ guest.first_name }}.',
    });
    assert.equal(saved.statusCode, 303, saved.body);
    const page = await host.get(String(saved.headers.location));
    assert.match(page.body, /The template is saved\./);
    assert.match(page.body, />Arrival</);
  });

  test("a rule scheduled from the page shows on the booking's timeline; send now and skip from there", async () => {
    const templates = (await t.admin('GET', '/admin/api/message-templates')).json<{ data: { id: number }[] }>().data;
    const templateId = String(templates[0]?.id);
    const refused = await host.post('/admin/messages/rules', {
      name: '',
      template_id: templateId,
      event: 'before_checkin',
      offset_days: '2',
      at: '16:00',
    });
    assert.equal(refused.statusCode, 400);
    const booking = await bookByHand();
    const made = await host.post('/admin/messages/rules', {
      name: 'Two days before',
      template_id: templateId,
      event: 'before_checkin',
      offset_days: '2',
      at: '16:00',
      accommodation_id: String(house.id),
      min_nights: '',
      payment_state: '',
    });
    assert.equal(made.statusCode, 303, made.body);
    const bookingPage = await host.get(`/admin/bookings/${booking}`);
    assert.match(bookingPage.body, /Guest messages/);
    assert.match(bookingPage.body, /Two days before/);
    assert.match(bookingPage.body, /Scheduled/);
    const list = (await t.admin('GET', `/admin/api/bookings/${booking}/messages`)).json<{ data: { id: number }[] }>()
      .data;
    const mid = list[0]?.id;
    assert.ok(mid !== undefined);
    const skipped = await host.post(`/admin/bookings/${booking}/messages/${mid}/skip`, {});
    assert.equal(skipped.statusCode, 303);
    assert.match((await host.follow(skipped)).body, /skipped by hand/);
    const again = await host.post(`/admin/bookings/${booking}/messages/${mid}/skip`, {});
    assert.match((await host.follow(again)).body, /is skipped, not scheduled/);
    const sent = await host.post(`/admin/bookings/${booking}/messages/${mid}/send-now`, {});
    const after = await host.follow(sent);
    assert.match(after.body, /The message is queued into the outbox\./);
    assert.match(after.body, />Sent</);

    const rules = (await t.admin('GET', '/admin/api/message-rules')).json<{ data: { id: number }[] }>().data;
    const paused = await host.post(`/admin/messages/rules/${rules[0]?.id}/pause`, {});
    assert.match((await host.get(String(paused.headers.location))).body, /The rule is paused/);
  });
});

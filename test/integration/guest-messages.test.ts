import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { Accommodation } from '../../src/db/schema.ts';
import { sendDueMessages } from '../../src/messages/send-messages.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { localInstant } from '../../src/shared/zoned-time.ts';
import { bookingBody, makeAccommodation } from '../support/factories.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Guest messages on autopilot (docs/messages.md), through the admin API on a fake clock (the
 * app's ctx.now): each trigger, each change of a booking, quiet hours, no flood on a new rule,
 * send now and skip, the scheduler's send into the outbox.
 */

let t: TestApp;
let clock: number;
let home: Accommodation;
let paris: Accommodation;

/** A day at noon UTC, `days` after the real today: the fake clock starts there. */
const START = Date.parse(`${todayIn('UTC')}T12:00:00Z`);
let next = 40;
/** A stay of `nights` starting `daysAhead` days after the fake clock's start day, never overlapping another test's. */
function stayIn(daysAhead: number, nights = 3) {
  next += 20;
  const checkin = addDays(todayIn('UTC', new Date(START)), daysAhead + next);
  return { checkin, checkout: addDays(checkin, nights), lead: daysAhead + next };
}

before(async () => {
  t = await createTestApp();
  clock = START;
  (t.ctx as { now: () => Date }).now = () => new Date(clock);
  home = await makeAccommodation(t.ctx.db, { timezone: 'UTC', checkin_time: '15:00', checkout_time: '10:00' });
  paris = await makeAccommodation(t.ctx.db, { name: 'Paris flat', timezone: 'Europe/Paris' });
  const facts = await t.admin('PATCH', `/admin/api/accommodations/${home.id}`, {
    address: '1 Harbour Road',
    door_code: '4711',
    wifi_name: 'Harbour',
    wifi_password: 'sea&salt',
  });
  assert.equal(facts.statusCode, 200, facts.body);
});
after(async () => {
  await t.close();
});

async function template(body = 'Hello {{ guest.first_name }}, the door code is {{ accommodation.door_code }}.') {
  const res = await t.admin('POST', '/admin/api/message-templates', {
    name: 'Arrival',
    subject: { en: 'Your stay at {{ accommodation.name }}' },
    body: { en: body },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: { id: number } }>().data.id;
}

async function rule(
  trigger: { event: string; offset_days: number; at: string | null },
  extra: Record<string, unknown> = {},
) {
  const res = await t.admin('POST', '/admin/api/message-rules', {
    name: `${trigger.event} ${trigger.offset_days}`,
    template_id: await template(),
    trigger,
    ...extra,
  });
  assert.equal(res.statusCode, 201, res.body);
  assertMatchesOpenApi(t.app, 'POST', '/admin/api/message-rules', res);
  return res.json<{ data: { id: number } }>().data.id;
}

async function book(
  acc: Accommodation,
  stay: { checkin: string; checkout: string },
  guest: Record<string, unknown> = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
) {
  const res = await t.admin('POST', '/admin/api/bookings', {
    accommodation_id: acc.id,
    checkin_date: stay.checkin,
    checkout_date: stay.checkout,
    adults_count: 2,
    guest,
    notify_guest: false,
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: { id: number } }>().data.id;
}

interface Message {
  id: number;
  rule_id: number;
  send_at: string;
  state: string;
  reason: string | null;
  sent_at: string | null;
}

async function messages(bookingId: number, ruleId: number): Promise<Message[]> {
  const res = await t.admin('GET', `/admin/api/bookings/${bookingId}/messages`);
  assert.equal(res.statusCode, 200, res.body);
  assertMatchesOpenApi(t.app, 'GET', `/admin/api/bookings/${bookingId}/messages`, res);
  return res.json<{ data: Message[] }>().data.filter((m) => m.rule_id === ruleId);
}

async function only(bookingId: number, ruleId: number): Promise<Message> {
  const list = await messages(bookingId, ruleId);
  assert.equal(list.length, 1, JSON.stringify(list));
  return list[0]!;
}

interface ErrorBody {
  error: { message: string; details: { reason: string; received?: unknown; parameter?: string } };
}
const errorOf = (res: LightMyRequestResponse) => res.json<ErrorBody>().error;
type Data = Message & { text: string; active: boolean };
const dataOf = (res: LightMyRequestResponse) => res.json<{ data: Data }>().data;

const iso = (date: string, time: string) => new Date(`${date}T${time}:00Z`).toISOString();

describe('templates', () => {
  test('an unknown variable is a 400 unknown_variable naming it; the guest page is refused with its reason', async () => {
    const unknown = await t.admin('POST', '/admin/api/message-templates', {
      name: 'x',
      subject: { en: 'Hi' },
      body: { en: 'Hi {{ guest.shoe_size }}' },
    });
    assert.equal(unknown.statusCode, 400);
    assert.equal(errorOf(unknown).details.reason, 'unknown_variable');
    assert.equal(errorOf(unknown).details.received, 'guest.shoe_size');
    assert.equal(errorOf(unknown).details.parameter, 'body.en');

    const page = await t.admin('POST', '/admin/api/message-templates', {
      name: 'x',
      subject: { en: 'Hi' },
      body: { en: 'See {{ guest_page_url }}' },
    });
    assert.equal(page.statusCode, 201, 'the guest page is a message variable (docs/guest-page.md)');

    const broken = await t.admin('POST', '/admin/api/message-templates', {
      name: 'x',
      subject: { en: 'Hi' },
      body: { en: 'Hi {% if guest.first_name %}' },
    });
    assert.equal(broken.statusCode, 400);
    assert.equal(errorOf(broken).details.reason, 'invalid_template');

    const mismatch = await t.admin('POST', '/admin/api/message-templates', {
      name: 'x',
      subject: { en: 'Hi', de: 'Hallo' },
      body: { en: 'Hi' },
    });
    assert.equal(errorOf(mismatch).details.reason, 'unknown_language');
  });

  test('a preview renders a real booking in its language, with values escaped in the HTML part', async () => {
    const res = await t.admin('POST', '/admin/api/message-templates', {
      name: 'Welcome',
      subject: { en: 'Welcome {{ guest.first_name }}', de: 'Willkommen {{ guest.first_name }}' },
      body: {
        en: 'Arrive on {{ stay.checkin_date }}. Wi-Fi {{ accommodation.wifi_password }}. Due {{ payment.balance }}.',
        de: 'Anreise am {{ stay.checkin_date }}. Offen {{ payment.balance }}.',
      },
    });
    assert.equal(res.statusCode, 201, res.body);
    const id = res.json<{ data: { id: number } }>().data.id;
    const stay = { checkin: '2031-07-01', checkout: '2031-07-04' };
    const booking = await book(home, stay, { first_name: '<b>Bo</b>', last_name: 'B', email: 'bo@example.com' });
    const en = await t.admin('POST', `/admin/api/message-templates/${id}/preview`, { booking_id: booking });
    assert.equal(en.statusCode, 200, en.body);
    assertMatchesOpenApi(t.app, 'POST', `/admin/api/message-templates/${id}/preview`, en);
    const p = en.json<{ data: { language: string; subject: string; text: string; html: string } }>().data;
    assert.equal(p.language, 'en');
    assert.equal(p.subject, 'Welcome <b>Bo</b>');
    assert.match(p.text, /Arrive on 1 July 2031\. Wi-Fi sea&salt\. Due €/);
    assert.match(p.html, /Wi-Fi sea&amp;salt/);
    assert.match(p.html, /&lt;b&gt;Bo&lt;\/b&gt;/);
    assert.doesNotMatch(p.html, /<b>Bo/);
    const de = await t.admin('POST', `/admin/api/message-templates/${id}/preview`, {
      booking_id: booking,
      language: 'de',
    });
    assert.match(dataOf(de).text, /Anreise am 1\. Juli 2031\. Offen .*€/);
    const missing = await t.admin('POST', `/admin/api/message-templates/${id}/preview`, { booking_id: 987654 });
    assert.equal(errorOf(missing).details.reason, 'booking_not_found');
  });
});

describe('the schedule follows the booking', () => {
  test('before_checkin: made, moved with its dates, skipped on cancellation, back on reinstatement, sent when due', async () => {
    const ruleId = await rule({ event: 'before_checkin', offset_days: 2, at: '16:00' });
    const stay = stayIn(0);
    const id = await book(home, stay);
    const first = await only(id, ruleId);
    assert.equal(first.state, 'scheduled');
    assert.equal(first.send_at, iso(addDays(stay.checkin, -2), '16:00'));

    const later = { checkin: addDays(stay.checkin, 5), checkout: addDays(stay.checkout, 5) };
    const moved = await t.admin('PATCH', `/admin/api/bookings/${id}`, {
      checkin_date: later.checkin,
      checkout_date: later.checkout,
    });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.equal((await only(id, ruleId)).send_at, iso(addDays(later.checkin, -2), '16:00'));

    assert.equal((await t.admin('POST', `/admin/api/bookings/${id}/cancel`, {})).statusCode, 200);
    const cancelled = await only(id, ruleId);
    assert.deepEqual([cancelled.state, cancelled.reason], ['skipped', 'booking_cancelled']);

    const back = await t.admin('POST', `/admin/api/bookings/${id}/reinstate`, {});
    assert.equal(back.statusCode, 200, back.body);
    assert.deepEqual([(await only(id, ruleId)).state, (await only(id, ruleId)).reason], ['scheduled', null]);

    // One minute before: nothing is due; at the time: sent once, into the outbox with Reply-To the host.
    await t.admin('PUT', '/admin/api/settings', { host_email: 'host@example.com' });
    clock = Date.parse(iso(addDays(later.checkin, -2), '16:00')) - 60_000;
    assert.equal((await sendDueMessages(t.ctx.db, t.ctx.config, t.ctx.now(), 50)).sent, 0);
    clock += 60_000;
    const counts = await sendDueMessages(t.ctx.db, t.ctx.config, t.ctx.now(), 50);
    assert.ok(counts.sent >= 1);
    const sent = await only(id, ruleId);
    assert.equal(sent.state, 'sent');
    assert.equal(sent.sent_at, new Date(clock).toISOString());
    const mail = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('booking_id', '=', id)
      .where('template', '=', 'guest_message')
      .executeTakeFirstOrThrow();
    assert.equal(mail.recipient, 'ada@example.com');
    assert.equal(mail.reply_to, 'host@example.com');
    assert.equal(mail.body_text, 'Hello Ada, the door code is 4711.');
    assert.equal((await sendDueMessages(t.ctx.db, t.ctx.config, t.ctx.now(), 50)).sent, 0);
    clock = START;
  });

  test('a guest without an e-mail address: skipped no_email', async () => {
    const ruleId = await rule({ event: 'before_checkout', offset_days: 1, at: '18:00' });
    const stay = stayIn(0);
    const id = await book(home, stay, { first_name: 'No', last_name: 'Mail' });
    const m = await only(id, ruleId);
    assert.deepEqual([m.state, m.reason, m.send_at], ['skipped', 'no_email', iso(addDays(stay.checkout, -1), '18:00')]);
  });

  test('each day trigger takes its day and time; booking_confirmed and booking_cancelled follow their instant', async () => {
    const stay = stayIn(0);
    const checkinDay = await rule({ event: 'checkin_day', offset_days: 0, at: '08:00' });
    const afterCheckout = await rule({ event: 'after_checkout', offset_days: 3, at: null });
    const confirmed = await rule({ event: 'booking_confirmed', offset_days: 0, at: null });
    const cancelledRule = await rule({ event: 'booking_cancelled', offset_days: 0, at: null });
    const id = await book(home, stay);
    assert.equal((await only(id, checkinDay)).send_at, iso(stay.checkin, '08:00'));
    assert.equal((await only(id, afterCheckout)).send_at, iso(addDays(stay.checkout, 3), '10:00'));
    assert.equal((await only(id, confirmed)).send_at, new Date(clock).toISOString());
    assert.deepEqual(await messages(id, cancelledRule), []);
    await t.admin('POST', `/admin/api/bookings/${id}/cancel`, {});
    const c = await only(id, cancelledRule);
    assert.deepEqual([c.state, c.send_at], ['scheduled', new Date(clock).toISOString()]);
    assert.equal((await only(id, checkinDay)).reason, 'booking_cancelled');
  });

  test('quiet hours: an event-triggered message between 21:00 and 09:00 local waits until 09:00', async () => {
    const confirmed = await rule(
      { event: 'booking_confirmed', offset_days: 0, at: null },
      {
        conditions: { accommodation_ids: [paris.id], sources: [], min_nights: null, payment_states: [] },
      },
    );
    const day = todayIn('UTC', new Date(START));
    // 22:30 in Paris (winter or summer, it is 20:30 or 21:30 UTC: both in quiet hours).
    clock = Date.parse(`${day}T21:30:00Z`);
    const id = await book(paris, stayIn(0));
    const m = await only(id, confirmed);
    const sendAt = new Date(m.send_at);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(sendAt);
    assert.equal(local, '09:00');
    assert.ok(sendAt.getTime() > clock && sendAt.getTime() - clock < 13 * 3_600_000);
    clock = START;
  });
});

describe('rules apply to sends still to come', () => {
  test('booked after the rule time but before the stay: sent at once; a new rule never floods past guests', async () => {
    const soon = stayIn(-55, 2); // check-in a few days ahead
    const early = await rule({ event: 'before_checkin', offset_days: soon.lead + 5, at: '10:00' });
    const id = await book(home, soon);
    const m = await only(id, early);
    assert.deepEqual([m.state, m.send_at], ['scheduled', new Date(clock).toISOString()]);

    // The same timing as a rule made now: the booking already exists, its time has passed: no message.
    const late = await rule({ event: 'before_checkin', offset_days: soon.lead + 5, at: '10:00' });
    assert.deepEqual(await messages(id, late), []);
    // A booking made after it gets it at once.
    const other = await book(home, stayIn(-55, 2));
    assert.equal((await only(other, late)).state, 'scheduled');
  });

  test('a paused rule skips what it scheduled; resumed, it schedules again; a changed time moves its sends', async () => {
    const ruleId = await rule({ event: 'before_checkin', offset_days: 1, at: '12:00' });
    const stay = stayIn(0);
    const id = await book(home, stay);
    const paused = await t.admin('PATCH', `/admin/api/message-rules/${ruleId}`, { active: false });
    assert.equal(paused.statusCode, 200, paused.body);
    assert.equal(dataOf(paused).active, false);
    assert.deepEqual([(await only(id, ruleId)).state, (await only(id, ruleId)).reason], ['skipped', 'rule_paused']);
    await t.admin('PATCH', `/admin/api/message-rules/${ruleId}`, {
      active: true,
      trigger: { event: 'before_checkin', offset_days: 3, at: '09:30' },
    });
    const m = await only(id, ruleId);
    assert.deepEqual([m.state, m.send_at], ['scheduled', iso(addDays(stay.checkin, -3), '09:30')]);
  });

  test('a rule changed over several bookings writes each its own send, state and reason', async () => {
    const ruleId = await rule({ event: 'before_checkin', offset_days: 1, at: '12:00' });
    const stays = [stayIn(0), stayIn(0), stayIn(0)];
    const ids = [await book(home, stays[0]!), await book(paris, stays[1]!), await book(home, stays[2]!)];
    const noMail = stayIn(0);
    const noMailId = await book(home, noMail, { first_name: 'No', last_name: 'Mail' });
    const pause = await t.admin('PATCH', `/admin/api/message-rules/${ruleId}`, { active: false });
    assert.equal(pause.statusCode, 200, pause.body);
    for (const id of [...ids, noMailId]) {
      const m = await only(id, ruleId);
      assert.deepEqual([m.state, m.reason], ['skipped', 'rule_paused']);
    }
    const resume = await t.admin('PATCH', `/admin/api/message-rules/${ruleId}`, {
      active: true,
      trigger: { event: 'before_checkin', offset_days: 2, at: '08:15' },
    });
    assert.equal(resume.statusCode, 200, resume.body);
    const sends = await Promise.all(ids.map((id) => only(id, ruleId)));
    assert.deepEqual(
      sends.map((m) => [m.state, m.reason, m.send_at]),
      [
        ['scheduled', null, iso(addDays(stays[0]!.checkin, -2), '08:15')],
        ['scheduled', null, localInstant(addDays(stays[1]!.checkin, -2), '08:15', 'Europe/Paris').toISOString()],
        ['scheduled', null, iso(addDays(stays[2]!.checkin, -2), '08:15')],
      ],
    );
    const m = await only(noMailId, ruleId);
    assert.deepEqual(
      [m.state, m.reason, m.send_at],
      ['skipped', 'no_email', iso(addDays(noMail.checkin, -2), '08:15')],
    );
  });

  test('conditions choose the bookings: homes, sources, nights', async () => {
    const ruleId = await rule(
      { event: 'before_checkin', offset_days: 1, at: '12:00' },
      { conditions: { accommodation_ids: [home.id], sources: ['phone'], min_nights: 3, payment_states: [] } },
    );
    const short = await book(home, stayIn(0, 2));
    const long = await book(home, stayIn(0, 3));
    const elsewhere = await book(paris, stayIn(0, 3));
    assert.deepEqual(await messages(short, ruleId), []);
    assert.equal((await only(long, ruleId)).state, 'scheduled');
    assert.deepEqual(await messages(elsewhere, ruleId), []);
  });
});

describe("the host's hand and the scheduler", () => {
  test('send now and skip; a sent message cannot be skipped; unknown ids are 404s', async () => {
    const ruleId = await rule({ event: 'after_checkout', offset_days: 1, at: '11:00' });
    const id = await book(home, stayIn(0));
    const m = await only(id, ruleId);
    const now = await t.admin('POST', `/admin/api/bookings/${id}/messages/${m.id}/send-now`);
    assert.equal(now.statusCode, 200, now.body);
    assertMatchesOpenApi(t.app, 'POST', `/admin/api/bookings/${id}/messages/${m.id}/send-now`, now);
    assert.equal(dataOf(now).state, 'sent');
    const again = await t.admin('POST', `/admin/api/bookings/${id}/messages/${m.id}/skip`);
    assert.equal(again.statusCode, 409);
    assert.equal(errorOf(again).details.reason, 'message_not_scheduled');

    const other = await book(home, stayIn(0));
    const o = await only(other, ruleId);
    const skipped = await t.admin('POST', `/admin/api/bookings/${other}/messages/${o.id}/skip`);
    assert.deepEqual([dataOf(skipped).state, dataOf(skipped).reason], ['skipped', 'skipped_by_host']);
    // A later change of the booking leaves the host's skip alone.
    await t.admin('PATCH', `/admin/api/bookings/${other}`, { adults_count: 1 });
    assert.equal((await only(other, ruleId)).reason, 'skipped_by_host');

    const unknown = await t.admin('POST', `/admin/api/bookings/${other}/messages/987654/skip`);
    assert.equal(errorOf(unknown).details.reason, 'scheduled_message_not_found');
    const noBooking = await t.admin('GET', '/admin/api/bookings/987654/messages');
    assert.equal(errorOf(noBooking).details.reason, 'booking_not_found');
  });

  test('a message that cannot be rendered fails with its reason and the batch goes on', async () => {
    const good = await rule({ event: 'checkin_day', offset_days: 0, at: '12:00' });
    const badRule = await rule({ event: 'checkin_day', offset_days: 0, at: '12:00' });
    const stored = await t.ctx.db
      .selectFrom('message_rules')
      .select('template_id')
      .where('id', '=', badRule)
      .executeTakeFirstOrThrow();
    // A template stored before a check existed, or edited in the database: it fails only when rendered.
    await t.ctx.db
      .updateTable('message_templates')
      .set({ body: JSON.stringify({ en: 'Hi {{ guest.first_name | no_such_filter }}' }) })
      .where('id', '=', stored.template_id)
      .execute();
    const stay = stayIn(0);
    const id = await book(home, stay);
    clock = Date.parse(iso(stay.checkin, '12:00'));
    // Every message of the earlier tests is due by now too: batches until none is left.
    for (let done = 50; done === 50;) {
      const c = await sendDueMessages(t.ctx.db, t.ctx.config, t.ctx.now(), 50);
      done = c.sent + c.skipped + c.failed;
    }
    const failed = await only(id, badRule);
    assert.equal(failed.state, 'failed');
    assert.match(failed.reason ?? '', /^render_failed: .*no_such_filter/);
    assert.equal((await only(id, good)).state, 'sent');
    clock = START;
  });

  test('a template a rule sends cannot be deleted; a rule that sent cannot be deleted, only paused', async () => {
    const ruleId = await rule({ event: 'after_checkout', offset_days: 2, at: '11:00' });
    const r = await t.admin('GET', `/admin/api/message-rules/${ruleId}`);
    const templateId = r.json<{ data: { template_id: number } }>().data.template_id;
    const del = await t.admin('DELETE', `/admin/api/message-templates/${templateId}`);
    assert.equal(errorOf(del).details.reason, 'template_in_use');
    const id = await book(home, stayIn(0));
    const m = await only(id, ruleId);
    await t.admin('POST', `/admin/api/bookings/${id}/messages/${m.id}/send-now`);
    const gone = await t.admin('DELETE', `/admin/api/message-rules/${ruleId}`);
    assert.equal(errorOf(gone).details.reason, 'rule_in_use');
  });
});

describe("the home's facts for guests", () => {
  test('are never in the v1 API or in partners events', async () => {
    const secrets = {
      address: `addr-${Date.now()}`,
      arrival_instructions: `arrive-${Date.now()}`,
      door_code: `door-${Date.now()}`,
      wifi_name: `net-${Date.now()}`,
      wifi_password: `pass-${Date.now()}`,
    };
    const acc = await makeAccommodation(t.ctx.db, { name: 'Secret cottage' });
    const patched = await t.admin('PATCH', `/admin/api/accommodations/${acc.id}`, secrets);
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal(patched.json<{ data: { door_code: string } }>().data.door_code, secrets.door_code);
    const stay = stayIn(0, 2);
    const made = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(acc.id, stay, { booking: { total_amount: 275 } }),
    });
    assert.equal(made.statusCode, 200, made.body);
    const id = made.json<{ data: { booking_id: number } }>().data.booking_id;
    const answers = [
      made.body,
      (await t.request({ method: 'GET', url: `${t.v1}/bookings/${id}` })).body,
      (await t.request({ method: 'GET', url: `${t.v1}/events` })).body,
      (
        await t.request({
          method: 'POST',
          url: `${t.v1}/availability`,
          payload: { accommodation_id: acc.id, checkin_date: stay.checkin, checkout_date: stay.checkout },
        })
      ).body,
    ];
    const events = await t.ctx.db.selectFrom('partner_events').select('payload').execute();
    for (const text of [...answers, ...events.map((e) => e.payload)])
      for (const secret of Object.values(secrets)) assert.ok(!text.includes(secret), `${secret} leaked: ${text}`);
  });
});

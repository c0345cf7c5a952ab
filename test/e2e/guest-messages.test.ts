import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createCliStore, runCli, type CliStore } from '../support/cli.ts';
import { call, startServe, type ServeProcess } from '../support/serve-cluster.ts';
import { startSmtpListener, type SmtpListener } from '../support/smtp-listener.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';

// docs/messages.md end to end: the real `staydesk serve` process, a template and a rule made
// through the admin API, a booking that triggers the rule, and the guest's message arriving at a
// real SMTP listener with its Reply-To the host and a Message-ID of its own.

let store: CliStore;
let smtp: SmtpListener;
let server: ServeProcess | null = null;
let key = '';

before(async () => {
  store = await createCliStore();
  await runCli(['migrate'], store.env, { cwd: store.dir });
  key = (await runCli(['apikey', 'create', '--name', 'messages', '--admin'], store.env, { cwd: store.dir })).lastLine;
  smtp = await startSmtpListener();
});
after(async () => {
  server?.cli.kill();
  await smtp.close();
  await store.cleanup();
});

/** A fixed-offset zone where it is now about noon: the confirmation's message is outside quiet hours. */
function zoneAtNoon(): string {
  let offset = 12 - new Date().getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  return offset === 0 ? 'Etc/UTC' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

test("a rule's message reaches the guest through SMTP, Reply-To the host", async () => {
  server = await startServe({ ...store.env, SMTP_URL: smtp.url, STAYDESK_JOB_POLL_MS: '20' }, store.dir);
  const admin = (path: string, body?: unknown, method?: string) =>
    call(`${server?.url ?? ''}/admin/api${path}`, { key, body, ...(method === undefined ? {} : { method }) });

  const settings = await admin('/settings', { host_email: 'host@example.com' }, 'PUT');
  assert.equal(settings.status, 200, settings.body);
  const home = await admin('/accommodations', {
    name: 'Lighthouse',
    base_price: 100,
    max_guests: 4,
    timezone: zoneAtNoon(),
    door_code: '2468',
  });
  assert.equal(home.status, 201, home.body);
  const homeId = (JSON.parse(home.body) as { data: { id: number } }).data.id;
  const template = await admin('/message-templates', {
    name: 'Thanks',
    subject: { en: 'Your stay at {{ accommodation.name }}' },
    body: { en: 'Dear {{ guest.first_name }}, the door code is {{ accommodation.door_code }}.' },
  });
  assert.equal(template.status, 201, template.body);
  const templateId = (JSON.parse(template.body) as { data: { id: number } }).data.id;
  const rule = await admin('/message-rules', {
    name: 'At once',
    template_id: templateId,
    trigger: { event: 'booking_confirmed', offset_days: 0, at: null },
  });
  assert.equal(rule.status, 201, rule.body);

  const checkin = addDays(todayIn('UTC'), 30);
  const booking = await admin('/bookings', {
    accommodation_id: homeId,
    checkin_date: checkin,
    checkout_date: addDays(checkin, 2),
    adults_count: 2,
    guest: { first_name: 'Mary', last_name: 'Anning', email: 'mary@example.com' },
    notify_guest: false,
  });
  assert.equal(booking.status, 201, booking.body);

  const [mail] = await smtp.waitFor(1);
  assert.ok(mail !== undefined);
  assert.deepEqual(mail.to, ['mary@example.com']);
  assert.equal(mail.subject, 'Your stay at Lighthouse');
  assert.match(mail.raw, /Dear Mary, the door code is 2468\./);
  assert.match(mail.raw, /^Reply-To: host@example\.com$/im);
  assert.match(mail.messageId, /^<outbox-\d+\.[0-9a-f]{16}@/);
  const bookingId = (JSON.parse(booking.body) as { data: { id: number } }).data.id;
  const messages = await admin(`/bookings/${bookingId}/messages`);
  const [message] = (JSON.parse(messages.body) as { data: { state: string }[] }).data;
  assert.equal(message?.state, 'sent');
});

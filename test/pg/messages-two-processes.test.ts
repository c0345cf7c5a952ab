// PostgreSQL only: run by `npm run test:pg`, which sets TEST_DATABASE_URL (not part of `npm test`).
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Store } from '../../src/db/store.ts';
import { createCliStore, runCli, type CliStore } from '../support/cli.ts';
import { futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { startServe, type ServeProcess } from '../support/serve-cluster.ts';
import { startSmtpListener, type SmtpListener } from '../support/smtp-listener.ts';
import { testStoreKind } from '../support/test-store.ts';
import { testTimeout } from '../support/timeouts.ts';
import { until } from '../support/until.ts';

/**
 * docs/messages.md#sending: two `staydesk serve` processes on one PostgreSQL claim due guest
 * messages with SKIP LOCKED, so each is queued into the outbox once and each guest gets one mail.
 */

const BOOKINGS = 40;

let store: CliStore | null = null;
let db: Store | null = null;
let smtp: SmtpListener | null = null;
const servers: ServeProcess[] = [];
after(async () => {
  for (const s of servers) s.cli.kill();
  await db?.destroy();
  await smtp?.close();
  await store?.cleanup();
});

/** How often a server process has run its guest-message job, from its /metrics. */
async function messageRuns(address: string): Promise<number> {
  const text = await (await fetch(`${address}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^staydesk_job_runs_total\{[^}]*job="send-guest-messages"[^}]*\} (\d+)$/.exec(line);
    if (match) total += Number(match[1]);
  }
  return total;
}

test(
  'two server processes on one PostgreSQL send each due guest message once',
  { timeout: testTimeout(120_000) },
  async () => {
    assert.equal(testStoreKind, 'postgres', 'test/pg runs only under npm run test:pg (TEST_DATABASE_URL set)');
    store = await createCliStore();
    const migrated = await runCli(['migrate'], store.env);
    assert.equal(migrated.code, 0, migrated.stderr);
    smtp = await startSmtpListener();
    const env = { ...store.env, SMTP_URL: smtp.url, STAYDESK_JOB_POLL_MS: '10', ICAL_SYNC_INTERVAL_SECONDS: '0' };
    for (let i = 0; i < 2; i++) servers.push(await startServe(env, store.dir));

    // The messages fall due while both processes are polling: one rule, one due row per booking.
    db = store.open();
    const conn = db.db;
    const now = new Date().toISOString();
    const accommodation = await makeAccommodation(conn);
    const template = await conn
      .insertInto('message_templates')
      .values({
        name: 'Hello',
        subject: JSON.stringify({ en: 'Hello {{ booking.confirmation_code }}' }),
        body: JSON.stringify({ en: 'Hello {{ guest.first_name }}' }),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rule = await conn
      .insertInto('message_rules')
      .values({
        name: 'Due now',
        template_id: template.id,
        event: 'before_checkin',
        offset_days: 1,
        at: '10:00',
        conditions: JSON.stringify({ accommodation_ids: [], sources: [], min_nights: null, payment_states: [] }),
        state: 'active',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const codes: string[] = [];
    const rows = [];
    for (let i = 0; i < BOOKINGS; i++) {
      const b = await insertBooking(conn, accommodation, { ...futureStay(2) });
      codes.push(b.confirmation_code);
      rows.push({
        rule_id: rule.id,
        booking_id: b.id,
        send_at: now,
        state: 'scheduled' as const,
        reason: null,
        sent_at: null,
        outbox_id: null,
        created_at: now,
        updated_at: now,
      });
    }
    await conn.insertInto('scheduled_messages').values(rows).execute();

    await smtp.waitFor(BOOKINGS);
    await until(
      'every message sent and every mail delivered',
      async () =>
        (await conn.selectFrom('scheduled_messages').select('id').where('state', '!=', 'sent').execute()).length ===
          0 && (await conn.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute()).length === 0,
      50,
    );
    // Both keep polling: once each has looked at the empty schedule a few more times, a message
    // claimed twice would show up as a second mail.
    const polled = await Promise.all(servers.map((s) => messageRuns(s.url)));
    await until(
      'three more runs by each process',
      async () =>
        (await Promise.all(servers.map((s) => messageRuns(s.url)))).every((n, i) => n >= (polled[i] ?? 0) + 3),
      50,
    );

    const subjects = smtp.messages.map((m) => m.subject);
    assert.equal(subjects.length, BOOKINGS, 'one mail per due message');
    for (const code of codes) assert.equal(subjects.filter((s) => s === `Hello ${code}`).length, 1, code);
    const queued = await conn
      .selectFrom('outbox')
      .select(['id', 'booking_id'])
      .where('template', '=', 'guest_message')
      .execute();
    assert.equal(queued.length, BOOKINGS, 'one outbox row per message');
    const sent = await conn.selectFrom('scheduled_messages').select(['outbox_id']).execute();
    assert.equal(new Set(sent.map((s) => s.outbox_id)).size, BOOKINGS);
  },
);

// PostgreSQL only: run by `npm run test:pg`, which sets TEST_DATABASE_URL (not part of `npm test`).
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Store } from '../../src/db/store.ts';
import { createCliStore, runCli, startCli, type CliStore, type RunningCli } from '../support/cli.ts';
import { futureStay, insertBooking, makeAccommodation } from '../support/factories.ts';
import { until } from '../support/until.ts';
import { startSmtpListener, type SmtpListener } from '../support/smtp-listener.ts';
import { testStoreKind } from '../support/test-store.ts';
import { testTimeout } from '../support/timeouts.ts';

/**
 * docs/api.md#mail and docs/webhooks-and-payments.md#background-jobs: several `staydesk serve` processes on one PostgreSQL share the background
 * work, and each mail and each expired draft is handled by exactly one of them.
 */

const MAILS = 30;
const DRAFTS = 6;

let store: CliStore | null = null;
let db: Store | null = null;
let smtp: SmtpListener | null = null;
const processes: RunningCli[] = [];
after(async () => {
  for (const p of processes) p.kill();
  await db?.destroy();
  await smtp?.close();
  await store?.cleanup();
});

interface LogLine {
  msg?: string;
  outbox_id?: number;
  booking_ids?: number[];
}

function logLines(p: RunningCli): LogLine[] {
  return p
    .stdout()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);
}

/** How often a server process has run its mail delivery job, from its /metrics. */
async function mailRuns(address: string): Promise<number> {
  const text = await (await fetch(`${address}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^staydesk_job_runs_total\{[^}]*job="deliver-mail"[^}]*\} (\d+)$/.exec(line);
    if (match) total += Number(match[1]);
  }
  return total;
}

test(
  'two server processes on one PostgreSQL deliver every mail and expire every draft exactly once',
  { timeout: testTimeout(120_000) },
  async () => {
    assert.equal(testStoreKind, 'postgres', 'test/pg runs only under npm run test:pg (TEST_DATABASE_URL set)');
    store = await createCliStore();
    const migrated = await runCli(['migrate'], store.env);
    assert.equal(migrated.code, 0, migrated.stderr);
    smtp = await startSmtpListener();
    const env = {
      ...store.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SMTP_URL: smtp.url,
      STAYDESK_JOB_POLL_MS: '10',
      ICAL_SYNC_INTERVAL_SECONDS: '0',
    };
    for (let i = 0; i < 2; i++) processes.push(startCli(['serve'], env, { cwd: store.dir }));
    const addresses: string[] = [];
    for (const p of processes) {
      const line = await p.waitForLine((l) => l.includes('Staydesk listening on'));
      addresses.push((JSON.parse(line) as { address: string }).address);
    }

    // The work arrives while both are polling.
    db = store.open();
    const now = new Date().toISOString();
    await db.db
      .insertInto('outbox')
      .values(
        Array.from({ length: MAILS }, (_, i) => ({
          kind: 'mail',
          template: 'e2e',
          booking_id: null,
          recipient: `guest-${i}@example.com`,
          subject: `E2E mail ${i}`,
          body_text: `mail ${i}`,
          body_html: `<p>mail ${i}</p>`,
          status: 'pending' as const,
          next_attempt_at: now,
          locked_until: null,
          locked_by: null,
          last_error: null,
          created_at: now,
          sent_at: null,
        })),
      )
      .execute();
    const accommodation = await makeAccommodation(db.db);
    const past = new Date(Date.now() - 1000).toISOString();
    const drafts: number[] = [];
    for (let i = 0; i < DRAFTS; i++)
      drafts.push(
        (await insertBooking(db.db, accommodation, { ...futureStay(2), status: 'draft', holdExpiresAt: past })).id,
      );

    const expected = MAILS + DRAFTS;
    await smtp.waitFor(expected);
    const conn = db.db;
    await until(
      'an empty queue',
      async () => (await conn.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute()).length === 0,
      50,
    );
    // Both processes keep polling; once each has looked at the empty queue a few more times,
    // anything sent twice would show up.
    const polled = await Promise.all(addresses.map(mailRuns));
    await until(
      'three more mail runs by each process',
      async () => (await Promise.all(addresses.map(mailRuns))).every((n, i) => n >= (polled[i] ?? 0) + 3),
      50,
    );

    const subjects = smtp.messages.map((m) => m.subject);
    assert.equal(smtp.messages.length, expected, 'each mail received exactly once');
    for (let i = 0; i < MAILS; i++)
      assert.equal(subjects.filter((s) => s === `E2E mail ${i}`).length, 1, `E2E mail ${i}`);

    const bookings = await conn
      .selectFrom('bookings')
      .select(['id', 'status', 'cancel_reason'])
      .where('id', 'in', drafts)
      .execute();
    assert.ok(bookings.every((b) => b.status === 'cancelled' && b.cancel_reason === 'payment_timeout'));
    const cancellationMails = await conn
      .selectFrom('outbox')
      .select('booking_id')
      .where('booking_id', 'in', drafts)
      .execute();
    assert.deepEqual(
      cancellationMails.map((m) => m.booking_id).sort((a, b) => (a ?? 0) - (b ?? 0)),
      [...drafts].sort((a, b) => a - b),
      'one cancellation mail per draft',
    );

    // Who did what, from each process's own log: no item twice, and the work was shared.
    const sentBy = processes.map((p) =>
      logLines(p)
        .filter((l) => l.msg === 'mail sent')
        .map((l) => l.outbox_id),
    );
    const expiredBy = processes.map((p) =>
      logLines(p).flatMap((l) => (l.msg === 'unpaid drafts expired: nights released' ? (l.booking_ids ?? []) : [])),
    );
    const allSent = sentBy.flat();
    assert.equal(new Set(allSent).size, allSent.length, 'no mail sent by both processes');
    assert.equal(allSent.length, expected);
    assert.deepEqual(
      expiredBy.flat().sort((a, b) => a - b),
      [...drafts].sort((a, b) => a - b),
      'each draft expired by one process',
    );
    assert.ok(
      sentBy.every((ids) => ids.length > 0),
      `both processes sent mail (${sentBy.map((ids) => ids.length).join(' + ')})`,
    );

    for (const p of processes) p.child.kill('SIGTERM');
    for (const p of processes) assert.deepEqual(await p.exited(), { code: 0, signal: null });
  },
);

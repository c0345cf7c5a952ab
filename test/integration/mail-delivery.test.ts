import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { createMailDelivery, outboxMessageId } from '../../src/mail/deliver-mail.ts';
import { enqueueBookingMail } from '../../src/mail/enqueue-booking-mail.ts';
import { MAX_MAIL_ATTEMPTS } from '../../src/mail/backoff.ts';
import { futureStay, insertBooking, makeAccommodation, outboxFor } from '../support/factories.ts';
import { until } from '../support/until.ts';
import { startSmtpListener } from '../support/smtp-listener.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { testTimeout } from '../support/timeouts.ts';

// docs/api.md#mail: mails are written to the outbox with the change that causes them and delivered
// by a worker with retries; none is lost, none is sent twice in normal operation.

let t: TestApp;
let clock = Date.now();
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

interface LogLine {
  level: string;
  obj: Record<string, unknown>;
  msg: string;
}

function recorder() {
  const lines: LogLine[] = [];
  const at = (level: string) => (obj: unknown, msg?: string) =>
    lines.push({ level, obj: obj as Record<string, unknown>, msg: msg ?? '' });
  return { lines, log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

function delivery(smtpUrl: string | null, log = recorder().log, worker = 'test-worker') {
  return createMailDelivery({
    db: t.ctx.db,
    config: { smtpUrl, mailFrom: 'Staydesk <bookings@staydesk.test>' },
    metrics: t.ctx.metrics,
    log,
    now: () => new Date(clock),
    worker,
  });
}

/** A booking with one pending confirmation mail; every other mail in the outbox is already sent. */
async function queuedMail(paymentMethod: 'bank_transfer' | 'card_processor' = 'bank_transfer') {
  await t.ctx.db.updateTable('outbox').set({ status: 'sent' }).where('status', '=', 'pending').execute();
  const accommodation = await makeAccommodation(t.ctx.db, { name: 'Harbour <Loft>' });
  const email = `guest-${Math.random().toString(36).slice(2)}@example.com`;
  const booking = await insertBooking(t.ctx.db, accommodation, {
    ...futureStay(3),
    status: 'confirmed',
    paymentMethod,
    email,
  });
  // Queued at the test's clock, which the worker goes by too: due at once.
  await enqueueBookingMail(t.ctx.db, t.config, 'confirmation', booking.id, new Date(clock).toISOString());
  const [mail] = await outboxFor(t.ctx.db, booking.id);
  assert.ok(mail !== undefined);
  return { booking, mail, email };
}

async function outboxRow(id: number) {
  return t.ctx.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

test(`a queued mail reaches the SMTP server once, with text and HTML parts, and is marked sent (${testStoreKind})`, async () => {
  const smtp = await startSmtpListener();
  const worker = delivery(smtp.url);
  try {
    const { booking, mail, email } = await queuedMail();
    assert.equal(mail.status, 'pending');
    assert.deepEqual(await worker.run(), { sent: 1, failed: 0 });
    const [received] = await smtp.waitFor(1);
    assert.deepEqual(received?.to, [email]);
    assert.equal(received?.from, 'bookings@staydesk.test');
    assert.equal(received?.subject, mail.subject);
    assert.match(received?.raw ?? '', /Content-Type: text\/plain/i);
    assert.match(received?.raw ?? '', /Content-Type: text\/html/i);
    assert.match(received?.raw ?? '', new RegExp(booking.confirmation_code));
    assert.match(received?.raw ?? '', /Harbour &lt;Loft&gt;/, 'the HTML part is escaped');

    const row = await outboxRow(mail.id);
    assert.equal(row.status, 'sent');
    assert.equal(row.attempts, 1);
    assert.ok(row.sent_at !== null);
    assert.equal(row.locked_by, null);

    assert.deepEqual(await worker.run(), { sent: 0, failed: 0 }, 'nothing is sent twice');
    assert.equal(smtp.messages.length, 1);
  } finally {
    worker.close();
    await smtp.close();
  }
});

test(`while the SMTP server is down the mail waits with backoff and goes out once it is back (${testStoreKind})`, async () => {
  // A port with nothing listening: take a free one, then close the listener.
  const probe = await startSmtpListener();
  const port = probe.port;
  await probe.close();
  const url = `smtp://127.0.0.1:${port}`;
  const { lines, log } = recorder();
  const worker = delivery(url, log);
  try {
    const { mail } = await queuedMail();
    assert.deepEqual(await worker.run(), { sent: 0, failed: 1 });
    const failed = await outboxRow(mail.id);
    assert.equal(failed.status, 'pending');
    assert.equal(failed.attempts, 1);
    assert.match(failed.last_error ?? '', /ECONNREFUSED/);
    assert.equal(failed.next_attempt_at, new Date(clock + 30_000).toISOString(), 'first retry after 30 s');
    assert.equal(failed.locked_by, null);
    assert.ok(lines.some((l) => l.msg === 'mail delivery failed; will retry' && l.obj.outbox_id === mail.id));

    assert.deepEqual(await worker.run(), { sent: 0, failed: 0 }, 'not due again before its retry time');

    const smtp = await startSmtpListener(port);
    try {
      clock += 30_000;
      assert.deepEqual(await worker.run(), { sent: 1, failed: 0 });
      await smtp.waitFor(1);
      const sent = await outboxRow(mail.id);
      assert.equal(sent.status, 'sent');
      assert.equal(sent.attempts, 2);
      assert.equal(sent.last_error, null);
      assert.equal(smtp.messages.length, 1);
    } finally {
      await smtp.close();
    }
  } finally {
    worker.close();
  }
});

test(`after ${MAX_MAIL_ATTEMPTS} failed attempts a mail is marked failed and keeps its last error (${testStoreKind})`, async () => {
  const { mail } = await queuedMail();
  await t.ctx.db
    .updateTable('outbox')
    .set({ attempts: MAX_MAIL_ATTEMPTS - 1 })
    .where('id', '=', mail.id)
    .execute();
  const worker = createMailDelivery({
    db: t.ctx.db,
    config: { smtpUrl: 'smtp://unused.test', mailFrom: 'x@staydesk.test' },
    metrics: t.ctx.metrics,
    log: recorder().log,
    now: () => new Date(clock),
    worker: 'w',
    sender: {
      send: () => Promise.reject(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 })),
      close: () => undefined,
    },
  });
  assert.deepEqual(await worker.run(), { sent: 0, failed: 1 });
  const row = await outboxRow(mail.id);
  assert.equal(row.status, 'failed');
  assert.equal(row.attempts, MAX_MAIL_ATTEMPTS);
  assert.equal(row.last_error, '550: mailbox unavailable');
  clock += 24 * 3600_000;
  assert.deepEqual(await worker.run(), { sent: 0, failed: 0 }, 'a failed mail is not retried');
});

test(`a mail claimed by another worker is left alone until its lease runs out (${testStoreKind})`, async () => {
  const smtp = await startSmtpListener();
  const worker = delivery(smtp.url);
  try {
    const { mail } = await queuedMail();
    await t.ctx.db
      .updateTable('outbox')
      .set({ locked_by: 'another-process', locked_until: new Date(clock + 60_000).toISOString() })
      .where('id', '=', mail.id)
      .execute();
    assert.deepEqual(await worker.run(), { sent: 0, failed: 0 });
    clock += 60_001; // that process died: its lease ran out
    assert.deepEqual(await worker.run(), { sent: 1, failed: 0 });
    await smtp.waitFor(1);
    assert.equal((await outboxRow(mail.id)).status, 'sent');
  } finally {
    worker.close();
    await smtp.close();
  }
});

test(`with no SMTP_URL mails stay pending and each is logged once with its subject, the recipient only at debug level (${testStoreKind})`, async () => {
  const { lines, log } = recorder();
  const worker = delivery(null, log);
  const { mail, email } = await queuedMail();
  await worker.run();
  await worker.run();
  const logged = lines.filter((l) => l.obj.outbox_id === mail.id && l.level === 'info');
  assert.equal(logged.length, 1, 'logged once, not on every run');
  assert.equal(logged[0]?.obj.to, undefined, 'no guest address at info level');
  assert.ok(!JSON.stringify(logged[0]).includes(email));
  assert.equal(logged[0]?.obj.subject, mail.subject);
  const debug = lines.filter((l) => l.obj.outbox_id === mail.id && l.level === 'debug');
  assert.equal(debug.length, 1);
  assert.equal(debug[0]?.obj.to, email);
  assert.match(logged[0]?.msg ?? '', /SMTP_URL is not set/);
  const row = await outboxRow(mail.id);
  assert.equal(row.status, 'pending');
  assert.equal(row.attempts, 0);
});

/** Makes the store refuse to mark any mail sent until `lift` is called: a fault after SMTP said yes. */
async function refuseSentMarks(): Promise<{ lift(): Promise<void> }> {
  if (testStoreKind === 'postgres') {
    await sql`create function refuse_sent() returns trigger language plpgsql as $$
      begin raise exception 'the store is away'; end $$`.execute(t.ctx.db);
    await sql`create trigger refuse_sent before update on outbox for each row
      when (new.status = 'sent') execute function refuse_sent()`.execute(t.ctx.db);
    return {
      lift: async () => {
        await sql`drop trigger refuse_sent on outbox`.execute(t.ctx.db);
        await sql`drop function refuse_sent()`.execute(t.ctx.db);
      },
    };
  }
  await sql`create trigger refuse_sent before update on outbox when new.status = 'sent'
    begin select raise(abort, 'the store is away'); end`.execute(t.ctx.db);
  return {
    lift: async () => {
      await sql`drop trigger refuse_sent`.execute(t.ctx.db);
    },
  };
}

test(`a mail handed to SMTP while the store refuses the sent mark is marked once it can be, never sent again (${testStoreKind})`, async () => {
  const smtp = await startSmtpListener();
  const rec = recorder();
  const worker = delivery(smtp.url, rec.log);
  try {
    const { mail } = await queuedMail();
    const fault = await refuseSentMarks();
    const run = worker.run();
    await until('the sent mark failed and is being retried', () =>
      rec.lines.some((l) => l.msg.includes('not marked sent yet')),
    );
    // Still held by this worker meanwhile, under a short lease: no other worker may send it.
    const held = await outboxRow(mail.id);
    assert.equal(held.status, 'pending');
    assert.equal(held.locked_by, 'test-worker');
    assert.ok(new Date(held.locked_until ?? 0).getTime() <= clock + 90_000);
    await fault.lift();
    assert.deepEqual(await run, { sent: 1, failed: 0 });
    assert.equal((await outboxRow(mail.id)).status, 'sent');

    clock += 3_600_000;
    assert.deepEqual(await worker.run(), { sent: 0, failed: 0 });
    assert.equal(smtp.messages.length, 1, 'sent once');
    assert.equal(smtp.messages[0]?.messageId, outboxMessageId(held, 'Staydesk <bookings@staydesk.test>'));
    assert.match(smtp.messages[0]?.messageId ?? '', /^<outbox-\d+\.[0-9a-f]{16}@staydesk\.test>$/);
  } finally {
    worker.close();
    await smtp.close();
  }
});

// Short leases on the real clock: a worker renews its lease every third of it while it sends and
// while it retries the sent mark, so a second worker polling all along never takes the mail.
const SHORT_LEASE_MS = 600;

function realClockWorker(smtpUrl: string, worker: string, log = recorder().log) {
  return createMailDelivery({
    db: t.ctx.db,
    config: { smtpUrl, mailFrom: 'Staydesk <bookings@staydesk.test>' },
    metrics: t.ctx.metrics,
    log,
    now: () => new Date(),
    worker,
    leaseMs: SHORT_LEASE_MS,
  });
}

/** A queued mail due now on the real clock. */
async function mailDueNow() {
  const queued = await queuedMail();
  await t.ctx.db
    .updateTable('outbox')
    .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', queued.mail.id)
    .execute();
  return queued;
}

/** Runs `other` over and over until `done` settles; returns what each of its rounds sent. */
async function pollWhile(done: Promise<unknown>, other: ReturnType<typeof realClockWorker>): Promise<number[]> {
  let settled = false;
  void done.finally(() => (settled = true)).catch(() => undefined);
  const rounds: number[] = [];
  while (!settled) {
    const { sent, failed } = await other.run();
    rounds.push(sent + failed);
    await new Promise((r) => setTimeout(r, 50));
  }
  return rounds;
}

test(
  `a send slower than several leases keeps its lease renewed: a second worker never takes the mail, sent once (${testStoreKind})`,
  { timeout: testTimeout(60_000) },
  async () => {
    let accept = () => {};
    const smtp = await startSmtpListener(0, { holdUntil: new Promise<void>((resolve) => (accept = resolve)) });
    const a = realClockWorker(smtp.url, 'worker-a');
    const b = realClockWorker(smtp.url, 'worker-b');
    try {
      const { mail } = await mailDueNow();
      const run = a.run();
      await until('worker a claimed the mail', async () => (await outboxRow(mail.id)).locked_by === 'worker-a');
      const firstLease = new Date((await outboxRow(mail.id)).locked_until ?? 0).getTime();
      assert.ok(firstLease <= Date.now() + SHORT_LEASE_MS);
      const polling = pollWhile(run, b);
      // The relay holds the mail until a has renewed its lease past two more leases; b polls meanwhile.
      await until(
        'the lease renewed past two more leases',
        async () => new Date((await outboxRow(mail.id)).locked_until ?? 0).getTime() > firstLease + SHORT_LEASE_MS * 2,
      );
      const midway = await outboxRow(mail.id);
      assert.equal(midway.locked_by, 'worker-a');
      assert.equal(midway.status, 'pending');
      accept();
      const rounds = await polling;
      assert.deepEqual(await run, { sent: 1, failed: 0 });
      assert.ok(rounds.length >= 3, `worker b polled ${rounds.length} times`);
      assert.ok(
        rounds.every((n) => n === 0),
        'worker b never sent it',
      );
      assert.deepEqual(await b.run(), { sent: 0, failed: 0 });
      assert.equal(smtp.messages.length, 1, 'sent once');
      const row = await outboxRow(mail.id);
      assert.equal(row.status, 'sent');
      assert.equal(row.locked_by, null);
    } finally {
      a.close();
      b.close();
      await smtp.close();
    }
  },
);

test(
  `while the sent mark is refused for longer than a lease the mark is retried and the lease renewed: another worker never sends it (${testStoreKind})`,
  { timeout: testTimeout(60_000) },
  async () => {
    const smtp = await startSmtpListener();
    const rec = recorder();
    const a = realClockWorker(smtp.url, 'worker-a', rec.log);
    const b = realClockWorker(smtp.url, 'worker-b');
    try {
      const { mail } = await mailDueNow();
      const fault = await refuseSentMarks();
      const run = a.run();
      await until('the sent mark failed', () => rec.lines.some((l) => l.msg.includes('not marked sent yet')));
      const refusedAt = Date.now();
      const polling = pollWhile(run, b);
      // Refused until a has renewed its lease past two more leases while b polls; the mark is tried
      // again and again meanwhile.
      await until(
        'the lease renewed past two more leases',
        async () => new Date((await outboxRow(mail.id)).locked_until ?? 0).getTime() > refusedAt + SHORT_LEASE_MS * 3,
      );
      const held = await outboxRow(mail.id);
      assert.equal(held.status, 'pending');
      assert.equal(held.locked_by, 'worker-a');
      await fault.lift();
      const rounds = await polling;
      assert.deepEqual(await run, { sent: 1, failed: 0 });
      assert.ok(
        rounds.every((n) => n === 0),
        'worker b never sent it',
      );
      const marked = rec.lines.find((l) => l.msg === 'mail marked sent after the store came back');
      assert.ok(marked !== undefined);
      assert.ok(Number(marked.obj.tries) >= 3, `the mark was tried ${String(marked.obj.tries)} times`);
      assert.equal((await outboxRow(mail.id)).status, 'sent');
      assert.equal(smtp.messages.length, 1, 'sent once');
    } finally {
      a.close();
      b.close();
      await smtp.close();
    }
  },
);

test(
  `a mail sent again after its worker stopped before the sent mark carries the same Message-ID; each row has its own (${testStoreKind})`,
  { timeout: testTimeout(60_000) },
  async () => {
    const smtp = await startSmtpListener();
    const rec = recorder();
    const a = realClockWorker(smtp.url, 'worker-a', rec.log);
    const b = realClockWorker(smtp.url, 'worker-b');
    try {
      const { mail } = await mailDueNow();
      const fault = await refuseSentMarks();
      const stop = new AbortController();
      const run = a.run(stop.signal);
      await until('the sent mark failed', () => rec.lines.some((l) => l.msg.includes('not marked sent yet')));
      stop.abort();
      await run;
      assert.ok(rec.lines.some((l) => l.msg.includes('it may go again, same Message-ID')));
      await fault.lift();
      const held = await outboxRow(mail.id);
      assert.equal(held.status, 'pending', 'not marked: the mail may not have gone');
      await until('the stopped worker lease ran out', () => Date.now() > new Date(held.locked_until ?? 0).getTime());
      assert.deepEqual(await b.run(), { sent: 1, failed: 0 });
      assert.equal((await outboxRow(mail.id)).status, 'sent');
      assert.equal(smtp.messages.length, 2, 'at least once: sent again');
      const expected = outboxMessageId(held, 'Staydesk <bookings@staydesk.test>');
      assert.deepEqual(
        smtp.messages.map((m) => m.messageId),
        [expected, expected],
        'the receiver can drop the second',
      );

      const other = await mailDueNow();
      assert.deepEqual(await b.run(), { sent: 1, failed: 0 });
      await smtp.waitFor(3);
      assert.notEqual(smtp.messages[2]?.messageId, expected);
      assert.equal(smtp.messages[2]?.messageId, outboxMessageId(other.mail, 'Staydesk <bookings@staydesk.test>'));
    } finally {
      a.close();
      b.close();
      await smtp.close();
    }
  },
);

import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createClient, type CreateBookingRequest } from '../../packages/client/src/index.ts';
import type { Store } from '../../src/db/store.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { createCliStore, runCli, startCli, type CliStore, type RunningCli } from '../support/cli.ts';
import { bookingBody } from '../support/factories.ts';
import { paymentIntentEvent, stripeSignature } from '../support/payment-client.ts';
import { startSmtpListener, type SmtpListener } from '../support/smtp-listener.ts';
import { testStoreKind } from '../support/test-store.ts';
import { testTimeout } from '../support/timeouts.ts';

/**
 * The card-payment flow (docs/api.md#booking-states, docs/api.md#payment-webhook) against the real process: create a draft, the
 * processor's signed event confirms it, the poller sees `confirmed`, and the guest's mail reaches
 * the SMTP server once. Wrongly signed, stale and replayed events change nothing.
 */

const SECRET = 'whsec_e2e_card_flow';
let store: CliStore | null = null;
let smtp: SmtpListener | null = null;
let db: Store | null = null;
let server: RunningCli | null = null;
after(async () => {
  server?.kill();
  await db?.destroy();
  await smtp?.close();
  await store?.cleanup();
});

/** The message of a JSON log line; undefined for any other line. */
function logMessage(line: string): string | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    return (JSON.parse(line) as { msg?: string }).msg;
  } catch {
    return undefined;
  }
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the body it expects
async function json<T>(res: Response): Promise<{ status: number; body: T }> {
  return { status: res.status, body: (await res.json()) as T };
}

test(
  `card payment end to end: draft → signed processor event → confirmed → one mail (${testStoreKind})`,
  { timeout: testTimeout(120_000) },
  async () => {
    store = await createCliStore();
    const key = await runCli(['apikey', 'create', '--name', 'card flow', '--admin'], store.env);
    assert.equal(key.code, 0, key.stderr);
    const seeded = await runCli(['seed-demo'], store.env);
    assert.equal(seeded.code, 0, seeded.stderr);
    const accommodationId = Number(seeded.lastLine);
    smtp = await startSmtpListener();
    server = startCli(
      ['serve'],
      {
        ...store.env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        SMTP_URL: smtp.url,
        PAYMENT_WEBHOOK_SECRET: SECRET,
        STAYDESK_JOB_POLL_MS: '50',
      },
      { cwd: store.dir },
    );
    const line = await server.waitForLine((l) => l.includes('Staydesk listening on'));
    const base = /listening on (http:\/\/[^\s"]+)/.exec(line)?.[1];
    assert.ok(base, line);
    // The partner's side is the published client (packages/client), as a partner would use it.
    const client = createClient({ baseUrl: base, apiKey: key.lastLine });

    // 1. Price and create the draft, as the booking site does.
    const checkin = addDays(todayIn('UTC'), 30);
    const stay = { checkin, checkout: addDays(checkin, 3) };
    const quote = await client.availability({ accommodation_id: accommodationId, ...stay, guest_count: 2 });
    assert.equal(quote.available, true);
    const total = quote.pricing?.total ?? 0;
    const guest = `card-flow-${Date.now()}@example.com`;
    const created = await client.createBooking(
      bookingBody(accommodationId, stay, {
        partner: { email: guest },
        booking: { payment_method: 'card_processor', expected_amount: total, idempotency_key: 'card-flow-1' },
      }) as CreateBookingRequest,
    );
    assert.equal(created.status, 'draft');
    const { booking_id: bookingId, booking_reference: reference } = created;

    const status = async () => (await client.getBooking(bookingId)).booking_status;
    assert.equal(await status(), 'draft');

    // 2. The processor's event, carrying the reference in its metadata; amounts in minor units.
    const event = paymentIntentEvent('payment_intent.succeeded', {
      amount: Math.round(total * 100),
      amount_received: Math.round(total * 100),
      currency: 'eur',
      metadata: { booking_reference: reference },
    });
    const payload = JSON.stringify(event);
    const webhook = `${base}/staydesk/api/payment/webhook`;
    const post = (body: string, signature: string) =>
      fetch(webhook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });

    // Wrongly signed and stale calls first: both refused, the booking stays a draft.
    const forged = await post(payload, stripeSignature(payload, 'whsec_not_the_secret'));
    assert.equal(forged.status, 400);
    const stale = await post(payload, stripeSignature(payload, SECRET, new Date(Date.now() - 10 * 60_000)));
    assert.equal(stale.status, 400);
    assert.equal(await status(), 'draft');

    const paid = await json<{ received: boolean; outcome: string }>(
      await post(payload, stripeSignature(payload, SECRET)),
    );
    assert.equal(paid.status, 200);
    assert.deepEqual([paid.body.received, paid.body.outcome], [true, 'confirmed']);

    // 3. The event was applied before it was answered, so the poller's first look sees it confirmed.
    const confirmed = await client.waitForConfirmation(bookingId, { attempts: 1 });
    assert.equal(confirmed.booking_status, 'confirmed');

    // 4. The guest's confirmation reaches the mail server, and the worker marks it sent.
    const [mail] = await smtp.waitFor(1);
    assert.deepEqual(mail?.to, [guest]);
    assert.match(mail?.subject ?? '', new RegExp(`^Booking confirmed: .*\\(${reference}\\)$`));
    assert.match(mail?.raw ?? '', /\/staydesk\/invoices\//);

    // A replay of the same event, even freshly signed, changes nothing and mails nobody.
    const replay = await json<{ outcome: string }>(await post(payload, stripeSignature(payload, SECRET)));
    assert.equal(replay.body.outcome, 'duplicate');

    await server.waitForLine((l) => logMessage(l) === 'mail sent');
    // Once the process has stopped, no mail can still be on its way: what arrived is all there is.
    server.child.kill('SIGTERM');
    assert.deepEqual(await server.exited(), { code: 0, signal: null });
    assert.equal(smtp.messages.length, 1, 'the guest got exactly one mail');

    db = store.open();
    const conn = db.db;
    const outbox = await conn.selectFrom('outbox').select(['status', 'template', 'booking_id']).execute();
    assert.deepEqual(
      outbox.map((row) => ({ ...row })),
      [{ status: 'sent', template: 'booking_confirmation', booking_id: bookingId }],
    );
    const booking = await conn
      .selectFrom('bookings')
      .select(['status', 'payment_intent_id', 'confirmed_at'])
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    assert.equal(booking.status, 'confirmed');
    assert.equal(booking.payment_intent_id, event.data.object.id);
    assert.ok(booking.confirmed_at !== null);
  },
);

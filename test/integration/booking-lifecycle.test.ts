import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expireDueDrafts } from '../../src/bookings/expire-holds.ts';
import { billedAtInvoiceUrl } from '../support/billed-documents.ts';
import {
  bookingBody,
  bookingById,
  claimedNights,
  futureStay,
  makeAccommodation,
  outboxFor,
} from '../support/factories.ts';
import { paymentIntentEvent, postPaymentEvent } from '../support/payment-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';
import { postWebhook } from '../support/webhook-client.ts';

// The booking lifecycle end to end: who may confirm a cancelled booking, the history each change
// leaves, and the guest details each booking keeps.

const SECRET = 'whsec_test_lifecycle_secret';

let t: TestApp;
let clock = Date.now();
before(async () => {
  t = await createTestApp({ PAYMENT_WEBHOOK_SECRET: SECRET, DRAFT_HOLD_SECONDS: '600' });
  t.ctx.now = () => new Date(clock);
});
after(async () => {
  await t.close();
});

interface Created {
  booking_id: number;
  partner_id: number;
  confirmation_code: string;
  invoice_url: string;
}

interface HistoryEntry {
  event: string;
  status: string;
  actor: { kind: string; ref: string | null };
  reason: string | null;
  at: string;
}

/** 2 nights of the factory accommodation: 2 × 100 + 50 cleaning, 10 % tax. */
const TWO_NIGHTS = 275;

async function book(
  accommodationId: number,
  partner: Record<string, unknown>,
  booking: Record<string, unknown> = {},
): Promise<Created> {
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(accommodationId, futureStay(2), {
      partner,
      booking: { total_amount: TWO_NIGHTS, ...booking },
    }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: Created }>().data;
}

function paid(code: string, total: number) {
  return paymentIntentEvent('payment_intent.succeeded', {
    amount: total,
    amount_received: total,
    currency: 'eur',
    metadata: { booking_reference: code },
  });
}

async function history(bookingId: number): Promise<HistoryEntry[]> {
  const res = await t.checkedRequest({ method: 'GET', url: `/admin/api/bookings/${bookingId}`, key: t.adminKey });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { events: HistoryEntry[] } }>().data.events;
}

describe(`who may confirm a cancelled booking (${testStoreKind})`, () => {
  test('a webhook cancellation with reason payment_timeout is not a hold expiry: a later payment is refund_needed', async () => {
    const accommodation = await makeAccommodation(t.ctx.db);
    const draft = await book(
      accommodation.id,
      { email: 'timeout.faker@example.com' },
      { payment_method: 'card_processor' },
    );
    const cancel = await postWebhook(t, 'update', {
      event_type: 'cancelled',
      booking_id: draft.booking_id,
      reason: 'payment_timeout',
    });
    assert.equal(cancel.statusCode, 200, cancel.body);
    const booking = await bookingById(t.ctx.db, draft.booking_id);
    assert.equal(booking.cancel_reason, 'payment_timeout', 'the reason is kept as sent');

    const event = paid(draft.confirmation_code, booking.total);
    const res = await postPaymentEvent(t, event, { secret: SECRET });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json<{ outcome: string }>().outcome, 'refund_needed');
    const after = await bookingById(t.ctx.db, draft.booking_id);
    assert.equal(after.status, 'cancelled', 'the booking stays cancelled');
    assert.deepEqual(await claimedNights(t.ctx.db, draft.booking_id), [], 'and holds no night');
    const issues = await t.ctx.db
      .selectFrom('payment_issues')
      .select('kind')
      .where('booking_id', '=', draft.booking_id)
      .execute();
    assert.deepEqual(
      issues.map((i) => i.kind),
      ['refund_needed'],
    );
  });

  test('a draft the hold expiry cancelled is confirmed by a late payment while its nights are free', async () => {
    const accommodation = await makeAccommodation(t.ctx.db);
    const draft = await book(
      accommodation.id,
      { email: 'late.payer@example.com' },
      { payment_method: 'card_processor' },
    );
    clock += 601_000;
    assert.ok((await expireDueDrafts(t.ctx, new Date(clock))).includes(draft.booking_id));
    const expired = await bookingById(t.ctx.db, draft.booking_id);
    assert.equal(expired.status, 'cancelled');
    assert.notEqual(expired.hold_expired_at, null);

    const event = paid(draft.confirmation_code, expired.total);
    const res = await postPaymentEvent(t, event, { secret: SECRET, at: new Date(clock) });
    assert.equal(res.json<{ outcome: string }>().outcome, 'confirmed', res.body);
    const confirmed = await bookingById(t.ctx.db, draft.booking_id);
    assert.equal(confirmed.status, 'confirmed');
    assert.equal(confirmed.hold_expired_at, null);
    assert.equal((await claimedNights(t.ctx.db, draft.booking_id)).length, 2);

    assert.deepEqual(
      (await history(draft.booking_id)).map((e) => [e.event, e.status, e.actor.kind]),
      [
        ['created', 'draft', 'api_key'],
        ['expired', 'cancelled', 'hold_expiry'],
        ['confirmed', 'confirmed', 'payment_event'],
      ],
    );
    const confirmedEvent = (await history(draft.booking_id))[2];
    assert.equal(confirmedEvent?.actor.ref, event.id);
    assert.match(confirmedEvent?.reason ?? '', new RegExp(event.data.object.id));
  });
});

describe(`the history of a booking (${testStoreKind})`, () => {
  test('created, modified and cancelled by webhook, each with who and why, in the admin booking detail', async () => {
    const accommodation = await makeAccommodation(t.ctx.db);
    const created = await book(accommodation.id, { email: 'history@example.com' });
    const modify = await postWebhook(t, 'update', {
      event_type: 'booking_updated',
      booking_id: created.booking_id,
      new_data: { notes: 'Cot please' },
    });
    assert.equal(modify.statusCode, 200, modify.body);
    const cancel = await postWebhook(t, 'update', {
      event_type: 'cancelled',
      booking_id: created.booking_id,
      reason: 'guest changed plans',
    });
    assert.equal(cancel.statusCode, 200, cancel.body);

    const events = await history(created.booking_id);
    assert.deepEqual(
      events.map((e) => [e.event, e.status, e.actor.kind, e.reason]),
      [
        ['created', 'confirmed', 'api_key', 'created, paid by bank_transfer'],
        ['modified', 'modified', 'webhook', 'notes'],
        ['cancelled', 'cancelled', 'webhook', 'guest changed plans'],
      ],
    );
    const key = await t.ctx.db
      .selectFrom('bookings')
      .select('api_key_id')
      .where('id', '=', created.booking_id)
      .executeTakeFirstOrThrow();
    assert.equal(events[0]?.actor.ref, String(key.api_key_id));
    assert.notEqual(events[1]?.actor.ref, null, 'the webhook delivery is named');
  });

  test('booking_updated that changes nothing leaves the booking modified, as new_status says; again, updated: false', async () => {
    const accommodation = await makeAccommodation(t.ctx.db);
    const created = await book(accommodation.id, { email: 'unchanged@example.com' });
    const change = (reason: string) =>
      postWebhook(t, 'update', { event_type: 'booking_updated', booking_id: created.booking_id, new_data: {}, reason });
    const res = await change('first');
    assert.equal(res.statusCode, 200, res.body);
    const answer = res.json<{ updated: boolean; new_status: string }>();
    assert.equal(answer.updated, true, 'the status changed');
    assert.equal(answer.new_status, 'modified');
    assert.equal((await bookingById(t.ctx.db, created.booking_id)).status, 'modified', 'as the answer says');
    const again = await change('second');
    assert.equal(again.json<{ updated: boolean; new_status: string }>().updated, false);
    assert.deepEqual(
      (await history(created.booking_id)).map((e) => e.event),
      ['created', 'modified'],
    );
    assert.equal((await outboxFor(t.ctx.db, created.booking_id)).length, 1, 'no mail for a change of nothing');
  });
});

describe(`each booking keeps the guest details it was made with (${testStoreKind})`, () => {
  test("a later booking with the same e-mail (any case) never changes an earlier booking's guest", async () => {
    const accommodation = await makeAccommodation(t.ctx.db);
    const first = await book(accommodation.id, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'shared.guest@example.com',
      phone: '+44 1111',
      address: { street: '1 First Street', city: 'London' },
    });
    const second = await book(accommodation.id, {
      first_name: 'Bob',
      last_name: 'Builder',
      email: 'SHARED.Guest@Example.com',
      phone: '+44 2222',
      address: { street: '2 Second Street', city: 'Leeds' },
    });
    assert.equal(second.partner_id, first.partner_id, 'one partner record per e-mail');

    const view = async (id: number) => {
      const res = await t.checkedRequest({ method: 'GET', url: `${t.v1}/bookings/${id}` });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: { partner: { name: string; email: string; phone: string } } }>().data.partner;
    };
    assert.deepEqual(await view(first.booking_id), {
      id: first.partner_id,
      name: 'Ada Lovelace',
      email: 'shared.guest@example.com',
      phone: '+44 1111',
    });
    assert.deepEqual(await view(second.booking_id), {
      id: first.partner_id,
      name: 'Bob Builder',
      email: 'SHARED.Guest@Example.com',
      phone: '+44 2222',
    });

    const [firstMail] = await outboxFor(t.ctx.db, first.booking_id);
    const [secondMail] = await outboxFor(t.ctx.db, second.booking_id);
    assert.match(firstMail?.body_text ?? '', /Hello Ada,/);
    assert.match(secondMail?.body_text ?? '', /Hello Bob,/);
    assert.equal(secondMail?.recipient, 'SHARED.Guest@Example.com');

    const firstInvoice = await billedAtInvoiceUrl(t.ctx.db, first.invoice_url);
    const secondInvoice = await billedAtInvoiceUrl(t.ctx.db, second.invoice_url);
    const address = (line1: string, city: string) => ({ line1, line2: null, postal_code: null, city, country: null });
    assert.equal(firstInvoice.recipient.name, 'Ada Lovelace');
    assert.deepEqual(firstInvoice.recipient.address, address('1 First Street', 'London'));
    assert.equal(secondInvoice.recipient.name, 'Bob Builder');
    assert.deepEqual(secondInvoice.recipient.address, address('2 Second Street', 'Leeds'));
  });
});

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { expireDueDrafts } from '../../src/bookings/expire-holds.ts';
import { setSetting } from '../../src/settings/settings-repository.ts';
import { addDays } from '../../src/shared/dates.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import {
  bookingById,
  claimedNights,
  futureStay,
  insertBooking,
  makeAccommodation,
  outboxFor,
} from '../support/factories.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { postWebhook } from '../support/webhook-client.ts';
import { paymentIntentEvent, postPaymentEvent, stripeSignature } from '../support/payment-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

const SECRET = 'whsec_test_payment_secret';

interface Received {
  received: true;
  event_id: string;
  event_type: string;
  outcome: string;
  booking_id: number | null;
  message: string;
}

let t: TestApp;
before(async () => {
  t = await createTestApp({ PAYMENT_WEBHOOK_SECRET: SECRET });
});
after(async () => {
  await t.close();
});

const url = () => `/${t.config.slug}/api/payment/webhook`;

async function draft(overrides: Parameters<typeof insertBooking>[2] extends infer S ? Partial<S> : never = {}) {
  const accommodation = await makeAccommodation(t.ctx.db);
  const booking = await insertBooking(t.ctx.db, accommodation, { ...futureStay(3), status: 'draft', ...overrides });
  return { accommodation, booking };
}

function succeeded(booking: { confirmation_code: string; total: number }, intent: Record<string, unknown> = {}) {
  return paymentIntentEvent('payment_intent.succeeded', {
    amount: booking.total,
    amount_received: booking.total,
    currency: 'eur',
    metadata: { booking_reference: booking.confirmation_code },
    ...intent,
  });
}

async function issues(bookingId: number) {
  return t.ctx.db.selectFrom('payment_issues').selectAll().where('booking_id', '=', bookingId).orderBy('id').execute();
}

test(`payment_intent.succeeded for a draft confirms it, stores the payment and queues the confirmation mail (${testStoreKind})`, async () => {
  const { booking } = await draft();
  const event = succeeded(booking);
  const res = await postPaymentEvent(t, event, { secret: SECRET });
  assert.equal(res.statusCode, 200, res.body);
  const body = res.json<Received>();
  assert.equal(body.received, true);
  assert.equal(body.outcome, 'confirmed');
  assert.equal(body.booking_id, booking.id);
  assert.equal(body.event_id, event.id);
  assertMatchesOpenApi(t.app, 'POST', url(), res);

  const after = await bookingById(t.ctx.db, booking.id);
  assert.equal(after.status, 'confirmed');
  assert.equal(after.payment_intent_id, event.data.object.id);
  assert.ok(after.confirmed_at !== null);
  assert.equal((await claimedNights(t.ctx.db, booking.id)).length, 3);
  const mails = await outboxFor(t.ctx.db, booking.id);
  assert.deepEqual(
    mails.map((m) => m.template),
    ['booking_confirmation'],
  );
  assert.ok(
    mails[0]?.body_text.includes(`http://staydesk.test/${t.config.slug}/invoices/${booking.invoice_token}`),
    'the mail links to the invoice',
  );
  assert.match(mails[0]?.body_text ?? '', /card payment has been received/);

  // The same event again (the processor retries): nothing changes, no second mail.
  const again = await postPaymentEvent(t, event, { secret: SECRET });
  assert.equal(again.statusCode, 200);
  assert.equal(again.json<Received>().outcome, 'duplicate');
  assert.equal((await outboxFor(t.ctx.db, booking.id)).length, 1);
  // Another event for the same payment intent: already confirmed, nothing changes.
  const sameIntent = paymentIntentEvent('payment_intent.succeeded', { ...event.data.object });
  const third = await postPaymentEvent(t, sameIntent, { secret: SECRET });
  assert.equal(third.json<Received>().outcome, 'already_confirmed');
  assert.equal((await outboxFor(t.ctx.db, booking.id)).length, 1);
  assert.equal((await issues(booking.id)).length, 0);
});

test(`a card booking re-priced after its payment shows what is left to pay, to the host and in the list filter (${testStoreKind})`, async () => {
  await setSetting(t.ctx.db, 'webhook_secret', 'service-secret');
  const { booking } = await draft();
  assert.equal(
    (await postPaymentEvent(t, succeeded(booking), { secret: SECRET })).json<Received>().outcome,
    'confirmed',
  );
  const payment = async () => {
    const data = (await t.admin('GET', `/admin/api/bookings/${booking.id}`)).json<{
      data: {
        total_amount: number;
        payment: { amount_due: number; amount_paid: number; balance: number; state: string; schedule: unknown };
      };
    }>().data;
    // The amounts and state (the schedule is payment-terms.test.ts's).
    const { schedule: _, ...summary } = data.payment;
    return { ...data, payment: summary };
  };
  const paidTotal = (await payment()).total_amount;
  assert.deepEqual((await payment()).payment, {
    amount_due: paidTotal,
    amount_paid: paidTotal,
    balance: 0,
    state: 'paid',
  });

  // Two nights more through the signed webhook: the stay costs more than was paid.
  const longer = await postWebhook(
    t,
    'update',
    {
      event_type: 'booking_updated',
      booking_id: booking.id,
      new_data: { checkin_date: booking.checkin, checkout_date: addDays(booking.checkout, 2) },
      timestamp: new Date().toISOString(),
    },
    { secret: 'service-secret' },
  );
  assert.equal(longer.statusCode, 200, longer.body);
  const after = await payment();
  assert.ok(after.total_amount > paidTotal, `${after.total_amount} > ${paidTotal}`);
  assert.deepEqual(after.payment, {
    amount_due: after.total_amount,
    amount_paid: paidTotal,
    balance: Math.round((after.total_amount - paidTotal) * 100) / 100,
    state: 'partly_paid',
  });
  const listed = await t.admin('GET', `/admin/api/bookings?payment_state=partly_paid&limit=200`);
  assert.ok(
    listed.json<{ data: { id: number }[] }>().data.some((b) => b.id === booking.id),
    listed.body,
  );

  // The guest pays the balance by card through the processor, with another payment intent.
  const stored = await bookingById(t.ctx.db, booking.id);
  const balance = stored.total - paidTotal * 100;
  const byCard = (amount: number, id: string) =>
    postPaymentEvent(t, succeeded({ ...stored, total: amount }, { id }), { secret: SECRET });
  const tooMuch = (await byCard(balance + 1, 'pi_too_much')).json<Received>();
  assert.equal(tooMuch.outcome, 'refund_needed', 'more than the balance is not counted');
  const paidUp = (await byCard(balance, 'pi_balance')).json<Received>();
  assert.equal(paidUp.outcome, 'balance_paid', paidUp.message);
  assert.deepEqual((await payment()).payment, {
    amount_due: after.total_amount,
    amount_paid: after.total_amount,
    balance: 0,
    state: 'paid',
  });
  const again = (await byCard(balance, 'pi_balance')).json<Received>();
  assert.equal(again.outcome, 'already_confirmed', 'the same intent again counts once');
  assert.equal((await payment()).payment.amount_paid, after.total_amount);
  const ledger = await t.ctx.db
    .selectFrom('booking_payments')
    .select(['amount', 'method', 'reference'])
    .where('booking_id', '=', booking.id)
    .execute();
  assert.deepEqual(
    ledger.map((r) => ({ ...r })),
    [{ amount: balance, method: 'card', reference: 'pi_balance' }],
  );
  assert.equal((await issues(booking.id)).filter((i) => i.kind === 'refund_needed').length, 1);

  // The host undoes that payment (given back through the processor): the intent again changes nothing.
  const [row] = await t.ctx.db
    .selectFrom('booking_payments')
    .select('id')
    .where('booking_id', '=', booking.id)
    .execute();
  const undone = await t.admin('DELETE', `/admin/api/bookings/${booking.id}/payments/${row?.id}`);
  assert.equal(undone.statusCode, 200, undone.body);
  assert.equal((await byCard(balance, 'pi_balance')).json<Received>().outcome, 'already_confirmed');
  assert.equal((await payment()).payment.state, 'partly_paid');
  // The intent once too large stays an issue, even if it would fit the balance now.
  assert.equal((await byCard(balance, 'pi_too_much')).json<Received>().outcome, 'refund_needed');
  assert.equal((await payment()).payment.state, 'partly_paid');

  // A booking paid otherwise than through the processor takes no card payment this way.
  const { booking: byTransfer } = await draft({ status: 'confirmed', paymentMethod: 'bank_transfer' });
  const transferPaid = await postPaymentEvent(t, succeeded(byTransfer), { secret: SECRET });
  assert.equal(transferPaid.json<Received>().outcome, 'refund_needed');
  // Nor one created with a payment intent: paid with it, the money is raised for the host, not taken as seen.
  const { booking: withIntent } = await draft({ status: 'confirmed', paymentMethod: 'bank_transfer' });
  await t.ctx.db
    .updateTable('bookings')
    .set({ payment_intent_id: 'pi_given' })
    .where('id', '=', withIntent.id)
    .execute();
  const givenPaid = await postPaymentEvent(t, succeeded(withIntent, { id: 'pi_given' }), { secret: SECRET });
  assert.equal(givenPaid.json<Received>().outcome, 'refund_needed');
});

test(`metadata.booking_id names the draft too; the currency compares case-insensitively (${testStoreKind})`, async () => {
  const { booking } = await draft();
  const res = await postPaymentEvent(
    t,
    succeeded(booking, { currency: 'EUR', metadata: { booking_id: String(booking.id) } }),
    { secret: SECRET },
  );
  assert.equal(res.json<Received>().outcome, 'confirmed', res.body);
  assert.equal((await bookingById(t.ctx.db, booking.id)).status, 'confirmed');
});

test(`a wrong amount or currency leaves the draft and records an issue for the host (${testStoreKind})`, async () => {
  const { booking } = await draft();
  const short = await postPaymentEvent(
    t,
    succeeded(booking, { amount: booking.total - 1, amount_received: booking.total - 1 }),
    { secret: SECRET },
  );
  assert.equal(short.statusCode, 200);
  assert.equal(short.json<Received>().outcome, 'amount_mismatch');
  const dollars = await postPaymentEvent(t, succeeded(booking, { currency: 'usd' }), { secret: SECRET });
  assert.equal(dollars.json<Received>().outcome, 'currency_mismatch');
  const after = await bookingById(t.ctx.db, booking.id);
  assert.equal(after.status, 'draft');
  assert.equal(after.payment_intent_id, null);
  assert.equal((await outboxFor(t.ctx.db, booking.id)).length, 0);
  const recorded = await issues(booking.id);
  assert.deepEqual(
    recorded.map((i) => [i.kind, i.amount, i.currency]),
    [
      ['amount_mismatch', booking.total - 1, 'EUR'],
      ['currency_mismatch', booking.total, 'USD'],
    ],
  );
  assert.ok(recorded.every((i) => i.resolved_at === null && i.payment_intent_id !== null));

  // The admin API lists them.
  const listed = await t.request({ method: 'GET', url: '/admin/api/payment-issues', key: t.adminKey });
  assert.equal(listed.statusCode, 200, listed.body);
  assert.ok(listed.body.includes('amount_mismatch') && listed.body.includes('currency_mismatch'));
});

test(`a payment for a draft whose hold ran out but is still a draft confirms it (${testStoreKind})`, async () => {
  const { booking } = await draft({ holdExpiresAt: new Date(Date.now() - 60_000).toISOString() });
  const res = await postPaymentEvent(t, succeeded(booking), { secret: SECRET });
  assert.equal(res.json<Received>().outcome, 'confirmed');
  assert.equal((await claimedNights(t.ctx.db, booking.id)).length, 3);
});

test(`a late payment after the expiry job cancelled the draft re-claims the nights when they are free (${testStoreKind})`, async () => {
  const { booking } = await draft({ holdExpiresAt: new Date(Date.now() - 60_000).toISOString() });
  assert.ok((await expireDueDrafts(t.ctx, new Date())).includes(booking.id));
  const expired = await bookingById(t.ctx.db, booking.id);
  assert.equal(expired.status, 'cancelled');
  assert.equal(expired.cancel_reason, 'payment_timeout');
  assert.deepEqual(await claimedNights(t.ctx.db, booking.id), []);

  const res = await postPaymentEvent(t, succeeded(booking), { secret: SECRET });
  assert.equal(res.json<Received>().outcome, 'confirmed', res.body);
  const after = await bookingById(t.ctx.db, booking.id);
  assert.equal(after.status, 'confirmed');
  assert.equal(after.cancel_reason, null);
  assert.equal(after.cancelled_at, null);
  assert.equal((await claimedNights(t.ctx.db, booking.id)).length, 3);
  assert.deepEqual(
    (await outboxFor(t.ctx.db, booking.id)).map((m) => m.template),
    ['booking_cancellation', 'booking_confirmation'],
  );
});

test(`a late payment whose nights were taken meanwhile is recorded as refund_needed and the booking stays cancelled (${testStoreKind})`, async () => {
  const { accommodation, booking } = await draft({ holdExpiresAt: new Date(Date.now() - 60_000).toISOString() });
  await expireDueDrafts(t.ctx, new Date());
  const taker = await insertBooking(t.ctx.db, accommodation, {
    checkin: addDays(booking.checkin, 1),
    checkout: addDays(booking.checkout, 2),
    status: 'confirmed',
  });

  const res = await postPaymentEvent(t, succeeded(booking), { secret: SECRET });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json<Received>().outcome, 'refund_needed');
  const after = await bookingById(t.ctx.db, booking.id);
  assert.equal(after.status, 'cancelled');
  assert.deepEqual(await claimedNights(t.ctx.db, booking.id), []);
  assert.equal((await claimedNights(t.ctx.db, taker.id)).length, 4, 'the other stay keeps its nights');
  assert.deepEqual(
    (await issues(booking.id)).map((i) => i.kind),
    ['refund_needed'],
  );
  assert.deepEqual(
    (await outboxFor(t.ctx.db, booking.id)).map((m) => m.template),
    ['booking_cancellation'],
  );
});

test(`a payment for a booking cancelled for another reason is refund_needed (${testStoreKind})`, async () => {
  const { booking } = await draft({ status: 'cancelled', cancelReason: 'host cancelled' });
  const res = await postPaymentEvent(t, succeeded(booking), { secret: SECRET });
  assert.equal(res.json<Received>().outcome, 'refund_needed');
  assert.equal((await bookingById(t.ctx.db, booking.id)).status, 'cancelled');
});

test(`payment_failed is recorded and the booking stays a draft; other events are acknowledged and ignored (${testStoreKind})`, async () => {
  const { booking } = await draft();
  const failed = paymentIntentEvent('payment_intent.payment_failed', {
    amount: booking.total,
    currency: 'eur',
    status: 'requires_payment_method',
    metadata: { booking_reference: booking.confirmation_code },
    last_payment_error: { message: 'Your card was declined.' },
  });
  const res = await postPaymentEvent(t, failed, { secret: SECRET });
  assert.equal(res.json<Received>().outcome, 'payment_failed');
  assert.equal((await bookingById(t.ctx.db, booking.id)).status, 'draft');
  const recorded = await issues(booking.id);
  assert.equal(recorded.length, 1);
  assert.match(recorded[0]?.detail ?? '', /declined/);

  const other = {
    id: 'evt_other_1',
    object: 'event',
    type: 'customer.created',
    data: { object: { id: 'cus_1', object: 'customer' } },
  };
  const ignored = await postPaymentEvent(t, other, { secret: SECRET });
  assert.equal(ignored.statusCode, 200);
  assert.deepEqual(ignored.json<Received>(), {
    received: true,
    event_id: 'evt_other_1',
    event_type: 'customer.created',
    outcome: 'ignored',
    booking_id: null,
    message: 'Event type customer.created is not used by this service.',
  });
});

test(`a payment naming no booking is recorded as unknown_booking (${testStoreKind})`, async () => {
  const res = await postPaymentEvent(t, succeeded({ confirmation_code: 'NOSUCHCODE', total: 1000 }), {
    secret: SECRET,
  });
  assert.equal(res.json<Received>().outcome, 'unknown_booking');
  const row = await t.ctx.db
    .selectFrom('payment_issues')
    .selectAll()
    .where('kind', '=', 'unknown_booking')
    .executeTakeFirst();
  assert.ok(row !== undefined && row.booking_id === null);
});

test(`unsigned, wrongly signed, stale or malformed calls are 400s and change nothing (${testStoreKind})`, async () => {
  const { booking } = await draft();
  const event = succeeded(booking);
  const cases: [string, Parameters<typeof postPaymentEvent>[2], string][] = [
    ['unsigned', {}, 'missing_signature'],
    ['wrong secret', { secret: 'whsec_someone_else' }, 'invalid_signature'],
    ['garbage header', { header: 't=1,v1=abc' }, 'invalid_signature'],
    ['ten minutes old', { secret: SECRET, at: new Date(Date.now() - 10 * 60_000) }, 'stale_signature'],
    ['ten minutes ahead', { secret: SECRET, at: new Date(Date.now() + 10 * 60_000) }, 'stale_signature'],
    ['a year ahead', { secret: SECRET, at: new Date(Date.now() + 365 * 24 * 3600_000) }, 'stale_signature'],
    ['service-style signature', { header: 'sha256=00ff' }, 'invalid_signature'],
  ];
  for (const [name, options, reason] of cases) {
    const res = await postPaymentEvent(t, event, options);
    assert.equal(assertErrorEnvelope(res, 400, 'BAD_REQUEST').error.details.reason, reason, name);
  }
  // Signed bytes that are not the bytes sent.
  const tampered = await postPaymentEvent(t, event, {
    raw: JSON.stringify({ ...event, type: 'payment_intent.succeeded ' }),
    header: stripeSignature(JSON.stringify(event), SECRET),
  });
  assertErrorEnvelope(tampered, 400, 'BAD_REQUEST');
  const malformed = await postPaymentEvent(t, null, { raw: '{"id": "evt_x", ', secret: SECRET });
  assert.equal(assertErrorEnvelope(malformed, 400, 'BAD_REQUEST').error.details.reason, 'malformed_json');
  const poisoned = await postPaymentEvent(t, null, {
    raw: '{"id":"evt_p","type":"x","data":{"object":{}},"__proto__":{"x":1}}',
    secret: SECRET,
  });
  assert.equal(assertErrorEnvelope(poisoned, 400, 'BAD_REQUEST').error.details.reason, 'forbidden_json_key');
  const noIntent = await postPaymentEvent(
    t,
    { id: 'evt_bad_pi', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } },
    { secret: SECRET },
  );
  assert.equal(assertErrorEnvelope(noIntent, 400, 'BAD_REQUEST').error.details.reason, 'invalid_payment_intent');

  assert.equal((await bookingById(t.ctx.db, booking.id)).status, 'draft');
  assert.equal(
    (await t.ctx.db.selectFrom('inbound_webhook_events').select('id').where('dedupe_key', '=', event.id).execute())
      .length,
    0,
  );
});

test(`a signature dated up to 5 minutes ahead (clock skew) is accepted (${testStoreKind})`, async () => {
  const { booking } = await draft();
  const res = await postPaymentEvent(t, succeeded(booking), { secret: SECRET, at: new Date(Date.now() + 4 * 60_000) });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json<Received>().outcome, 'confirmed');
});

test(`the secret in admin settings overrides PAYMENT_WEBHOOK_SECRET (${testStoreKind})`, async () => {
  const { booking } = await draft();
  await setSetting(t.ctx.db, 'payment_webhook_secret', 'whsec_from_settings');
  try {
    const envSigned = await postPaymentEvent(t, succeeded(booking), { secret: SECRET });
    assertErrorEnvelope(envSigned, 400, 'BAD_REQUEST');
    const settingsSigned = await postPaymentEvent(t, succeeded(booking), { secret: 'whsec_from_settings' });
    assert.equal(settingsSigned.json<Received>().outcome, 'confirmed');
  } finally {
    await setSetting(t.ctx.db, 'payment_webhook_secret', null);
  }
});

test(`with no secret anywhere the endpoint refuses every call with 400 payment_webhook_not_configured (${testStoreKind})`, async () => {
  const bare = await createTestApp();
  try {
    const accommodation = await makeAccommodation(bare.ctx.db);
    const booking = await insertBooking(bare.ctx.db, accommodation, { ...futureStay(2), status: 'draft' });
    for (const options of [{}, { secret: SECRET }]) {
      const res = await postPaymentEvent(bare, succeeded(booking), options);
      assert.equal(assertErrorEnvelope(res, 400, 'BAD_REQUEST').error.details.reason, 'payment_webhook_not_configured');
    }
    assert.equal((await bookingById(bare.ctx.db, booking.id)).status, 'draft');
  } finally {
    await bare.close();
  }
});

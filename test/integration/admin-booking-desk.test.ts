import assert from 'node:assert/strict';
import { billedAtInvoiceUrl } from '../support/billed-documents.ts';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Accommodation } from '../../src/db/schema.ts';
import { quoteStay } from '../../src/pricing/quote-stay.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import {
  bookingBody,
  claimedNights,
  futureStay,
  insertFeed,
  insertReservation,
  makeAccommodation,
  outboxFor,
} from '../support/factories.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

interface Payment {
  amount_due: number;
  amount_paid: number;
  balance: number;
  state: string;
}
interface DeskBooking {
  kind: string;
  id: number;
  confirmation_code: string;
  status: string;
  source: string;
  checkin_date: string;
  checkout_date: string;
  adults: number;
  children: number;
  babies: number;
  guest_notes: string;
  internal_note: string;
  payment_method: string;
  total_amount: number;
  price_note: string | null;
  payment: Payment;
  partner: { id: number; name: string; email: string; phone: string | null };
  payments: { id: number; amount: number; method: string; undone_at: string | null; reference: string | null }[];
  events: { event: string; actor: { kind: string; ref: string | null }; reason: string | null }[];
}

/** The payment summary's amounts and state (its schedule is payment-terms.test.ts's). */
function withoutSchedule(payment: Payment & { schedule?: unknown }): Payment {
  const { schedule: _, ...rest } = payment;
  return rest;
}

function guest(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Maria',
    last_name: 'Santos',
    email: 'maria@example.com',
    phone: '+351 912 345 678',
    ...overrides,
  };
}

async function createByHand(acc: Accommodation, stay: { checkin: string; checkout: string }, body = {}) {
  const res = await t.admin('POST', '/admin/api/bookings', {
    accommodation_id: acc.id,
    checkin_date: stay.checkin,
    checkout_date: stay.checkout,
    adults_count: 2,
    guest: guest(),
    ...body,
  });
  return res;
}

async function created(acc: Accommodation, stay: { checkin: string; checkout: string }, body = {}) {
  const res = await createByHand(acc, stay, body);
  assert.equal(res.statusCode, 201, res.body);
  assertMatchesOpenApi(t.app, 'POST', '/admin/api/bookings', res);
  return res.json<{ data: DeskBooking }>().data;
}

async function show(id: number): Promise<DeskBooking> {
  const res = await t.admin('GET', `/admin/api/bookings/${id}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: DeskBooking }>().data;
}

async function listed(query: string): Promise<DeskBooking[]> {
  const res = await t.admin('GET', `/admin/api/bookings${query}`);
  assert.equal(res.statusCode, 200, res.body);
  assertMatchesOpenApi(t.app, 'GET', '/admin/api/bookings', res);
  return res.json<{ data: DeskBooking[] }>().data;
}

async function priceOf(acc: Accommodation, stay: { checkin: string; checkout: string }, guests = 2): Promise<number> {
  return (await quoteStay(t.ctx.db, acc, { ...stay, guests, extras: {} })).total;
}

describe(`the booking desk in the admin API (${testStoreKind})`, () => {
  test('POST /bookings makes a confirmed booking by hand, priced as v1, mailed, with history naming the key', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const stay = futureStay(3);
    const data = await created(acc, stay, { source: 'walk_in', payment_method: 'cash', internal_note: 'VIP' });
    assert.equal(data.kind, 'booking');
    assert.equal(data.status, 'confirmed');
    assert.equal(data.source, 'walk_in');
    assert.equal(data.payment_method, 'cash');
    assert.equal(data.internal_note, 'VIP');
    assert.equal(data.total_amount, (await priceOf(acc, stay)) / 100);
    assert.equal(data.price_note, null);
    assert.deepEqual(withoutSchedule(data.payment), {
      amount_due: data.total_amount,
      amount_paid: 0,
      balance: data.total_amount,
      state: 'unpaid',
    });
    assert.equal(data.partner.name, 'Maria Santos');
    assert.equal((await claimedNights(t.ctx.db, data.id)).length, 3);
    const mails = await outboxFor(t.ctx.db, data.id);
    assert.equal(mails.length, 1);
    assert.equal(mails[0]?.recipient, 'maria@example.com');
    assert.ok(!mails[0]?.body_text.includes('VIP'), 'the internal note is never mailed');
    assert.equal(data.events[0]?.event, 'created');
    assert.equal(data.events[0]?.actor.kind, 'host');
    assert.match(data.events[0]?.reason ?? '', /walk_in/);
  });

  test('a price set by hand with its note; no e-mail or notify_guest false: no mail', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const priced = await created(acc, futureStay(2), { total_amount: 150.5, price_note: 'friends rate' });
    assert.equal(priced.total_amount, 150.5);
    assert.equal(priced.price_note, 'friends rate');
    assert.match(priced.events[0]?.reason ?? '', /price set by hand/);
    // The invoice states the stay at the price set, and the tax that price contains.
    const invoiceOf = async (id: number) => {
      const row = await t.ctx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return { row, invoice: await billedAtInvoiceUrl(t.ctx.db, row.invoice_token) };
    };
    const { row, invoice } = await invoiceOf(priced.id);
    assert.equal(row.total, 15050);
    // 150.50 with 10 % in it: 13.68 of tax (150.50 × 0.1 / 1.1 = 13.6818...), 136.82 for the stay.
    assert.deepEqual(invoice.lines, [
      { kind: 'agreed_price', detail: null, amount: 13682 },
      { kind: 'tax', detail: '100000', amount: 1368 },
    ]);
    assert.equal(invoice.total, 15050);
    const computedPrice = await invoiceOf((await created(acc, futureStay(2))).id);
    assert.deepEqual(
      computedPrice.invoice.lines.map((l) => l.kind),
      ['nights', 'cleaning', 'tax'],
    );
    assert.equal(computedPrice.invoice.lines.at(-1)?.amount, computedPrice.row.tax);

    const noEmail = await created(acc, futureStay(2), {
      guest: { first_name: 'Owner', last_name: 'Stay' },
      source: 'owner',
    });
    assert.equal(noEmail.partner.email, '');
    assert.equal((await outboxFor(t.ctx.db, noEmail.id)).length, 0);
    // Guests without an e-mail are not one guest: each has a partner record of its own; one
    // e-mail, whatever its case, is one guest.
    const otherNoEmail = await created(acc, futureStay(2), { guest: { first_name: 'Ben', last_name: 'Other' } });
    assert.notEqual(otherNoEmail.partner.id, noEmail.partner.id);
    const again = await created(acc, futureStay(2), { guest: guest({ email: 'MARIA@example.com' }) });
    assert.equal(again.partner.id, priced.partner.id);
    const quiet = await created(acc, futureStay(2), { notify_guest: false });
    assert.equal((await outboxFor(t.ctx.db, quiet.id)).length, 0);

    const tooPrecise = await createByHand(acc, futureStay(2), { total_amount: 10.123 });
    assertErrorEnvelope(tooPrecise, 400, 'BAD_REQUEST');
  });

  test('stay rules as for v1; override_rules skips min/max stay only; taken nights are the v1 409', async () => {
    const acc = await makeAccommodation(t.ctx.db, { min_stay: 3, max_guests: 2 });
    const short = await createByHand(acc, futureStay(1));
    assertErrorEnvelope(short, 400, 'BAD_REQUEST');
    assert.equal(short.json<{ error: { details: { reason: string } } }>().error.details.reason, 'min_stay');
    const overridden = await created(acc, futureStay(1), { override_rules: true });
    assert.equal(overridden.status, 'confirmed');
    const crowded = await createByHand(acc, futureStay(3), { adults_count: 3, override_rules: true });
    assert.equal(crowded.json<{ error: { details: { reason: string } } }>().error.details.reason, 'max_guests');

    const stay = futureStay(3);
    await created(acc, stay);
    const taken = await createByHand(acc, stay);
    assertErrorEnvelope(taken, 409, 'CONFLICT');
    const details = taken.json<{ error: { details: { reason: string; parameter: string } } }>().error.details;
    assert.equal(details.reason, 'dates_unavailable');
    assert.equal(details.parameter, 'checkin_date');
    assertErrorEnvelope(
      await t.admin('POST', '/admin/api/bookings', { accommodation_id: 999999, ...futureStay(2) }),
      400,
      'BAD_REQUEST',
    );
    const unknown = await createByHand({ ...acc, id: 999999 }, futureStay(3));
    assertErrorEnvelope(unknown, 404, 'NOT_FOUND');
  });

  test('a booking by hand racing a v1 booking for the same nights: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const acc = await makeAccommodation(t.ctx.db);
      const stay = futureStay(3);
      const total = (await priceOf(acc, stay)) / 100;
      const [byHand, v1] = await Promise.all([
        createByHand(acc, stay),
        t.request({
          method: 'POST',
          url: `${t.v1}/bookings`,
          payload: bookingBody(acc.id, stay, { booking: { expected_amount: total } }),
        }),
      ]);
      const wins = [byHand.statusCode === 201, v1.statusCode === 200].filter(Boolean).length;
      assert.equal(wins, 1, `${byHand.statusCode} ${byHand.body} / ${v1.statusCode} ${v1.body}`);
      const loser = byHand.statusCode === 201 ? v1 : byHand;
      assertErrorEnvelope(loser, 409, 'CONFLICT');
      assert.equal(loser.json<{ error: { details: { reason: string } } }>().error.details.reason, 'dates_unavailable');
      const night = await t.ctx.db
        .selectFrom('night_claims')
        .select(({ fn }) => fn.countAll<string | number>().as('n'))
        .where('accommodation_id', '=', acc.id)
        .executeTakeFirstOrThrow();
      assert.equal(Number(night.n), 3);
    }
  });

  test('PATCH edits dates, guests and the note; re-priced unless a price is given; mails only when asked', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const booking = await created(acc, futureStay(3));
    const mailsBefore = (await outboxFor(t.ctx.db, booking.id)).length;

    const note = await t.admin('PATCH', `/admin/api/bookings/${booking.id}`, { internal_note: 'pays on arrival' });
    assert.equal(note.statusCode, 200, note.body);
    assertMatchesOpenApi(t.app, 'PATCH', `/admin/api/bookings/${booking.id}`, note);
    const noted = note.json<{ data: DeskBooking }>().data;
    assert.equal(noted.internal_note, 'pays on arrival');
    assert.equal(noted.status, 'confirmed', 'a note alone changes nothing for the guest');
    assert.equal(noted.events.at(-1)?.event, 'noted');

    const stay = futureStay(4);
    const res = await t.admin('PATCH', `/admin/api/bookings/${booking.id}`, {
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
      adults_count: 3,
      babies_count: 1,
    });
    assert.equal(res.statusCode, 200, res.body);
    const moved = res.json<{ data: DeskBooking }>().data;
    assert.equal(moved.status, 'modified');
    assert.equal(moved.checkin_date, stay.checkin);
    assert.equal(moved.adults, 3);
    assert.equal(moved.babies, 1);
    assert.equal(moved.total_amount, (await priceOf(acc, stay, 3)) / 100);
    assert.deepEqual(await claimedNights(t.ctx.db, booking.id), (await claimedNights(t.ctx.db, booking.id)).sort());
    assert.equal((await claimedNights(t.ctx.db, booking.id))[0], stay.checkin);
    const last = moved.events.at(-1);
    assert.equal(last?.event, 'modified');
    assert.deepEqual(last?.actor.kind, 'host');
    assert.match(last?.reason ?? '', /dates/);
    assert.equal((await outboxFor(t.ctx.db, booking.id)).length, mailsBefore, 'not mailed without notify_guest');

    const kept = await t.admin('PATCH', `/admin/api/bookings/${booking.id}`, {
      adults_count: 2,
      total_amount: moved.total_amount,
      notify_guest: true,
    });
    assert.equal(kept.statusCode, 200, kept.body);
    assert.equal(kept.json<{ data: DeskBooking }>().data.total_amount, moved.total_amount, 'the old price kept');
    const mails = await outboxFor(t.ctx.db, booking.id);
    assert.equal(mails.length, mailsBefore + 1);
    const mail = mails.at(-1);
    assert.match(mail?.body_text ?? '', /What changed: 2 adults, 1 baby\./);
    assert.ok(!(mail?.body_text ?? '').includes('pays on arrival'));

    const other = await created(acc, futureStay(2));
    const clash = await t.admin('PATCH', `/admin/api/bookings/${other.id}`, {
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
    });
    assertErrorEnvelope(clash, 409, 'CONFLICT');
    assert.equal(clash.json<{ error: { details: { reason: string } } }>().error.details.reason, 'dates_unavailable');
    assertErrorEnvelope(await t.admin('PATCH', '/admin/api/bookings/999999', { adults_count: 1 }), 404, 'NOT_FOUND');
    assertErrorEnvelope(
      await t.admin('PATCH', `/admin/api/bookings/${other.id}`, { guest_notes: 'x' }),
      400,
      'BAD_REQUEST',
    );
  });

  test('cancel with a reason, mailing the guest or not', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const one = await created(acc, futureStay(2));
    const before = (await outboxFor(t.ctx.db, one.id)).length;
    const res = await t.admin('POST', `/admin/api/bookings/${one.id}/cancel`, {
      reason: 'guest called',
      notify_guest: false,
    });
    assert.equal(res.statusCode, 200, res.body);
    assertMatchesOpenApi(t.app, 'POST', `/admin/api/bookings/${one.id}/cancel`, res);
    const cancelled = res.json<{ data: DeskBooking }>().data;
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(cancelled.events.at(-1)?.reason, 'guest called');
    assert.equal((await outboxFor(t.ctx.db, one.id)).length, before);
    assert.deepEqual(await claimedNights(t.ctx.db, one.id), []);

    const two = await created(acc, futureStay(2));
    const mailed = await t.admin('POST', `/admin/api/bookings/${two.id}/cancel`, {});
    assert.equal(mailed.statusCode, 200, mailed.body);
    assert.equal((await outboxFor(t.ctx.db, two.id)).at(-1)?.template, 'booking_cancellation');
    assertErrorEnvelope(await t.admin('POST', '/admin/api/bookings/999999/cancel', {}), 404, 'NOT_FOUND');
  });

  test('payments: recorded, undone (history keeps both), states from unpaid to overpaid', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const booking = await created(acc, futureStay(2), { total_amount: 300 });
    const pay = async (body: Record<string, unknown>) => {
      const res = await t.admin('POST', `/admin/api/bookings/${booking.id}/payments`, body);
      assert.equal(res.statusCode, 201, res.body);
      assertMatchesOpenApi(t.app, 'POST', `/admin/api/bookings/${booking.id}/payments`, res);
      return res.json<{ data: { payment: { id: number }; booking: DeskBooking } }>().data;
    };
    const first = await pay({ amount: 100, method: 'cash', received_on: '2026-11-20', reference: 'receipt 7' });
    assert.deepEqual(withoutSchedule(first.booking.payment), {
      amount_due: 300,
      amount_paid: 100,
      balance: 200,
      state: 'partly_paid',
    });
    assert.deepEqual(
      (await listed(`?payment_state=partly_paid&accommodation_id=${acc.id}`)).map((b) => b.id),
      [booking.id],
    );
    const second = await pay({ amount: 250, method: 'bank_transfer' });
    assert.deepEqual(withoutSchedule(second.booking.payment), {
      amount_due: 300,
      amount_paid: 350,
      balance: -50,
      state: 'overpaid',
    });
    assert.deepEqual(
      (await listed(`?payment_state=overpaid&accommodation_id=${acc.id}`)).map((b) => b.id),
      [booking.id],
    );

    const undo = await t.admin('DELETE', `/admin/api/bookings/${booking.id}/payments/${second.payment.id}`);
    assert.equal(undo.statusCode, 200, undo.body);
    assertMatchesOpenApi(t.app, 'DELETE', `/admin/api/bookings/${booking.id}/payments/${second.payment.id}`, undo);
    const after = undo.json<{ data: DeskBooking }>().data;
    assert.deepEqual(withoutSchedule(after.payment), {
      amount_due: 300,
      amount_paid: 100,
      balance: 200,
      state: 'partly_paid',
    });
    assert.equal(after.payments.length, 2, 'the undone payment stays listed');
    assert.notEqual(after.payments[1]?.undone_at, null);
    assert.deepEqual(
      after.events.map((e) => e.event),
      ['created', 'payment_recorded', 'payment_recorded', 'payment_undone'],
    );
    assertErrorEnvelope(
      await t.admin('DELETE', `/admin/api/bookings/${booking.id}/payments/${second.payment.id}`),
      409,
      'CONFLICT',
    );
    assertErrorEnvelope(await t.admin('DELETE', `/admin/api/bookings/${booking.id}/payments/999999`), 404, 'NOT_FOUND');
    assertErrorEnvelope(
      await t.admin('POST', `/admin/api/bookings/${booking.id}/payments`, { amount: 0, method: 'cash' }),
      400,
      'BAD_REQUEST',
    );
    const paid = await pay({ amount: 200, method: 'card' });
    assert.deepEqual(withoutSchedule(paid.booking.payment), {
      amount_due: 300,
      amount_paid: 300,
      balance: 0,
      state: 'paid',
    });
    assert.deepEqual(
      (await listed(`?payment_state=paid&accommodation_id=${acc.id}`)).map((b) => b.id),
      [booking.id],
    );

    // A refund is a negative amount: it counts against what was paid, never beyond it.
    const tooMuch = await t.admin('POST', `/admin/api/bookings/${booking.id}/payments`, {
      amount: -300.01,
      method: 'bank_transfer',
    });
    assertErrorEnvelope(tooMuch, 409, 'CONFLICT');
    assert.equal(
      tooMuch.json<{ error: { details: { reason: string } } }>().error.details.reason,
      'refund_exceeds_paid',
    );
    const zero = await t.admin('POST', `/admin/api/bookings/${booking.id}/payments`, { amount: 0, method: 'cash' });
    assert.equal(zero.json<{ error: { details: { reason: string } } }>().error.details.reason, 'invalid_amount');
    const refund = await pay({ amount: -250, method: 'bank_transfer', reference: 'refund 1' });
    assert.deepEqual(withoutSchedule(refund.booking.payment), {
      amount_due: 300,
      amount_paid: 50,
      balance: 250,
      state: 'partly_paid',
    });
    assert.equal(refund.booking.payments.at(-1)?.amount, -250);
    assert.match(
      refund.booking.events.at(-1)?.reason ?? '',
      /^refund \d+: 250\.00 EUR by bank_transfer, given back \d{4}-\d{2}-\d{2}, reference refund 1$/,
    );
    // The card payment the refund gave back cannot be undone before the refund is.
    const blocked = await t.admin('DELETE', `/admin/api/bookings/${booking.id}/payments/${paid.payment.id}`);
    assertErrorEnvelope(blocked, 409, 'CONFLICT');
    assert.equal(
      blocked.json<{ error: { details: { reason: string } } }>().error.details.reason,
      'refund_exceeds_paid',
    );
    const refundUndone = await t.admin('DELETE', `/admin/api/bookings/${booking.id}/payments/${refund.payment.id}`);
    assert.equal(refundUndone.statusCode, 200, refundUndone.body);
    assert.equal(refundUndone.json<{ data: DeskBooking }>().data.payment.state, 'paid');
    assert.deepEqual(await listed(`?payment_state=unpaid&accommodation_id=${acc.id}`), []);
  });

  test('a payment recorded twice at once: both kept, the balance right', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const booking = await created(acc, futureStay(2), { total_amount: 500 });
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.admin('POST', `/admin/api/bookings/${booking.id}/payments`, { amount: 60, method: 'cash' }),
      ),
    );
    for (const r of results) assert.equal(r.statusCode, 201, r.body);
    const after = await show(booking.id);
    assert.equal(after.payments.length, 4);
    assert.deepEqual(withoutSchedule(after.payment), {
      amount_due: 500,
      amount_paid: 240,
      balance: 260,
      state: 'partly_paid',
    });
  });

  test("a payment the host records shows in the partner's GET /bookings/:id too", async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const total = (await priceOf(acc, stay)) / 100;
    const booked = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(acc.id, stay, { booking: { expected_amount: total } }),
    });
    assert.equal(booked.statusCode, 200, booked.body);
    const id = booked.json<{ data: { booking_id: number } }>().data.booking_id;
    const partnerView = async () =>
      (await t.request({ method: 'GET', url: `${t.v1}/bookings/${id}` })).json<{
        data: { payment: { state: string; amount_paid: number; balance: number } };
      }>().data.payment;
    assert.deepEqual(await partnerView(), { state: 'unpaid', amount_paid: 0, balance: total });
    const paid = await t.admin('POST', `/admin/api/bookings/${id}/payments`, { amount: 10, method: 'bank_transfer' });
    assert.equal(paid.statusCode, 201, paid.body);
    assert.deepEqual(await partnerView(), { state: 'partly_paid', amount_paid: 10, balance: total - 10 });
  });

  test('a processor-confirmed card booking counts as paid; a cancelled one is owed back', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const card = await created(acc, futureStay(2), { payment_method: 'card_processor' });
    assert.equal(card.payment.state, 'unpaid', 'a card booking by hand has no processor payment');
    // As the processor's payment confirms it (src/bookings/confirm-booking.ts): its intent and what it paid.
    await t.ctx.db
      .updateTable('bookings')
      .set((eb) => ({ payment_intent_id: 'pi_desk', processor_paid: eb.ref('total') }))
      .where('id', '=', card.id)
      .execute();
    const paid = await show(card.id);
    assert.deepEqual(withoutSchedule(paid.payment), {
      amount_due: paid.total_amount,
      amount_paid: paid.total_amount,
      balance: 0,
      state: 'paid',
    });
    await t.admin('POST', `/admin/api/bookings/${card.id}/cancel`, { notify_guest: false });
    const refund = await show(card.id);
    assert.deepEqual(withoutSchedule(refund.payment), {
      amount_due: 0,
      amount_paid: paid.total_amount,
      balance: -paid.total_amount,
      state: 'overpaid',
    });
    // The host gives the processor's payment back and records it: settled, with nothing paid.
    const givenBack = await t.admin('POST', `/admin/api/bookings/${card.id}/payments`, {
      amount: -paid.total_amount,
      method: 'card',
    });
    assert.equal(givenBack.statusCode, 201, givenBack.body);
    assert.deepEqual(withoutSchedule(givenBack.json<{ data: { booking: DeskBooking } }>().data.booking.payment), {
      amount_due: 0,
      amount_paid: 0,
      balance: 0,
      state: 'unpaid',
    });
  });

  test('search: code, full name either order, part of a name, e-mail, phone digits, accents and case', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const maria = await created(acc, futureStay(2));
    const muller = await created(acc, futureStay(2), {
      guest: { first_name: 'Jürgen', last_name: 'Müller', email: 'J.Mueller@Example.de', phone: '+49 (30) 1234-5678' },
    });
    const ids = async (q: string) =>
      (await listed(`?accommodation_id=${acc.id}&q=${encodeURIComponent(q)}`)).map((b) => b.id).sort();
    assert.deepEqual(await ids('Maria Santos'), [maria.id]);
    assert.deepEqual(await ids('santos maria'), [maria.id]);
    assert.deepEqual(await ids('SANT'), [maria.id]);
    assert.deepEqual(await ids('maria@example'), [maria.id]);
    assert.deepEqual(await ids('912345678'), [maria.id]);
    assert.deepEqual(await ids('912 345 678'), [maria.id]);
    assert.deepEqual(await ids('muller'), [muller.id]);
    assert.deepEqual(await ids('MÜLLER jurgen'), [muller.id]);
    assert.deepEqual(await ids('30 1234 5678'), [muller.id]);
    assert.deepEqual(await ids(muller.confirmation_code.toLowerCase()), [muller.id]);
    assert.deepEqual(await ids('mueller'), [muller.id], 'the e-mail');
    assert.deepEqual(await ids('50%'), []);
    assert.deepEqual(await ids('nobody'), []);
  });

  test('sort by arrival, departure or creation; imports listed with their feed as source', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const late = await created(acc, futureStay(5, 900));
    const early = await created(acc, futureStay(2, 880));
    const middle = await created(acc, futureStay(2, 890));
    const list = async (query: string) => (await listed(`?accommodation_id=${acc.id}${query}`)).map((b) => b.id);
    assert.deepEqual(await list(''), [middle.id, early.id, late.id]);
    assert.deepEqual(await list('&sort=arrival'), [early.id, middle.id, late.id]);
    assert.deepEqual(await list('&sort=departure'), [early.id, middle.id, late.id]);
    assert.deepEqual(await list('&sort=arrival&limit=1&offset=1'), [middle.id]);

    const feed = await insertFeed(t.ctx.db, acc.id, 'Airbnb');
    const imported = futureStay(3, 885);
    await insertReservation(t.ctx.db, feed.id, acc.id, {
      uid: 'air-1',
      summary: 'Reserved',
      start: imported.checkin,
      end: imported.checkout,
    });
    const withImports = await listed(`?accommodation_id=${acc.id}&sort=arrival&include=imports`);
    assert.deepEqual(
      withImports.map((b) => b.kind),
      ['booking', 'import', 'booking', 'booking'],
    );
    assert.equal(withImports[1]?.source, 'Airbnb');
    assert.deepEqual((await listed(`?accommodation_id=${acc.id}`)).length, 3, 'imports only when asked');
    assertErrorEnvelope(await t.admin('GET', '/admin/api/bookings?sort=price'), 400, 'BAD_REQUEST');
    assertErrorEnvelope(await t.admin('GET', '/admin/api/bookings?payment_state=some'), 400, 'BAD_REQUEST');
  });

  test('GET /bookings.csv: RFC 4180 with a BOM, the columns of the list, formulas guarded, accents intact', async () => {
    const acc = await makeAccommodation(t.ctx.db, { name: 'Casa "Sol", Algarve' });
    const booking = await created(acc, futureStay(2), {
      guest: { first_name: 'José, "Zé"', last_name: 'Çelik-Ørsted', email: 'ze@example.com', phone: '=1+2' },
      total_amount: 210.5,
    });
    await t.admin('POST', `/admin/api/bookings/${booking.id}/payments`, { amount: 10, method: 'cash' });
    const res = await t.admin('GET', `/admin/api/bookings.csv?accommodation_id=${acc.id}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(String(res.headers['content-disposition']), /attachment; filename="bookings.csv"/);
    assert.ok(res.body.startsWith('\uFEFF'), 'a byte order mark');
    assert.ok(res.body.includes('\r\n'), 'CRLF line ends');
    const rows = parse<Record<string, string>>(res.body, { bom: true, columns: true });
    assert.equal(rows.length, 1);
    assert.deepEqual(rows[0], {
      code: booking.confirmation_code,
      status: 'confirmed',
      accommodation: 'Casa "Sol", Algarve',
      guest: 'José, "Zé" Çelik-Ørsted',
      email: 'ze@example.com',
      phone: "'=1+2",
      arrival: booking.checkin_date,
      departure: booking.checkout_date,
      nights: '2',
      guests: '2',
      total: '210.50',
      currency: 'EUR',
      paid: '10.00',
      balance: '200.50',
      source: 'phone',
      created: rows[0]?.created ?? '',
    });
    const filtered = await t.admin('GET', `/admin/api/bookings.csv?accommodation_id=${acc.id}&q=nobody`);
    assert.equal(parse<Record<string, string>>(filtered.body, { bom: true, columns: true }).length, 0);
  });
});

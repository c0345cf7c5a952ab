import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { ANNA, JONAS, registerGuests } from '../support/registrations.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// One guest's data on request (docs/registrations.md#one-guests-data): exported as JSON, erased
// everywhere but in issued documents.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

interface Booked {
  booking: number;
  guest: number;
  code: string;
}

/** A confirmed v1 booking of Ada Lovelace (it issues an invoice), with everything a stay leaves behind. */
async function stayOfAda(email: string): Promise<Booked> {
  const home = await makeAccommodation(t.ctx.db, { name: 'Harbour Loft' });
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(home.id, futureStay(2), {
      booking: { expected_amount: 275, idempotency_key: `idem-${email}`, guest_notes: 'We arrive late, Ada' },
      partner: { email, address: { street: 'St James Sq 12', zip: 'SW1', city: 'London', country: 'GB' } },
    }),
  });
  assert.equal(res.statusCode, 200, res.body);
  const data = res.json<{ data: { booking_id: number; confirmation_code: string } }>().data;
  const booking = data.booking_id;
  const { guest_id: guest } = await t.ctx.db
    .selectFrom('bookings')
    .select('guest_id')
    .where('id', '=', booking)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await registerGuests(t.ctx.db, booking, [ANNA, JONAS]);
  await t.ctx.db
    .insertInto('outbox')
    .values({
      kind: 'mail',
      template: 'guest_message',
      booking_id: null,
      recipient: email.toUpperCase(),
      subject: 'Your stay, Ada',
      body_text: 'Dear Ada Lovelace',
      body_html: '<p>Dear Ada Lovelace</p>',
      status: 'sent',
      next_attempt_at: now,
      created_at: now,
      sent_at: now,
    })
    .execute();
  const template = await t.ctx.db
    .insertInto('message_templates')
    .values({
      name: `Welcome ${email}`,
      subject: 'Welcome',
      body: 'Hi {{guest.first_name}}',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rule = await t.ctx.db
    .insertInto('message_rules')
    .values({
      name: `Before arrival ${email}`,
      template_id: template.id,
      event: 'before_checkin',
      offset_days: 2,
      at: null,
      conditions: '{}',
      state: 'paused',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .insertInto('scheduled_messages')
    .values({
      rule_id: rule.id,
      booking_id: booking,
      send_at: now,
      state: 'scheduled',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.ctx.db
    .insertInto('payment_issues')
    .values({ booking_id: booking, kind: 'amount_mismatch', detail: `paid by ${email}`, created_at: now })
    .execute();
  await t.ctx.db
    .insertInto('partner_events')
    .values({
      api_key_id: null,
      booking_id: booking,
      type: 'booking.confirmed',
      payload: JSON.stringify({
        type: 'booking.confirmed',
        data: { id: booking, guest: { first_name: 'Ada', email } },
      }),
      created_at: now,
    })
    .execute();
  return { booking, guest, code: data.confirmation_code };
}

const exported = async (guest: number) => {
  const res = await t.checkedRequest({ method: 'GET', url: `/admin/api/guests/${guest}/export`, key: t.adminKey });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{
    data: Record<string, unknown> & { guest: Record<string, unknown>; bookings: Record<string, unknown>[] };
  }>().data;
};

describe(`one guest's data (${testStoreKind})`, () => {
  test('the export holds the record, bookings, check-ins, mails, messages, documents and payment problems', async () => {
    const ada = await stayOfAda('ada.export@example.com');
    const data = await exported(ada.guest);
    assert.equal(data.guest.email, 'ada.export@example.com');
    assert.deepEqual(data.guest.address, { street: 'St James Sq 12', zip: 'SW1', city: 'London', country: 'GB' });
    assert.equal(data.bookings.length, 1);
    assert.equal(data.bookings[0]?.confirmation_code, ada.code);
    assert.equal(data.bookings[0]?.guest_notes, 'We arrive late, Ada');
    assert.equal(data.bookings[0]?.total, 275);
    const registrations = data.registrations as { guests: { document_number: string | null }[] }[];
    assert.deepEqual(
      registrations[0]?.guests.map((g) => g.document_number),
      ['CA1234567', 'C01X00T47'],
    );
    const messages = data.messages as { subject: string }[];
    assert.ok(
      messages.some((m) => m.subject === 'Your stay, Ada'),
      'a mail to the address, any case',
    );
    assert.ok(messages.length >= 2, 'and the booking confirmation');
    assert.equal((data.scheduled_messages as unknown[]).length, 1);
    assert.equal((data.documents as { kind: string }[])[0]?.kind, 'invoice');
    assert.equal((data.payment_issues as { detail: string }[])[0]?.detail, 'paid by ada.export@example.com');
    const missing = await t.admin('GET', '/admin/api/guests/999999/export');
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json<{ error: { details: { reason: string } } }>().error.details.reason, 'guest_not_found');
  });

  test('erase: the guest is gone everywhere but in the issued documents; the booking stays for the calendar', async () => {
    const ada = await stayOfAda('ada.erase@example.com');
    const other = await stayOfAda('grace.keep@example.com');
    const invoiceBefore = await t.ctx.db
      .selectFrom('documents')
      .select(['number', 'billed', 'pdf'])
      .where('booking_id', '=', ada.booking)
      .execute();
    const res = await t.checkedRequest({
      method: 'POST',
      url: `/admin/api/guests/${ada.guest}/erase`,
      key: t.adminKey,
    });
    assert.equal(res.statusCode, 200, res.body);
    const erasure = res.json<{ data: Record<string, number | string> }>().data;
    assert.equal(erasure.bookings_anonymised, 1);
    assert.equal(erasure.check_ins_removed, 1);
    assert.equal(erasure.scheduled_messages_skipped, 1);
    assert.equal(erasure.idempotency_keys_removed, 1);
    assert.ok(Number(erasure.partner_events_scrubbed) >= 1, 'the event written here, and any the booking made');
    assert.equal(erasure.documents_kept, 1);
    assert.ok(Number(erasure.mails_removed) + Number(erasure.mails_anonymised) >= 2);

    const data = await exported(ada.guest);
    assert.equal(data.guest.first_name, 'Erased');
    assert.equal(data.guest.email, '');
    assert.deepEqual(data.guest.address, {});
    assert.equal(data.guest.erased_at, erasure.erased_at);
    const booking = data.bookings[0] ?? {};
    assert.deepEqual(
      [booking.status, booking.guest_first_name, booking.guest_email, booking.guest_phone, booking.guest_notes],
      ['confirmed', 'Erased', '', null, ''],
    );
    assert.deepEqual(booking.guest_address, {});
    assert.deepEqual(data.registrations, []);
    const text = JSON.stringify(await t.ctx.db.selectFrom('outbox').selectAll().execute());
    assert.ok(!text.toLowerCase().includes('ada.erase@example.com'), 'no mail keeps the address');
    assert.ok(text.includes('grace.keep@example.com'), "another guest's mails stay");
    const left = JSON.stringify({
      events: await t.ctx.db
        .selectFrom('partner_events')
        .select('payload')
        .where('booking_id', '=', ada.booking)
        .execute(),
      issues: await t.ctx.db
        .selectFrom('payment_issues')
        .select('detail')
        .where('booking_id', '=', ada.booking)
        .execute(),
      keys: await t.ctx.db
        .selectFrom('idempotency_keys')
        .select('response')
        .where('booking_id', '=', ada.booking)
        .execute(),
      search: await t.ctx.db.selectFrom('bookings').select('search_text').where('id', '=', ada.booking).execute(),
    });
    assert.ok(!/ada\.erase|Lovelace|St James/i.test(left), left);
    const scheduled = await t.ctx.db
      .selectFrom('scheduled_messages')
      .select('state')
      .where('booking_id', '=', ada.booking)
      .executeTakeFirstOrThrow();
    assert.equal(scheduled.state, 'skipped');
    const invoiceAfter = await t.ctx.db
      .selectFrom('documents')
      .select(['number', 'billed', 'pdf'])
      .where('booking_id', '=', ada.booking)
      .execute();
    assert.deepEqual(invoiceAfter, invoiceBefore, 'the issued invoice and its PDF are kept as issued');
    assert.match(JSON.stringify(invoiceAfter[0]?.billed), /Lovelace/, 'the invoice still names whom it billed');

    const listed = await t.admin('GET', `/admin/api/bookings/${ada.booking}`);
    assert.equal(listed.statusCode, 200, 'the booking is still there');
    const kept = await exported(other.guest);
    assert.equal(kept.guest.email, 'grace.keep@example.com');
    assert.equal((kept.registrations as unknown[]).length, 1);

    const again = await t.admin('POST', `/admin/api/guests/${ada.guest}/erase`);
    assert.equal(again.statusCode, 200);
    assert.equal(again.json<{ data: { erased_at: string } }>().data.erased_at, erasure.erased_at);
    assert.equal((await t.request({ method: 'POST', url: `/admin/api/guests/${ada.guest}/erase` })).statusCode, 403);
  });

  test('erase: a cancellation reason the guest wrote goes from the booking and its history; old guest page links open nothing', async () => {
    const ada = await stayOfAda('ada.cancelled@example.com');
    const cancelled = await t.admin('POST', `/admin/api/bookings/${ada.booking}/cancel`, {
      reason: 'Ada Lovelace broke her leg',
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const before = await t.ctx.db
      .selectFrom('bookings')
      .select('guest_token')
      .where('id', '=', ada.booking)
      .executeTakeFirstOrThrow();
    assert.equal((await t.app.inject({ method: 'GET', url: `/guest/${before.guest_token}` })).statusCode, 200);

    assert.equal((await t.admin('POST', `/admin/api/guests/${ada.guest}/erase`)).statusCode, 200);
    const after = await t.ctx.db
      .selectFrom('bookings')
      .select(['guest_token', 'cancel_reason'])
      .where('id', '=', ada.booking)
      .executeTakeFirstOrThrow();
    assert.equal(after.cancel_reason, '(erased on request)');
    const history = await t.ctx.db
      .selectFrom('booking_events')
      .select('reason')
      .where('booking_id', '=', ada.booking)
      .execute();
    assert.ok(!JSON.stringify(history).includes('Lovelace'), JSON.stringify(history));
    const events = await t.ctx.db
      .selectFrom('partner_events')
      .select('payload')
      .where('booking_id', '=', ada.booking)
      .execute();
    assert.ok(!JSON.stringify(events).includes('Lovelace'), JSON.stringify(events));
    assert.equal((await t.app.inject({ method: 'GET', url: `/guest/${before.guest_token}` })).statusCode, 404);
    assert.notEqual(after.guest_token, before.guest_token);
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { extractText } from 'unpdf';
import { quoteStay } from '../../src/pricing/quote-stay.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
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

interface GuestJson {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  address: {
    line1: string | null;
    line2: string | null;
    postal_code: string | null;
    city: string | null;
    country: string | null;
  } | null;
  company_name: string | null;
  company_tax_id: string | null;
}
interface Booking {
  id: number;
  status: string;
  adults: number;
  partner: { name: string; email: string };
  guest: GuestJson;
  events: { event: string; status: string; actor: { kind: string }; reason: string | null }[];
}

async function byHand(): Promise<Booking> {
  const acc = await makeAccommodation(t.ctx.db);
  const stay = futureStay(3);
  const res = await t.admin('POST', '/admin/api/bookings', {
    accommodation_id: acc.id,
    checkin_date: stay.checkin,
    checkout_date: stay.checkout,
    adults_count: 2,
    guest: { first_name: 'Malgorzata', last_name: 'Wisniewska', email: 'mw@example.com' },
    notify_guest: false,
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: Booking }>().data;
}

async function patch(id: number, body: unknown) {
  return t.admin('PATCH', `/admin/api/bookings/${id}`, body);
}

async function patched(id: number, body: unknown): Promise<Booking> {
  const res = await patch(id, body);
  assert.equal(res.statusCode, 200, res.body);
  assertMatchesOpenApi(t.app, 'PATCH', '/admin/api/bookings/{id}', res);
  return res.json<{ data: Booking }>().data;
}

function reasonOf(res: { body: string }): string {
  return (JSON.parse(res.body) as { error: { details: { reason: string } } }).error.details.reason;
}

describe(`correcting guest and billing details at the desk (${testStoreKind})`, () => {
  test('PATCH guest corrects name, contact, billing address and company; history says what; the stay is untouched', async () => {
    const booking = await byHand();
    assert.deepEqual(booking.guest, {
      first_name: 'Malgorzata',
      last_name: 'Wisniewska',
      email: 'mw@example.com',
      phone: null,
      address: null,
      company_name: null,
      company_tax_id: null,
    });
    const data = await patched(booking.id, {
      guest: {
        first_name: 'Małgorzata',
        last_name: 'Wiśniewska',
        phone: '+48 42 123 45 67',
        address: { line1: 'ul. Piotrkowska 12', postal_code: '90-001', city: 'Łódź', country: 'pl' },
        company_name: 'Wiśniewska Sp. z o.o.',
        company_tax_id: 'PL5260250274',
      },
    });
    assert.deepEqual(data.guest, {
      first_name: 'Małgorzata',
      last_name: 'Wiśniewska',
      email: 'mw@example.com',
      phone: '+48 42 123 45 67',
      address: { line1: 'ul. Piotrkowska 12', line2: null, postal_code: '90-001', city: 'Łódź', country: 'PL' },
      company_name: 'Wiśniewska Sp. z o.o.',
      company_tax_id: 'PL5260250274',
    });
    assert.equal(data.partner.name, 'Małgorzata Wiśniewska');
    assert.equal(data.status, 'confirmed', 'a correction of the details is not a change of the stay');
    const last = data.events.at(-1);
    assert.equal(last?.event, 'guest_corrected');
    assert.equal(last?.actor.kind, 'host');
    assert.equal(last?.reason, 'first name, last name, phone, billing address, company, company tax id');

    // Field by field: the city alone changes, the rest of the address stays; null clears.
    const city = await patched(booking.id, {
      guest: { address: { city: 'Lodz', line2: 'm. 4' }, company_tax_id: null },
    });
    assert.deepEqual(city.guest.address, {
      line1: 'ul. Piotrkowska 12',
      line2: 'm. 4',
      postal_code: '90-001',
      city: 'Lodz',
      country: 'PL',
    });
    assert.equal(city.guest.company_tax_id, null);
    assert.equal(city.guest.company_name, 'Wiśniewska Sp. z o.o.');
    const cleared = await patched(booking.id, { guest: { address: null } });
    assert.equal(cleared.guest.address, null);

    // The same details again change nothing and write no history.
    const again = await patched(booking.id, { guest: { first_name: 'Małgorzata' } });
    assert.equal(again.events.length, cleared.events.length);

    // Found by the corrected name, accents or not.
    const found = await t.admin('GET', '/admin/api/bookings?q=wisniewska%20malgorzata');
    assert.ok(found.json<{ data: { id: number }[] }>().data.some((b) => b.id === booking.id));
  });

  test('a partner booking keeps its v1 address: it reads back as a billing address and is corrected field by field', async () => {
    const acc = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const v1 = await t.request({
      method: 'POST',
      url: `${t.v1}/bookings`,
      payload: bookingBody(acc.id, stay, {
        booking: {
          payment_method: 'bank_transfer',
          expected_amount: (await quoteStay(t.ctx.db, acc, { ...stay, guests: 2, extras: {} })).total / 100,
        },
        partner: { address: { street: 'Křižíkova 148/34', zip: '301 00', city: 'Plzen', country: 'Czechia' } },
      }),
    });
    assert.equal(v1.statusCode, 200, v1.body);
    const id = v1.json<{ data: { booking_id: number } }>().data.booking_id;
    const data = await patched(id, {
      guest: { first_name: 'Jiří', last_name: 'Dvořák', address: { city: 'Plzeň', country: 'CZ' } },
    });
    assert.deepEqual(data.guest.address, {
      line1: 'Křižíkova 148/34',
      line2: null,
      postal_code: '301 00',
      city: 'Plzeň',
      country: 'CZ',
    });
  });

  test('bad details are refused with a reason, and nothing is written', async () => {
    const booking = await byHand();
    const country = await patch(booking.id, { guest: { address: { country: 'XX' } } });
    assertErrorEnvelope(country, 400, 'BAD_REQUEST');
    assert.equal(reasonOf(country), 'unknown_country');
    assertMatchesOpenApi(t.app, 'PATCH', '/admin/api/bookings/{id}', country);
    assert.equal(
      country.json<{ error: { details: { parameter: string } } }>().error.details.parameter,
      'guest.address.country',
    );
    const blank = await patch(booking.id, { guest: { last_name: '   ' } });
    assertErrorEnvelope(blank, 400, 'BAD_REQUEST');
    assert.equal(reasonOf(blank), 'blank');
    assert.equal(reasonOf(await patch(booking.id, { guest: { email: 'not an address' } })), 'invalid_format');
    assert.equal(reasonOf(await patch(booking.id, { guest: { nickname: 'Gosia' } })), 'unknown_parameter');
    assert.equal(reasonOf(await patch(booking.id, { guest: { address: { country: 'POL' } } })), 'invalid_maxLength');
    const now = await t.admin('GET', `/admin/api/bookings/${booking.id}`);
    assert.deepEqual(now.json<{ data: Booking }>().data.guest, booking.guest);
  });

  test('a stay change and a correction in one PATCH commit together or not at all', async () => {
    const booking = await byHand();
    const both = await patched(booking.id, { adults_count: 3, guest: { email: 'gosia@example.com' } });
    assert.equal(both.adults, 3);
    assert.equal(both.guest.email, 'gosia@example.com');
    assert.deepEqual(
      both.events.slice(-2).map((e) => e.event),
      ['guest_corrected', 'modified'],
    );
    // A stay the rules refuse rolls the correction back with it.
    const refused = await patch(booking.id, { adults_count: 100, guest: { email: 'other@example.com' } });
    assert.equal(refused.statusCode, 400, refused.body);
    const now = (await t.admin('GET', `/admin/api/bookings/${booking.id}`)).json<{ data: Booking }>().data;
    assert.equal(now.guest.email, 'gosia@example.com');
    assert.equal(now.events.length, both.events.length);
  });

  test('corrected billing details are billed by a credit note and a new invoice; the issued one stays as it was', async () => {
    const booking = await byHand();
    const documents = async () => {
      const res = await t.admin('GET', `/admin/api/bookings/${booking.id}/documents`);
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: { number: string; kind: string; corrects: string | null; pdf_url: string }[] }>().data;
    };
    const pdfText = async (url: string) => {
      const res = await t.request({ method: 'GET', url: new URL(url).pathname, key: t.adminKey });
      assert.equal(res.statusCode, 200, res.body);
      return (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text;
    };
    const [first, ...none] = await documents();
    assert.deepEqual(none, []);
    assert.ok(first !== undefined);
    const before = await pdfText(first.pdf_url);
    assert.ok(before.includes('Malgorzata Wisniewska'), before);

    await patched(booking.id, {
      guest: {
        first_name: 'Jiří',
        last_name: 'Dvořák',
        address: { line1: 'Křižíkova 148/34', postal_code: '301 00', city: 'Plzeň', country: 'CZ' },
      },
    });
    const [, credit, invoice, ...more] = await documents();
    assert.deepEqual(more, []);
    assert.equal(credit?.kind, 'credit_note');
    assert.equal(credit.corrects, first.number);
    assert.equal(invoice?.kind, 'invoice');
    const after = await pdfText(invoice.pdf_url);
    for (const expected of ['Jiří Dvořák', 'Křižíkova 148/34', '301 00 Plzeň'])
      assert.ok(after.includes(expected), `${expected} in:\n${after}`);
    assert.equal(await pdfText(first.pdf_url), before, 'the invoice issued first is as it was');

    // A stay change and a correction in one PATCH: one credit note and one new invoice for both.
    await patched(booking.id, { adults_count: 3, guest: { company_name: 'Dvořák s.r.o.' } });
    const all = await documents();
    assert.deepEqual(
      all.slice(3).map((d) => [d.kind, d.corrects]),
      [
        ['credit_note', invoice.number],
        ['invoice', null],
      ],
    );
    // The same details again issue nothing.
    await patched(booking.id, { guest: { company_name: 'Dvořák s.r.o.' } });
    assert.equal((await documents()).length, all.length);
  });

  test("a cancelled booking's details can still be corrected (its stay cannot)", async () => {
    const booking = await byHand();
    const cancel = await t.admin('POST', `/admin/api/bookings/${booking.id}/cancel`, { notify_guest: false });
    assert.equal(cancel.statusCode, 200, cancel.body);
    const data = await patched(booking.id, { guest: { company_name: 'ACME GmbH' } });
    assert.equal(data.guest.company_name, 'ACME GmbH');
    assert.equal(data.events.at(-1)?.status, 'cancelled');
    const stay = await patch(booking.id, { adults_count: 3, guest: { company_name: 'Other GmbH' } });
    assertErrorEnvelope(stay, 409, 'CONFLICT');
    const unknown = await patch(999999, { guest: { company_name: 'ACME' } });
    assertErrorEnvelope(unknown, 404, 'NOT_FOUND');
  });
});

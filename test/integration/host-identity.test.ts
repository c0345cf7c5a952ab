import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { cancelBooking } from '../../src/bookings/cancel-booking.ts';
import { billedAtInvoiceUrl } from '../support/billed-documents.ts';
import { bookingBody, futureStay, makeAccommodation, outboxFor } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// The host's business and bank details reach the guest: the invoice names the business, the
// bank-transfer instructions carry the IBAN, and every guest mail is signed with the business name.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

async function book(accommodationId: number): Promise<{ booking_id: number; invoice_url: string }> {
  const stay = futureStay(3);
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(accommodationId, stay, { booking: { expected_amount: 385 } }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { booking_id: number; invoice_url: string } }>().data;
}

test(`mails and invoices carry the host's identity once it is set (${testStoreKind})`, async () => {
  const home = await makeAccommodation(t.ctx.db, { name: 'Harbour Loft' });
  const before = await book(home.id);
  const [plain] = await outboxFor(t.ctx.db, before.booking_id);
  assert.match(plain?.body_text ?? '', /Kind regards,\nHarbour Loft\n$/, 'no business: signed by the home');
  assert.ok(!(plain?.body_text ?? '').includes('IBAN'));
  assert.equal((await billedAtInvoiceUrl(t.ctx.db, before.invoice_url)).issuer, null);

  const put = await t.admin('PUT', '/admin/api/settings', {
    business: { name: 'Seaside Lets', address: 'Harbour Road 1\n24937 Flensburg', tax_id: 'DE123456789' },
    bank_details: { account_holder: 'Seaside Lets GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  });
  assert.equal(put.statusCode, 200, put.body);

  const booked = await book(home.id);
  const [mail] = await outboxFor(t.ctx.db, booked.booking_id);
  for (const part of [mail?.body_text ?? '', mail?.body_html ?? '']) {
    assert.ok(part.includes('DE89 3704 0044 0532 0130 00'), 'the IBAN in the transfer instructions');
    assert.ok(part.includes('Seaside Lets GmbH'));
  }
  assert.match(mail?.body_text ?? '', /Kind regards,\nSeaside Lets\n$/);

  await cancelBooking(t.ctx, { bookingId: booked.booking_id, actor: { kind: 'system' } });
  const mails = await outboxFor(t.ctx.db, booked.booking_id);
  assert.equal(mails.length, 2);
  assert.match(mails[1]?.body_text ?? '', /Seaside Lets\n$/, 'a cancellation is signed by the business too');

  // An issued invoice never changes: the one issued before keeps no issuer; the later one names the business.
  assert.equal((await billedAtInvoiceUrl(t.ctx.db, before.invoice_url)).issuer, null);
  const invoice = await billedAtInvoiceUrl(t.ctx.db, booked.invoice_url);
  assert.deepEqual(invoice.issuer, {
    name: 'Seaside Lets',
    address: 'Harbour Road 1\n24937 Flensburg',
    tax_id: 'DE123456789',
    email: null,
    phone: null,
    bank: { account_holder: 'Seaside Lets GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bank_name: null },
  });
  const pdf = await t.request({ method: 'GET', url: new URL(before.invoice_url).pathname, key: null });
  assert.equal(pdf.statusCode, 200);
  assert.equal(pdf.headers['content-type'], 'application/pdf');
});

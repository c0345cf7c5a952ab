import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { billedAtInvoiceUrl } from '../support/billed-documents.ts';
import { signIn } from '../support/console-client.ts';
import { bookingBody, futureStay, outboxFor } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// Guests are written to in the accommodation's language, or in their own when the booking names
// it: the confirmation mail and the invoice, with dates and amounts formatted for the language.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

async function home(language?: string): Promise<number> {
  const res = await t.admin('POST', '/admin/api/accommodations', {
    name: 'Casa Mare',
    base_price: 1000,
    max_guests: 4,
    cleaning_fee: 50,
    tax_rate: 0.1,
    ...(language === undefined ? {} : { language }),
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: { id: number; language: string } }>().data.id;
}

async function book(accommodationId: number, language?: string) {
  const stay = futureStay(2);
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(accommodationId, stay, {
      booking: { expected_amount: 2255, ...(language === undefined ? {} : { language }) },
    }),
  });
  assert.equal(res.statusCode, 200, res.body);
  const data = res.json<{ data: { booking_id: number; invoice_url: string } }>().data;
  const [mail] = await outboxFor(t.ctx.db, data.booking_id);
  const invoice = await billedAtInvoiceUrl(t.ctx.db, data.invoice_url);
  assert.ok(mail !== undefined);
  return { mail, invoice, stay, url: data.invoice_url };
}

test(`the accommodation's language, the booking's language over it, formats per language (${testStoreKind})`, async () => {
  const english = await home();
  const shown = await t.admin('GET', `/admin/api/accommodations/${english}`);
  assert.equal(shown.json<{ data: { language: string } }>().data.language, 'en', 'English by default');

  const italian = await home('it');
  const it = await book(italian);
  // "dal" elides before a day said with a vowel ("dall'8 gennaio"): the stay's day depends on today.
  assert.match(it.mail.subject, /^Prenotazione confermata: Casa Mare, (dal \d|dall'(8|11) )/);
  assert.match(it.mail.body_text, /^Gentile Ada,/);
  assert.match(it.mail.body_text, /2255,00\s€/);
  // The invoice is written in the guest's language (its words: the PDF renderer's tests).
  assert.equal(it.invoice.language, 'it');
  assert.equal(it.invoice.total, 225500);

  // The guest's own language wins; a region counts by its language; one not offered falls back.
  const de = await book(italian, 'de-AT');
  assert.match(de.mail.subject, /^Buchung bestätigt: Casa Mare, \d+\. \p{L}+ \d{4} bis /u);
  assert.equal(de.invoice.language, 'de');
  assert.ok(de.invoice.lines.some((l) => l.kind === 'cleaning' && l.amount === 5000));
  const row = await t.ctx.db.selectFrom('bookings').select('language').where('language', 'is not', null).execute();
  assert.deepEqual(
    row.map((r) => r.language),
    ['de'],
  );

  const fallback = await book(italian, 'pt-BR');
  assert.equal(fallback.invoice.language, 'it', 'Portuguese is not offered: the home speaks Italian');

  for (const language of ['fr', 'es', 'en'] as const) {
    const b = await book(italian, language);
    assert.equal(b.invoice.language, language);
    const pdf = await t.request({ method: 'GET', url: new URL(b.url).pathname, key: null });
    assert.equal(pdf.statusCode, 200);
    assert.ok(pdf.rawPayload.subarray(0, 5).toString() === '%PDF-');
  }

  const patched = await t.admin('PATCH', `/admin/api/accommodations/${english}`, { language: 'fr' });
  assert.equal(patched.json<{ data: { language: string } }>().data.language, 'fr');
  const refused = await t.admin('PATCH', `/admin/api/accommodations/${english}`, { language: 'pt' });
  assert.equal(refused.statusCode, 400);
});

test(`the console sets an accommodation's language from a list (${testStoreKind})`, async () => {
  const host = await signIn(t);
  const created = await host.post('/admin/accommodations', {
    name: 'Haus am See',
    base_price: '90',
    max_guests: '2',
    language: 'de',
  });
  assert.equal(created.statusCode, 303, created.body);
  const id = Number(/\/admin\/accommodations\/(\d+)/.exec(String(created.headers.location))?.[1]);
  const page = await host.get(`/admin/accommodations/${id}`);
  assert.match(page.body, /<option value="de" selected>Deutsch<\/option>/);
  const stored = await t.ctx.db.selectFrom('accommodations').select('language').where('id', '=', id).executeTakeFirst();
  assert.equal(stored?.language, 'de');
  const bad = await host.post(`/admin/accommodations/${id}`, {
    name: 'Haus am See',
    base_price: '90',
    max_guests: '2',
    language: 'xx',
  });
  assert.equal(bad.statusCode, 400);
});

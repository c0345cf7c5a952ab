import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { confirmBooking } from '../../src/bookings/confirm-booking.ts';
import { todayIn } from '../../src/shared/dates.ts';
import { assertMatchesOpenApi } from '../support/openapi-check.ts';
import { bookingBody, futureStay, makeAccommodation } from '../support/factories.ts';
import { moneyRules } from '../support/money-rules.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { testStoreKind } from '../support/test-store.ts';

// docs/money.md#invoices-and-credit-notes: invoices and credit notes from one gapless series,
// stored byte for byte; the invoice address answers for the life of the booking.

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

interface Doc {
  number: string;
  kind: 'invoice' | 'credit_note';
  purpose: string;
  issued_on: string;
  total_amount: number;
  currency: string;
  corrects: string | null;
  pdf_url: string;
}

const year = () => todayIn('UTC').slice(0, 4);

async function book(accommodationId: number, booking: Record<string, unknown> = {}, key?: string) {
  const res = await t.request({
    method: 'POST',
    url: `${t.v1}/bookings`,
    payload: bookingBody(accommodationId, futureStay(2), { booking: { expected_amount: 275, ...booking } }),
    ...(key === undefined ? {} : { key }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ data: { booking_id: number; invoice_url: string } }>().data;
}

async function documentsOf(bookingId: number): Promise<Doc[]> {
  const res = await t.admin('GET', `/admin/api/bookings/${bookingId}/documents`);
  assert.equal(res.statusCode, 200, res.body);
  assertMatchesOpenApi(t.app, 'GET', `/admin/api/bookings/${bookingId}/documents`, res);
  return res.json<{ data: Doc[] }>().data;
}

async function download(url: string, key: string | null = null) {
  const res = await t.request({ method: 'GET', url: new URL(url).pathname, key });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['content-type'], 'application/pdf');
  return { bytes: res.rawPayload, disposition: String(res.headers['content-disposition']) };
}

describe(`issued documents (${testStoreKind})`, () => {
  test('a confirmation issues an invoice; a change a credit note and a new one; every download the same bytes', async () => {
    const home = await makeAccommodation(t.ctx.db, { name: 'Harbour Loft' });
    const booked = await book(home.id);
    const [invoice, ...none] = await documentsOf(booked.booking_id);
    assert.deepEqual(none, []);
    assert.equal(invoice?.number, `INV-${year()}-0001`);
    assert.deepEqual(
      { ...invoice, pdf_url: undefined },
      {
        number: `INV-${year()}-0001`,
        kind: 'invoice',
        purpose: 'stay',
        issued_on: todayIn('UTC'),
        total_amount: 275,
        currency: 'EUR',
        corrects: null,
        pdf_url: undefined,
      },
    );
    const first = await download(booked.invoice_url);
    assert.match(first.disposition, new RegExp(`${invoice.number}\\.pdf`));
    assert.deepEqual(
      (await download(invoice.pdf_url, t.adminKey)).bytes,
      first.bytes,
      'the admin download is the same',
    );

    // The host, the home and the booking change: the invoice already issued does not.
    const put = await t.admin('PUT', '/admin/api/settings', {
      business: { name: 'Seaside Lets', address: 'Harbour Road 1', tax_id: 'DE123456789' },
    });
    assert.equal(put.statusCode, 200, put.body);
    const renamed = await t.admin('PATCH', `/admin/api/accommodations/${home.id}`, { name: 'Harbour Loft Deluxe' });
    assert.equal(renamed.statusCode, 200, renamed.body);
    const noted = await t.admin('PATCH', `/admin/api/bookings/${booked.booking_id}`, { internal_note: 'late' });
    assert.equal(noted.statusCode, 200, noted.body);
    assert.equal((await documentsOf(booked.booking_id)).length, 1, 'a note changes nothing billed');
    const changed = await t.admin('PATCH', `/admin/api/bookings/${booked.booking_id}`, { adults_count: 3 });
    assert.equal(changed.statusCode, 200, changed.body);
    const docs = await documentsOf(booked.booking_id);
    assert.deepEqual(
      docs.map((d) => [d.number, d.kind, d.corrects, d.total_amount]),
      [
        [`INV-${year()}-0001`, 'invoice', null, 275],
        [`INV-${year()}-0002`, 'credit_note', `INV-${year()}-0001`, -275],
        [`INV-${year()}-0003`, 'invoice', null, docs[2]?.total_amount],
      ],
    );
    assert.deepEqual((await download(invoice.pdf_url, t.adminKey)).bytes, first.bytes, 'byte for byte as first issued');
    const latest = await download(booked.invoice_url);
    assert.match(latest.disposition, new RegExp(`INV-${year()}-0003`), 'the invoice address serves the latest');
    assert.notDeepEqual(latest.bytes, first.bytes);

    // A cancellation: a credit note, which the invoice address then serves (never a 404).
    const cancelled = await t.admin('POST', `/admin/api/bookings/${booked.booking_id}/cancel`, {});
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const after = await documentsOf(booked.booking_id);
    assert.deepEqual(
      after.slice(3).map((d) => [d.kind, d.corrects, d.total_amount]),
      [['credit_note', `INV-${year()}-0003`, -(docs[2]?.total_amount ?? 0)]],
    );
    assert.match((await download(booked.invoice_url)).disposition, new RegExp(`INV-${year()}-0004`));

    // Reinstated: a new invoice.
    const reinstated = await t.admin('POST', `/admin/api/bookings/${booked.booking_id}/reinstate`, {});
    assert.equal(reinstated.statusCode, 200, reinstated.body);
    const last = (await documentsOf(booked.booking_id)).at(-1);
    assert.deepEqual([last?.number, last?.kind], [`INV-${year()}-0005`, 'invoice']);
  });

  test('a cancellation that keeps a fee: a credit note of the stay, then an invoice of the fee', async () => {
    // The cancellation policy keeps 30 % of the 275.00 total: 82.50.
    const home = await makeAccommodation(t.ctx.db, moneyRules({ policy: [[0, 0.3]] }));
    const booked = await book(home.id);
    const cancelled = await t.admin('POST', `/admin/api/bookings/${booked.booking_id}/cancel`, {});
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const docs = await documentsOf(booked.booking_id);
    assert.deepEqual(
      docs.map((d) => [d.kind, d.purpose, d.total_amount, d.corrects]),
      [
        ['invoice', 'stay', 275, null],
        ['credit_note', 'stay', -275, docs[0]?.number],
        ['invoice', 'cancellation_fee', 82.5, null],
      ],
    );
    assert.match((await download(booked.invoice_url)).disposition, new RegExp(docs[2]?.number ?? '-'));
  });

  test('a draft has no invoice but a pro-forma; the card payment that confirms it issues one', async () => {
    const home = await makeAccommodation(t.ctx.db);
    const draft = await book(home.id, { payment_method: 'card_processor' });
    assert.deepEqual(await documentsOf(draft.booking_id), []);
    const proForma = await download(draft.invoice_url);
    assert.match(proForma.disposition, /pro-forma-/);
    const outcome = await confirmBooking(t.ctx, {
      bookingId: draft.booking_id,
      actor: { kind: 'system' },
      payment: { intentId: 'pi_documents', amount: 27500, currency: 'eur' },
    });
    assert.equal(outcome.result, 'confirmed');
    const [invoice] = await documentsOf(draft.booking_id);
    assert.equal(invoice?.kind, 'invoice');
    assert.match((await download(draft.invoice_url)).disposition, new RegExp(invoice?.number ?? '-'));
  });

  test('a booking by hand is invoiced; a test booking never takes a number', async () => {
    const home = await makeAccommodation(t.ctx.db);
    const stay = futureStay(2);
    const res = await t.admin('POST', '/admin/api/bookings', {
      accommodation_id: home.id,
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
      adults_count: 2,
      guest: { first_name: 'Walk', last_name: 'In' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const byHand = res.json<{ data: { id: number } }>().data;
    assert.equal((await documentsOf(byHand.id))[0]?.kind, 'invoice');

    const key = await t.admin('POST', '/admin/api/api-keys', { name: 'sandbox', mode: 'test' });
    assert.equal(key.statusCode, 201, key.body);
    const testBooking = await book(home.id, {}, key.json<{ data: { key: string } }>().data.key);
    assert.deepEqual(await documentsOf(testBooking.booking_id), []);
    assert.match((await download(testBooking.invoice_url)).disposition, /pro-forma-/);
  });

  test('the register and its CSV: every document in the order issued, no number skipped', async () => {
    const today = todayIn('UTC');
    const res = await t.admin('GET', `/admin/api/documents?from=${today}&to=${today}`);
    assert.equal(res.statusCode, 200, res.body);
    assertMatchesOpenApi(t.app, 'GET', `/admin/api/documents?from=${today}&to=${today}`, res);
    const rows = res.json<{ data: (Doc & { confirmation_code: string; recipient: string })[] }>().data;
    const counted = await t.ctx.db
      .selectFrom('documents')
      .select(({ fn }) => fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(rows.length, Number(counted.n));
    assert.deepEqual(
      rows.map((r) => r.number),
      rows.map((_, i) => `INV-${year()}-${String(i + 1).padStart(4, '0')}`),
    );
    assert.equal(rows[0]?.recipient, 'Ada Lovelace');
    const csv = await t.admin('GET', `/admin/api/documents.csv?from=${today}&to=${today}`);
    assert.equal(csv.statusCode, 200);
    assert.match(String(csv.headers['content-type']), /text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(
      lines[0],
      'number,kind,purpose,issued_on,total_amount,currency,corrects,confirmation_code,recipient,recipient_tax_id',
    );
    assert.equal(lines.length, rows.length + 1);
    assert.match(
      lines[2] ?? '',
      new RegExp(`^INV-${year()}-0002,credit_note,stay,${today},-275\\.00,EUR,INV-${year()}-0001,`),
    );
    const none = await t.admin('GET', '/admin/api/documents?from=2001-01-01&to=2001-12-31');
    assert.deepEqual(none.json<{ data: unknown[] }>().data, []);
    const backwards = await t.admin('GET', '/admin/api/documents?from=2026-02-01&to=2026-01-01');
    assert.equal(backwards.statusCode, 400);
    assert.equal(backwards.json<{ error: { details: { reason: string } } }>().error.details.reason, 'invalid_range');
  });

  test('unknown documents and bookings are 404; the series is set in settings', async () => {
    const missing = await t.admin('GET', '/admin/api/documents/NOPE-1/pdf');
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json<{ error: { details: { reason: string } } }>().error.details.reason, 'document_not_found');
    assert.equal((await t.admin('GET', '/admin/api/bookings/999999/documents')).statusCode, 404);

    const shown = await t.admin('GET', '/admin/api/settings');
    assert.deepEqual(shown.json<{ data: { invoicing: unknown } }>().data.invoicing, {
      prefix: 'INV-',
      yearly_reset: true,
    });
    const put = await t.admin('PUT', '/admin/api/settings', { invoicing: { prefix: 'RE-', yearly_reset: false } });
    assert.equal(put.statusCode, 200, put.body);
    assert.deepEqual(put.json<{ data: { invoicing: unknown } }>().data.invoicing, {
      prefix: 'RE-',
      yearly_reset: false,
    });
    const bad = await t.admin('PUT', '/admin/api/settings', { invoicing: { prefix: 'RE/', yearly_reset: false } });
    assert.equal(bad.statusCode, 400);
    const home = await makeAccommodation(t.ctx.db);
    const booked = await book(home.id);
    assert.equal((await documentsOf(booked.booking_id))[0]?.number, 'RE-000001');
  });
});

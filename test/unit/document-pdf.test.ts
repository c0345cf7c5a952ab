import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractText } from 'unpdf';
import type { Billed, DocumentPdfInput } from '../../src/invoices/billed.ts';
import { renderDocumentPdf } from '../../src/invoices/document-pdf.ts';
import { documentText } from '../../src/invoices/document-text.ts';

function billed(overrides: Partial<Billed> = {}): Billed {
  return {
    language: 'en',
    currency: 'EUR',
    confirmation_code: 'SD-7Q2K9',
    payment_method: 'bank_transfer',
    issuer: {
      name: 'Ferienhaus Sonnenschein GmbH',
      address: 'Seestraße 4\n82211 Herrsching',
      tax_id: 'DE123456789',
      email: 'host@example.com',
      phone: '+49 8152 1234',
      bank: {
        account_holder: 'Ferienhaus Sonnenschein GmbH',
        iban: 'DE89370400440532013000',
        bic: null,
        bank_name: null,
      },
    },
    recipient: {
      name: 'Małgorzata Wiśniewska',
      email: 'malgorzata@example.com',
      address: { line1: 'ul. Piotrkowska 12', line2: null, postal_code: '90-001', city: 'Łódź', country: 'PL' },
      company_name: 'Wiśniewska Sp. z o.o.',
      company_tax_id: 'PL5260250274',
    },
    accommodation: { name: 'Haus am See', registration_number: 'DE-BY-2026-0042' },
    stay: { checkin: '2027-07-01', checkout: '2027-07-08', nights: 7, adults: 2, children: 1, babies: 0 },
    lines: [
      { kind: 'nights', detail: null, amount: 84000 },
      { kind: 'extra_guest_fee', detail: null, amount: 7000 },
      { kind: 'discount', detail: 'weekly', amount: -8400 },
      { kind: 'cleaning', detail: null, amount: 6000 },
      { kind: 'extra', detail: 'breakfast', amount: 4200 },
      { kind: 'tax', detail: '70000', amount: 9000 },
      { kind: 'city_tax', detail: null, amount: 4200 },
    ],
    total: 106000,
    ...overrides,
  };
}

function invoice(overrides: Partial<DocumentPdfInput> = {}): DocumentPdfInput {
  return {
    kind: 'invoice',
    number: 'INV-2027-0001',
    issued_on: '2027-06-01',
    corrects: null,
    billed: billed(),
    payments: [{ received_on: '2027-06-03', method: 'bank_transfer', amount: 31800 }],
    ...overrides,
  };
}

/** The text of every page, as a PDF reader extracts it (a copy: the reader takes the bytes). */
async function textOf(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text;
}

test('a Polish name and address come out of the PDF exactly as written', async () => {
  const text = await textOf(await renderDocumentPdf(invoice()));
  for (const expected of [
    'Invoice',
    'Invoice number: INV-2027-0001',
    'Małgorzata Wiśniewska',
    'Wiśniewska Sp. z o.o.',
    'Tax ID: PL5260250274',
    'ul. Piotrkowska 12',
    '90-001 Łódź',
    'Poland',
    'Seestraße 4',
    'Registration number: DE-BY-2026-0042',
    'Haus am See',
    'Accommodation, 7 nights',
    'Extra guest fee',
    'Weekly discount',
    'Breakfast',
    'Tax (7%)',
    'City tax',
    '€1,060.00',
    'Payments received',
    '€318.00',
    'IBAN: DE89 3704 0044 0532 0130 00',
  ]) {
    assert.ok(text.includes(expected), `${expected} in:\n${text}`);
  }
  assert.ok(!text.includes('TEST'), 'a live document has no test mark');
});

test('a Czech name, city and street come out exactly, in the document language', async () => {
  const text = await textOf(
    await renderDocumentPdf(
      invoice({
        billed: billed({
          language: 'de',
          recipient: {
            name: 'Jiří Dvořák',
            email: 'jiri@example.cz',
            address: { line1: 'Křižíkova 148/34', line2: null, postal_code: '301 00', city: 'Plzeň', country: 'CZ' },
            company_name: null,
            company_tax_id: null,
          },
        }),
      }),
    ),
  );
  for (const expected of ['Rechnung', 'Jiří Dvořák', 'Křižíkova 148/34', '301 00 Plzeň', 'Tschechien', 'Kurtaxe']) {
    assert.ok(text.includes(expected), `${expected} in:\n${text}`);
  }
});

test('Croatian, Turkish and Romanian names come out exactly', async () => {
  for (const [name, city] of [
    ['Đurđica Šimić-Žužić', 'Čakovec'],
    ['Ağaoğlu Şükrü İşçi', 'Eskişehir'],
    ['Ștefan Țăranu', 'Brașov'],
  ] as const) {
    const pdf = await renderDocumentPdf(
      invoice({
        billed: billed({
          recipient: {
            name,
            email: '',
            address: { line1: null, line2: null, postal_code: null, city, country: null },
            company_name: null,
            company_tax_id: null,
          },
        }),
      }),
    );
    const text = await textOf(pdf);
    assert.ok(text.includes(name), `${name} in:\n${text}`);
    assert.ok(text.includes(city), `${city} in:\n${text}`);
  }
});

test('the same input gives the same bytes', async () => {
  const first = await renderDocumentPdf(invoice());
  const second = await renderDocumentPdf(invoice());
  assert.deepEqual(Buffer.from(second), Buffer.from(first));
  const other = await renderDocumentPdf(invoice({ number: 'INV-2027-0002' }));
  assert.notDeepEqual(Buffer.from(other), Buffer.from(first));
});

test('a credit note says which invoice it cancels; a pro-forma has no number and says so', async () => {
  const credit = await textOf(
    await renderDocumentPdf(
      invoice({
        kind: 'credit_note',
        number: 'INV-2027-0002',
        corrects: 'INV-2027-0001',
        billed: billed({ lines: [{ kind: 'nights', detail: null, amount: -84000 }], total: -84000 }),
      }),
    ),
  );
  assert.ok(credit.includes('Credit note'), credit);
  assert.ok(credit.includes('Number: INV-2027-0002'), credit);
  assert.ok(credit.includes('Cancels invoice INV-2027-0001 in full'), credit);
  assert.ok(credit.includes('-€840.00') || credit.includes('−€840.00'), credit);
  assert.ok(!credit.includes('IBAN'), 'a credit note asks for no payment');

  const proForma = await textOf(
    await renderDocumentPdf(invoice({ kind: 'pro_forma', number: null, payments: [], test: true })),
  );
  assert.ok(proForma.includes('Pro-forma invoice'), proForma);
  assert.ok(proForma.includes('Not an invoice, no number'), proForma);
  assert.ok(!proForma.includes('Invoice number'), proForma);
  assert.ok(proForma.includes('None yet'), proForma);
  assert.ok(proForma.includes('TEST – not a valid document'), proForma);
});

test('every language has a word for every line and title', () => {
  for (const language of ['en', 'de', 'fr', 'es', 'it'] as const) {
    for (const kind of ['invoice', 'credit_note', 'pro_forma'] as const) {
      const t = documentText(
        invoice({
          kind,
          number: kind === 'pro_forma' ? null : 'INV-1',
          corrects: kind === 'credit_note' ? 'INV-0' : null,
          billed: billed({
            language,
            lines: [
              ...billed().lines,
              { kind: 'agreed_price', detail: null, amount: 1 },
              { kind: 'price_reduction', detail: null, amount: -1 },
              { kind: 'cancellation_fee', detail: null, amount: 1 },
            ],
          }),
        }),
      );
      assert.ok(t.title.length > 0);
      for (const line of t.lines) assert.ok(line.label.length > 0 && !line.label.includes('undefined'), line.label);
      assert.equal(new Set(t.lines.map((l) => l.label)).size, t.lines.length, `${language}: labels distinct`);
    }
  }
});

test('no issuer set: the document still names the recipient and the stay; cash has no bank block', () => {
  const t = documentText(invoice({ billed: billed({ issuer: null, payment_method: 'cash' }) }));
  assert.equal(t.issuer, null);
  assert.deepEqual(t.paymentNote, ['Payment in cash on arrival.']);
  assert.ok(t.accommodation.lines.some((l) => l.startsWith('Stay: 1 July 2027 to 8 July 2027 (7 nights)')));
});

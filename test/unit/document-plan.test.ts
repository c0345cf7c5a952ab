import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { Billed } from '../../src/invoices/billed.ts';
import { billedLines, billedOf, type BilledFacts } from '../../src/invoices/billed-of.ts';
import { documentNumber, seriesOf } from '../../src/invoices/document-numbers.ts';
import { planDocuments, type IssuedDocument, type PlannedDocument } from '../../src/invoices/document-plan.ts';
import { invoicingOf } from '../../src/settings/invoicing.ts';

const facts: BilledFacts = {
  language: null,
  accommodation_language: 'de',
  currency: 'EUR',
  confirmation_code: 'SD-ABC123',
  payment_method: 'bank_transfer',
  guest_title: null,
  guest_first_name: 'Małgorzata',
  guest_last_name: 'Wiśniewska',
  guest_email: 'm@example.com',
  guest_address: JSON.stringify({ street: 'ul. Długa 1', zip: '00-001', city: 'Warszawa', country: 'PL' }),
  guest_company_name: null,
  guest_company_tax_id: null,
  accommodation_name: 'Casa Mare',
  registration_number: 'IT-CIN-1',
  tax_rate_ppm: 100_000,
  checkin: '2027-03-01',
  checkout: '2027-03-08',
  nights: 7,
  adults: 2,
  children: 1,
  babies: 0,
  base_price: 70_000,
  discount: 7_000,
  discount_name: 'weekly',
  extra_guest_fee: 3_500,
  cleaning_fee: 5_000,
  extras: JSON.stringify({ breakfast: 2_000 }),
  tax: 7_350,
  city_tax: 4_200,
  price_reduction: 1_000,
  total: 70_000 - 7_000 + 3_500 + 5_000 + 2_000 + 7_350 + 4_200 - 1_000,
};

const host = {
  business: { name: 'Seaside Lets', address: 'Harbour Road 1', tax_id: 'DE1', email: null, phone: null },
  bank_details: { account_holder: 'Seaside Lets GmbH', iban: 'DE89370400440532013000', bic: null, bank_name: null },
};

const sum = (b: Pick<Billed, 'lines'>) => b.lines.reduce((s, l) => s + l.amount, 0);

describe('billedOf', () => {
  test('every line of a computed price, in order, adding up to the total', () => {
    const billed = billedOf(facts, host);
    assert.deepEqual(billed.lines, [
      { kind: 'nights', detail: null, amount: 70_000 },
      { kind: 'extra_guest_fee', detail: null, amount: 3_500 },
      { kind: 'discount', detail: 'weekly', amount: -7_000 },
      { kind: 'cleaning', detail: null, amount: 5_000 },
      { kind: 'extra', detail: 'breakfast', amount: 2_000 },
      { kind: 'tax', detail: '100000', amount: 7_350 },
      { kind: 'city_tax', detail: null, amount: 4_200 },
      { kind: 'price_reduction', detail: null, amount: -1_000 },
    ]);
    assert.equal(sum(billed), billed.total);
    assert.equal(billed.language, 'de', "the home's language when the booking names none");
    assert.deepEqual(billed.recipient, {
      name: 'Małgorzata Wiśniewska',
      email: 'm@example.com',
      address: { line1: 'ul. Długa 1', line2: null, postal_code: '00-001', city: 'Warszawa', country: 'PL' },
      company_name: null,
      company_tax_id: null,
    });
    assert.deepEqual(billed.accommodation, { name: 'Casa Mare', registration_number: 'IT-CIN-1' });
    assert.equal(billed.issuer?.bank?.iban, 'DE89370400440532013000', 'a bank transfer prints the bank');
    assert.equal(billedOf({ ...facts, payment_method: 'cash' }, host).issuer?.bank, null);
    assert.equal(billedOf(facts, { business: null, bank_details: null }).issuer, null);
  });

  test('a price set by hand: the agreed price less its tax, the tax, city tax and reductions', () => {
    const lines = billedLines({ ...facts, total: 15_050 + 4_200 - 1_000 });
    assert.deepEqual(lines, [
      { kind: 'agreed_price', detail: null, amount: 13_682 },
      { kind: 'tax', detail: '100000', amount: 1_368 },
      { kind: 'city_tax', detail: null, amount: 4_200 },
      { kind: 'price_reduction', detail: null, amount: -1_000 },
    ]);
  });

  test('the lines always add up to the total (property)', () => {
    const amount = fc.integer({ min: 0, max: 1_000_000 });
    fc.assert(
      fc.property(
        amount,
        amount,
        amount,
        amount,
        amount,
        amount,
        amount,
        fc.integer({ min: -100, max: 5_000_000 }),
        (base, discount, fee, cleaning, tax, city, reduction, total) => {
          const f = {
            ...facts,
            base_price: base,
            discount,
            extra_guest_fee: fee,
            cleaning_fee: cleaning,
            tax,
            city_tax: city,
            price_reduction: reduction,
            extras: '{}',
            total,
          };
          assert.equal(sum({ lines: billedLines(f) }), total);
        },
      ),
    );
  });
});

const billed = billedOf(facts, host);
const invoice = (number: string, b: Billed = billed, purpose: IssuedDocument['purpose'] = 'stay'): IssuedDocument => ({
  number,
  kind: 'invoice',
  purpose,
  corrects: null,
  billed: b,
});
const asIssued = (plan: PlannedDocument[], from: number): IssuedDocument[] =>
  plan.map((d, i) => ({ ...d, number: `N${from + i}` }));
const confirmed = { status: 'confirmed' as const, cancellation_fee: null };

describe('planDocuments', () => {
  test('a draft has none; a confirmation issues an invoice of what it bills', () => {
    assert.deepEqual(planDocuments({ status: 'draft', cancellation_fee: null }, billed, []), []);
    assert.deepEqual(planDocuments(confirmed, billed, []), [
      { kind: 'invoice', purpose: 'stay', corrects: null, billed },
    ]);
  });

  test('a change of none of amount, stay or billing details issues nothing; the issuer or language alone neither', () => {
    assert.deepEqual(planDocuments(confirmed, billed, [invoice('N1')]), []);
    const renamed = {
      ...billed,
      language: 'en' as const,
      issuer: null,
      accommodation: { name: 'Other', registration_number: null },
    };
    assert.deepEqual(planDocuments({ status: 'modified', cancellation_fee: null }, renamed, [invoice('N1')]), []);
  });

  for (const [what, changed] of [
    ['the amount', billedOf({ ...facts, tax: facts.tax + 10, total: facts.total + 10 }, host)],
    ['the stay', { ...billed, stay: { ...billed.stay, adults: 3 } }],
    ['the billing details', { ...billed, recipient: { ...billed.recipient, company_name: 'ACME' } }],
  ] as const) {
    test(`a change of ${what}: a credit note cancelling the last invoice in full, then a new invoice`, () => {
      const plan = planDocuments({ status: 'modified', cancellation_fee: null }, changed, [invoice('N1')]);
      assert.equal(plan.length, 2);
      const [credit, next] = plan;
      assert.equal(credit?.kind, 'credit_note');
      assert.equal(credit?.corrects, 'N1');
      assert.equal(credit?.billed.total, -billed.total);
      assert.deepEqual(
        credit?.billed.lines.map((l) => l.amount),
        billed.lines.map((l) => -l.amount),
      );
      assert.deepEqual(next, { kind: 'invoice', purpose: 'stay', corrects: null, billed: changed });
    });
  }

  test('after a correction the new invoice is the one compared and corrected', () => {
    const changed = { ...billed, stay: { ...billed.stay, adults: 3 } };
    const issued = [invoice('N1'), ...asIssued(planDocuments(confirmed, changed, [invoice('N1')]), 2)];
    assert.deepEqual(planDocuments(confirmed, changed, issued), []);
    const back = planDocuments(confirmed, billed, issued);
    assert.equal(back[0]?.corrects, 'N3');
  });

  test('a cancellation: a credit note, and an invoice of the fee when one is kept', () => {
    assert.deepEqual(
      planDocuments({ status: 'cancelled', cancellation_fee: 0 }, billed, [invoice('N1')]).map((d) => [
        d.kind,
        d.corrects,
      ]),
      [['credit_note', 'N1']],
    );
    const withFee = planDocuments({ status: 'cancelled', cancellation_fee: 3_000 }, billed, [invoice('N1')]);
    assert.deepEqual(withFee[1], {
      kind: 'invoice',
      purpose: 'cancellation_fee',
      corrects: null,
      billed: { ...billed, lines: [{ kind: 'cancellation_fee', detail: null, amount: 3_000 }], total: 3_000 },
    });
    const issued = [invoice('N1'), ...asIssued(withFee, 2)];
    assert.deepEqual(planDocuments({ status: 'cancelled', cancellation_fee: 3_000 }, billed, issued), [], 'once');
    assert.deepEqual(
      planDocuments({ status: 'cancelled', cancellation_fee: null }, billed, []),
      [],
      'an expired draft',
    );
  });

  test('a reinstated booking: a new invoice, and the fee invoice cancelled', () => {
    const issued = [
      invoice('N1'),
      { ...invoice('N1'), number: 'N2', kind: 'credit_note' as const, corrects: 'N1' },
      invoice('N3', { ...billed, total: 3_000 }, 'cancellation_fee'),
    ];
    const plan = planDocuments(confirmed, billed, issued);
    assert.deepEqual(
      plan.map((d) => [d.kind, d.purpose, d.corrects]),
      [
        ['invoice', 'stay', null],
        ['credit_note', 'cancellation_fee', 'N3'],
      ],
    );
  });
});

describe('document numbers', () => {
  test('yearly reset by default; without it six digits; the prefix as set', () => {
    const yearly = seriesOf(invoicingOf(null), '2026-12-31');
    assert.equal(documentNumber(yearly, 1), 'INV-2026-0001');
    assert.equal(documentNumber(seriesOf(invoicingOf(null), '2027-01-01'), 12), 'INV-2027-0012');
    const plain = seriesOf(invoicingOf(JSON.stringify({ prefix: 'RE', yearly_reset: false })), '2026-05-01');
    assert.equal(documentNumber(plain, 7), 'RE000007');
    assert.deepEqual(invoicingOf('{"prefix": "bad/prefix", "yearly_reset": "no"}'), {
      prefix: 'INV-',
      yearly_reset: true,
    });
  });
});

describe('renderDocumentPdf', () => {
  test('the same input gives the same bytes', async () => {
    const { renderDocumentPdf } = await import('../../src/invoices/document-pdf.ts');
    const input = {
      kind: 'invoice' as const,
      number: 'INV-2026-0001',
      issued_on: '2026-12-03',
      corrects: null,
      billed,
      payments: [],
    };
    const first = await renderDocumentPdf(input);
    assert.deepEqual(await renderDocumentPdf(structuredClone(input)), first);
    assert.equal(Buffer.from(first.subarray(0, 5)).toString(), '%PDF-');
  });
});

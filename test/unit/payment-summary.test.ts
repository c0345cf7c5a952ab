import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { paymentSummary, type PaymentFacts, type PaymentState } from '../../src/pricing/payment-summary.ts';

const booking: PaymentFacts = {
  status: 'confirmed',
  total: 30000,
  amount_paid: 0,
  processor_paid: 0,
  cancellation_fee: null,
};

describe('paymentSummary', () => {
  test('unpaid, partly paid, paid and overpaid by what was recorded', () => {
    assert.deepEqual(paymentSummary(booking), { amount_due: 30000, amount_paid: 0, balance: 30000, state: 'unpaid' });
    assert.deepEqual(paymentSummary({ ...booking, amount_paid: 1 }), {
      amount_due: 30000,
      amount_paid: 1,
      balance: 29999,
      state: 'partly_paid',
    });
    assert.equal(paymentSummary({ ...booking, amount_paid: 30000 }).state, 'paid');
    assert.deepEqual(paymentSummary({ ...booking, amount_paid: 30001 }), {
      amount_due: 30000,
      amount_paid: 30001,
      balance: -1,
      state: 'overpaid',
    });
    assert.equal(paymentSummary({ ...booking, status: 'modified', amount_paid: 100 }).state, 'partly_paid');
  });

  test("what the card processor's payment paid counts as paid, beside what the host recorded", () => {
    const card = { ...booking, processor_paid: 30000 };
    assert.deepEqual(paymentSummary(card), { amount_due: 30000, amount_paid: 30000, balance: 0, state: 'paid' });
    assert.equal(paymentSummary({ ...card, amount_paid: 500 }).state, 'overpaid');
  });

  test('a card booking re-priced after the processor paid shows what is left to pay, or to pay back', () => {
    const card = { ...booking, processor_paid: 30000 };
    assert.deepEqual(paymentSummary({ ...card, total: 42000 }), {
      amount_due: 42000,
      amount_paid: 30000,
      balance: 12000,
      state: 'partly_paid',
    });
    assert.deepEqual(paymentSummary({ ...card, total: 25000 }), {
      amount_due: 25000,
      amount_paid: 30000,
      balance: -5000,
      state: 'overpaid',
    });
    assert.equal(paymentSummary({ ...card, total: 42000, amount_paid: 12000 }).state, 'paid');
  });

  test('a cancelled booking owes nothing: what was paid for it is owed back; nothing paid is unpaid', () => {
    assert.deepEqual(paymentSummary({ ...booking, status: 'cancelled' }), {
      amount_due: 0,
      amount_paid: 0,
      balance: 0,
      state: 'unpaid',
    });
    assert.deepEqual(paymentSummary({ ...booking, status: 'cancelled', amount_paid: 5000 }), {
      amount_due: 0,
      amount_paid: 5000,
      balance: -5000,
      state: 'overpaid',
    });
  });

  test('a free stay is paid', () => {
    assert.equal(paymentSummary({ ...booking, total: 0 }).state, 'paid');
  });

  // Every status against every kind of amount: the state never says `paid` of a booking that
  // paid nothing unless it is a free stay that stands, nor contradicts its balance.
  const STATUSES = ['draft', 'confirmed', 'modified', 'cancelled'] as const;
  const TABLE: { total: number; paid: number; processor: number; open: PaymentState; cancelled: PaymentState }[] = [
    { total: 30000, paid: 0, processor: 0, open: 'unpaid', cancelled: 'unpaid' },
    { total: 30000, paid: 100, processor: 0, open: 'partly_paid', cancelled: 'overpaid' },
    { total: 30000, paid: 0, processor: 100, open: 'partly_paid', cancelled: 'overpaid' },
    { total: 30000, paid: 30000, processor: 0, open: 'paid', cancelled: 'overpaid' },
    { total: 30000, paid: 0, processor: 30000, open: 'paid', cancelled: 'overpaid' },
    { total: 30000, paid: 10000, processor: 20000, open: 'paid', cancelled: 'overpaid' },
    { total: 30000, paid: 1, processor: 30000, open: 'overpaid', cancelled: 'overpaid' },
    { total: 30000, paid: -30000, processor: 30000, open: 'unpaid', cancelled: 'unpaid' },
    { total: 0, paid: 0, processor: 0, open: 'paid', cancelled: 'unpaid' },
    { total: 0, paid: 500, processor: 0, open: 'overpaid', cancelled: 'overpaid' },
  ];
  for (const status of STATUSES)
    for (const row of TABLE)
      test(`${status}, total ${row.total}, recorded ${row.paid}, processor ${row.processor}`, () => {
        const summary = paymentSummary({
          status,
          total: row.total,
          amount_paid: row.paid,
          processor_paid: row.processor,
          cancellation_fee: status === 'cancelled' ? 0 : null,
        });
        const due = status === 'cancelled' ? 0 : row.total;
        const paid = row.paid + row.processor;
        assert.deepEqual(summary, {
          amount_due: due,
          amount_paid: paid,
          balance: due - paid,
          state: status === 'cancelled' ? row.cancelled : row.open,
        });
      });
});

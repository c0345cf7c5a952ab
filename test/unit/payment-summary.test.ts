import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { paymentSummary, type PaymentFacts } from '../../src/pricing/payment-summary.ts';

const booking: PaymentFacts = {
  status: 'confirmed',
  total: 30000,
  payment_method: 'bank_transfer',
  confirmed_at: '2026-11-25T10:00:00.000Z',
  payment_intent_id: null,
  amount_paid: 0,
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

  test('a card payment the processor confirmed counts as paid; a card booking without one does not', () => {
    const card = { ...booking, payment_method: 'card_processor' as const, payment_intent_id: 'pi_1' };
    assert.deepEqual(paymentSummary(card), { amount_due: 30000, amount_paid: 30000, balance: 0, state: 'paid' });
    assert.equal(paymentSummary({ ...card, payment_intent_id: null }).state, 'unpaid');
    assert.equal(paymentSummary({ ...card, status: 'draft', confirmed_at: null }).state, 'unpaid');
    assert.equal(paymentSummary({ ...card, amount_paid: 500 }).state, 'overpaid');
  });

  test('a cancelled booking owes nothing: what was paid for it is owed back', () => {
    assert.deepEqual(paymentSummary({ ...booking, status: 'cancelled' }), {
      amount_due: 0,
      amount_paid: 0,
      balance: 0,
      state: 'paid',
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
});

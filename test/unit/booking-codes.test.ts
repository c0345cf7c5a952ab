import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { colorIndexOf, newConfirmationCode, newInvoiceToken } from '../../src/bookings/booking-codes.ts';

describe('booking codes', () => {
  test('invoice tokens: 256 bits in base64url, all distinct across many pool refills', () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const token = newInvoiceToken();
      assert.match(token, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(Buffer.from(token, 'base64url').length, 32);
      tokens.add(token);
    }
    assert.equal(tokens.size, 2000);
  });

  test('invoice tokens are not runs of zeros (the pool is filled before use)', () => {
    for (let i = 0; i < 300; i++) assert.notEqual(newInvoiceToken(), Buffer.alloc(32).toString('base64url'));
  });

  test('confirmation codes: 10 characters without look-alikes; colours 0-9 and stable', () => {
    const codes = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = newConfirmationCode();
      assert.match(code, /^[2-9A-HJKMNP-Z]{10}$/);
      codes.add(code);
      const colour = colorIndexOf(code);
      assert.ok(Number.isInteger(colour) && colour >= 0 && colour <= 9);
      assert.equal(colorIndexOf(code), colour);
    }
    assert.equal(codes.size, 2000);
  });
});

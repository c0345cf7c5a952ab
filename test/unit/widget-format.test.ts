import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createFormat } from '../../packages/widget/src/format.ts';
import { messagesFor } from '../../packages/widget/src/messages.ts';

// The widget's amounts (packages/widget/src/format.ts): Intl formats, no browser.

test('amounts are written in the page’s currency, or as plain numbers without one', () => {
  const t = messagesFor('en', {});
  const eur = createFormat('en', 'EUR', t);
  assert.equal(eur.money(275), '€275.00');
  assert.equal(eur.price(90), '€90');
  const none = createFormat('en', null, t);
  assert.equal(none.money(275), '275.00');
  assert.equal(none.price(90), '90');
});

test('a currency code Intl refuses gives plain numbers followed by the code instead of an error', () => {
  const t = messagesFor('en', {});
  assert.throws(() => new Intl.NumberFormat('en', { style: 'currency', currency: 'EURO' }), RangeError);
  const f = createFormat('en', 'EURO', t);
  assert.equal(f.money(275), '275.00 EURO');
  assert.equal(f.price(90), '90 EURO');
  assert.equal(createFormat('de', '€', messagesFor('de', {})).money(1234.5), '1.234,50 €');
});

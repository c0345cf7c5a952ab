import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accessOf } from '../../src/guest-page/door-code.ts';
import { guestPageModel, type GuestPageFacts } from '../../src/guest-page/guest-page-model.ts';
import { guestPageHtml } from '../../src/guest-page/guest-page-html.ts';

const base = { standing: true, checkin: '2031-07-10', checkout: '2031-07-13', daysBefore: 2, balance: 0 };

test('the door code shows from door_code_days before arrival to the day of departure, once nothing is due', () => {
  assert.deepEqual(accessOf({ ...base, today: '2031-07-07' }), {
    kind: 'later',
    from: '2031-07-08',
    balanceDue: false,
  });
  assert.deepEqual(accessOf({ ...base, today: '2031-07-08' }), { kind: 'open' });
  assert.deepEqual(accessOf({ ...base, today: '2031-07-13' }), { kind: 'open' });
  assert.deepEqual(accessOf({ ...base, today: '2031-07-14' }), { kind: 'closed' });
  assert.deepEqual(accessOf({ ...base, today: '2031-07-10', daysBefore: 0 }), { kind: 'open' });
  assert.deepEqual(accessOf({ ...base, today: '2031-07-09', daysBefore: 0 }), {
    kind: 'later',
    from: '2031-07-10',
    balanceDue: false,
  });
});

test('something due holds the door code back whatever the date; an overpaid booking does not', () => {
  assert.deepEqual(accessOf({ ...base, today: '2031-07-09', balance: 1 }), {
    kind: 'later',
    from: null,
    balanceDue: true,
  });
  assert.deepEqual(accessOf({ ...base, today: '2031-07-01', balance: 1 }), {
    kind: 'later',
    from: '2031-07-08',
    balanceDue: true,
  });
  assert.deepEqual(accessOf({ ...base, today: '2031-07-09', balance: -500 }), { kind: 'open' });
  assert.deepEqual(accessOf({ ...base, today: '2031-07-09', standing: false }), { kind: 'closed' });
});

function facts(over: Partial<GuestPageFacts['booking']> = {}, rest: Partial<GuestPageFacts> = {}): GuestPageFacts {
  return {
    booking: {
      confirmation_code: 'ABC123',
      status: 'confirmed',
      checkin: '2031-07-10',
      checkout: '2031-07-13',
      nights: 3,
      adults: 2,
      children: 1,
      babies: 0,
      guest_first_name: 'Zoë <b>',
      language: null,
      currency: 'EUR',
      total: 30000,
      amount_paid: 10000,
      processor_paid: 0,
      cancellation_fee: null,
      cancelled_at: null,
      confirmed_at: '2031-06-01T10:00:00.000Z',
      ...over,
    },
    home: {
      name: 'Sea & Sky',
      language: 'fr',
      checkin_time: '15:00',
      checkout_time: '10:00',
      address: '1 Rue de la Mer',
      arrival_instructions: null,
      door_code: '4711',
      door_code_days: 2,
      wifi_name: null,
      wifi_password: null,
    },
    payments: [{ received_on: '2031-06-02', method: 'bank_transfer', amount: 12000 }],
    refunds: [{ created_at: '2031-06-03T09:00:00.000Z', method: 'bank_transfer', amount: 2000 }],
    documents: [],
    cardPayments: true,
    today: '2031-07-09',
    chosenLanguage: null,
    ...rest,
  };
}

test("the page model: the home's language unless the booking or the guest chose one; money lines sum to what is paid", () => {
  const m = guestPageModel(facts());
  assert.equal(m.language, 'fr');
  assert.equal(guestPageModel(facts({ language: 'de' })).language, 'de');
  assert.equal(guestPageModel(facts({ language: 'de' }, { chosenLanguage: 'es' })).language, 'es');
  assert.deepEqual(m.money, {
    currency: 'EUR',
    due: 30000,
    paid: 10000,
    balance: 20000,
    lines: [
      { on: '2031-06-02', kind: 'bank_transfer', amount: 12000 },
      { on: '2031-06-03', kind: 'refund', amount: -2000 },
    ],
  });
  assert.equal(m.pay, 'offered');
  assert.deepEqual(m.access, { kind: 'later', from: null, balanceDue: true });
  assert.equal(guestPageModel(facts({}, { cardPayments: false })).pay, 'unavailable');
  assert.equal(guestPageModel(facts({ amount_paid: 30000 })).pay, 'none');
  assert.deepEqual(guestPageModel(facts({ amount_paid: 30000 })).access, { kind: 'open' });
});

test('a cancelled booking: its day and fee, no address, no way in, nothing to pay; a draft awaits its payment', () => {
  const m = guestPageModel(
    facts({ status: 'cancelled', cancelled_at: '2031-06-20T08:00:00.000Z', cancellation_fee: 9000, amount_paid: 0 }),
  );
  assert.equal(m.state, 'cancelled');
  assert.deepEqual(m.cancellation, { on: '2031-06-20', fee: 9000 });
  assert.equal(m.address, null);
  assert.deepEqual(m.access, { kind: 'closed' });
  assert.equal(m.pay, 'none');
  const draft = guestPageModel(facts({ status: 'draft', amount_paid: 0 }));
  assert.equal(draft.state, 'awaiting_payment');
  assert.equal(draft.pay, 'none');
});

test('the HTML escapes every value, is in the language chosen and has no script', () => {
  const page = guestPageHtml(guestPageModel(facts({ amount_paid: 30000 })), { page: '/guest/tok' });
  assert.match(page, /<html lang="fr">/);
  assert.match(page, /Bonjour Zoë &lt;b&gt;,/);
  assert.match(page, /Votre séjour à Sea &amp; Sky/);
  assert.match(page, /<dd class="secret">4711<\/dd>/);
  assert.doesNotMatch(page, /<script/);
  assert.match(page, /href="\/guest\/tok\?lang=de"/);
});

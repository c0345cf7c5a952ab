import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cancellationFee } from '../../src/pricing/cancellation-fee.ts';
import { dueAndUnpaid, paymentSchedule } from '../../src/pricing/payment-schedule.ts';
import { renderBookingMail, type BookingMailDetails } from '../../src/mail/booking-mail-templates.ts';
import { GUEST_LANGUAGES } from '../../src/shared/guest-language.ts';

const POLICY = [
  { days_before_checkin: 30, fee_ppm: 200_000 },
  { days_before_checkin: 7, fee_ppm: 500_000 },
  { days_before_checkin: 0, fee_ppm: 1_000_000 },
];

describe('cancellationFee', () => {
  test('the tier with the largest days not above the days left', () => {
    const cases: [number, number][] = [
      [400, 20000],
      [30, 20000],
      [29, 50000],
      [7, 50000],
      [6, 100000],
      [0, 100000],
      [-3, 100000],
    ];
    for (const [days, fee] of cases) assert.equal(cancellationFee(POLICY, 100000, days), fee, `${days} days`);
  });

  test('none without a policy, a tier that applies, or a total; rounded half away from zero', () => {
    assert.equal(cancellationFee(null, 100000, 3), 0);
    assert.equal(cancellationFee([{ days_before_checkin: 7, fee_ppm: 500_000 }], 100000, 3), 0);
    assert.equal(cancellationFee(POLICY, 0, 3), 0);
    assert.equal(cancellationFee([{ days_before_checkin: 0, fee_ppm: 500_000 }], 101, 0), 51);
    assert.equal(cancellationFee([{ days_before_checkin: 0, fee_ppm: 333_333 }], 38500, 0), 12833);
  });
});

describe('paymentSchedule', () => {
  const terms = { deposit_ppm: 300_000, balance_days_before: 14 };
  test('a share when booked and the balance before check-in, adding up to the total', () => {
    assert.deepEqual(paymentSchedule(terms, 38501, '2030-01-01', '2030-03-01'), [
      { due_on: '2030-01-01', amount: 11550 },
      { due_on: '2030-02-15', amount: 26951 },
    ]);
  });
  test('one entry when the stay is as close as the balance days, when there are no terms, or all is due at once', () => {
    assert.deepEqual(paymentSchedule(terms, 100, '2030-01-01', '2030-01-15'), [{ due_on: '2030-01-01', amount: 100 }]);
    assert.deepEqual(paymentSchedule(null, 100, '2030-01-01', '2030-03-01'), [{ due_on: '2030-01-01', amount: 100 }]);
    assert.deepEqual(
      paymentSchedule({ deposit_ppm: 1_000_000, balance_days_before: 14 }, 100, '2030-01-01', '2030-03-01'),
      [{ due_on: '2030-01-01', amount: 100 }],
    );
  });
  test('what has fallen due and is not covered', () => {
    const schedule = paymentSchedule(terms, 38500, '2030-01-01', '2030-03-01');
    assert.equal(dueAndUnpaid(schedule, 0, '2029-12-31'), 0);
    assert.equal(dueAndUnpaid(schedule, 0, '2030-01-01'), 11550);
    assert.equal(dueAndUnpaid(schedule, 11550, '2030-02-14'), 0);
    assert.equal(dueAndUnpaid(schedule, 11550, '2030-02-15'), 26950);
    assert.equal(dueAndUnpaid(schedule, 50000, '2030-02-15'), 0);
  });
});

describe('the bank transfer mail gives a schedule of more than one entry, in every language', () => {
  const details = (language: BookingMailDetails['language'], schedule: BookingMailDetails['schedule']) => ({
    confirmationCode: 'ABC123',
    firstName: 'Ada',
    accommodationName: 'Casa',
    checkin: '2030-03-01',
    checkout: '2030-03-04',
    checkinTime: '15:00',
    checkoutTime: '10:00',
    nights: 3,
    adults: 2,
    children: 0,
    babies: 0,
    extraGuestFee: 0,
    cityTax: 0,
    registrationNumber: null,
    total: 38500,
    currency: 'EUR',
    paymentMethod: 'bank_transfer' as const,
    schedule,
    cancelReason: null,
    language,
    host: { signature: 'Casa', bank: null },
  });
  const two = [
    { due_on: '2030-01-01', amount: 11550 },
    { due_on: '2030-02-15', amount: 26950 },
  ];
  const headings = new Set<string>();
  for (const language of GUEST_LANGUAGES)
    test(language, () => {
      const mail = renderBookingMail('confirmation', details(language, two), null);
      const lines = mail.text.split('\n').filter((l) => l.startsWith('– '));
      assert.equal(lines.length, 2, mail.text);
      assert.match(lines[1] ?? '', /269[.,]50/);
      const heading = mail.text.split('\n').find((l, i, all) => all[i + 1]?.startsWith('– ')) ?? '';
      headings.add(heading);
      assert.equal(headings.size, GUEST_LANGUAGES.indexOf(language) + 1, 'a heading of its own language');
      const single = renderBookingMail(
        'confirmation',
        details(language, [{ due_on: '2030-01-01', amount: 38500 }]),
        null,
      );
      assert.ok(!single.text.includes('\n– '), 'one entry: no schedule');
    });
});

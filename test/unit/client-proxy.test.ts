import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserAddress, visitorKey } from '../../packages/client/src/proxy-address.ts';
import { quoteView, relayed } from '../../packages/client/src/proxy-answers.ts';
import { createDraftLedger } from '../../packages/client/src/proxy-limits.ts';
import { StaydeskError, type Availability } from '../../packages/client/src/index.ts';

describe('@staydesk/client/proxy: the visitor', () => {
  const request = (forwarded?: string) =>
    new Request(
      'https://partner.example/book',
      forwarded === undefined ? {} : { headers: { 'x-forwarded-for': forwarded } },
    );

  test('with no trusted proxy, the connection; X-Forwarded-For is not read', () => {
    assert.equal(browserAddress(request('203.0.113.1'), { address: '198.51.100.1' }, 0), '198.51.100.1');
    assert.equal(browserAddress(request('203.0.113.1'), {}, 0), undefined);
  });

  test('with n trusted proxies, the n-th entry from the end; a shorter list ends at its first entry', () => {
    const lb = { address: '10.0.0.2' };
    assert.equal(browserAddress(request('203.0.113.9, 198.51.100.7'), lb, 1), '198.51.100.7');
    assert.equal(browserAddress(request('203.0.113.9, 198.51.100.7, 10.0.0.1'), lb, 2), '198.51.100.7');
    assert.equal(browserAddress(request('198.51.100.7'), lb, 3), '198.51.100.7');
    assert.equal(browserAddress(request(), lb, 1), '10.0.0.2', 'no header: the connection');
    assert.equal(browserAddress(request('198.51.100.7'), {}, 1), '198.51.100.7');
  });

  test('IPv4 is itself (a port dropped), IPv4 written as IPv6 is IPv4, IPv6 counts by its /64', () => {
    const cases: [string, string][] = [
      ['198.51.100.7', '198.51.100.7'],
      ['198.51.100.7:51234', '198.51.100.7'],
      ['::ffff:198.51.100.7', '198.51.100.7'],
      ['::FFFF:c633:6407', '198.51.100.7'],
      ['2001:db8:1:2::a', '2001:db8:1:2::/64'],
      ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
      ['[2001:db8:1:2::1]:443', '2001:db8:1:2::/64'],
      ['fe80::1%eth0', 'fe80:0:0:0::/64'],
      ['::1', '0:0:0:0::/64'],
      ['2001:db8:1:3::a', '2001:db8:1:3::/64'],
      ['visitor-42', 'visitor-42'],
      ['999.1.1.1', '999.1.1.1'],
      ['1:2:3', '1:2:3'],
    ];
    for (const [address, key] of cases) assert.equal(visitorKey(address), key, address);
  });
});

describe('@staydesk/client/proxy: the draft ledger', () => {
  test('counts per visitor and in all; a refused draft is given back; a booking counted twice once', () => {
    let now = 0;
    const ledger = createDraftLedger({ perVisitor: 2, perProxy: 3 }, 1800_000, () => now);
    const a1 = ledger.take('a');
    ledger.take('a');
    assert.equal(ledger.refusal('a')?.scope, 'visitor');
    assert.equal(ledger.refusal('b'), null);
    const b1 = ledger.take('b');
    assert.equal(ledger.refusal('c')?.scope, 'proxy');
    ledger.giveBack(b1);
    assert.equal(ledger.refusal('c'), null);
    ledger.made(a1, 7, 600_000);
    const again = ledger.take('c');
    ledger.made(again, 7, 600_000);
    assert.equal(ledger.size(), 2, 'the same booking keeps one slot');
    now = 600_000;
    assert.equal(ledger.size(), 2);
    assert.equal(ledger.refusal('a'), null, 'a hold that ended counts no more');
    assert.equal(ledger.size(), 1);
  });

  test('Retry-After is when the first counted hold ends; a draft is asked about at most once per interval', () => {
    let now = 1000;
    const ledger = createDraftLedger({ perVisitor: 1, perProxy: 5 }, 1800_000, () => now);
    const slot = ledger.take('a');
    ledger.made(slot, 9, 1000 + 900_000);
    now += 100_000;
    const refusal = ledger.refusal('a');
    assert.equal(refusal?.retryAfterMs, 800_000);
    assert.deepEqual(ledger.due(refusal.slots, 60_000), [{ slot, bookingId: 9 }]);
    assert.deepEqual(ledger.due(refusal.slots, 60_000), [], 'just asked');
    now += 60_000;
    assert.equal(ledger.due(refusal.slots, 60_000).length, 1);
    ledger.ended(9);
    assert.equal(ledger.refusal('a'), null);
  });
});

describe('@staydesk/client/proxy: answers in its own words', () => {
  const taken = {
    available: false,
    nights: 0,
    pricing: null,
    restrictions: null,
    message: 'Not available: 2027-07-02 is blocked (Owner divorce mediation - PRIVATE).',
  } as Availability;

  test('a taken stay is only "not available"', () => {
    assert.deepEqual(quoteView(taken), {
      available: false,
      nights: 0,
      pricing: null,
      restrictions: null,
      message: 'These dates are not available.',
    });
  });

  test('a free stay keeps the pricing and restrictions fields, and nothing the service may add', () => {
    const view = quoteView({
      available: true,
      nights: 2,
      message: 'Available',
      pricing: {
        base_price: 160,
        avg_price_per_night: 80,
        cleaning_fee: 0,
        tax: 0,
        extras: { breakfast: 20, note: 'x' as unknown as number },
        discounts: {},
        city_tax: 4,
        extra_guest_fee: 0,
        total: 184,
        guest: 'Lin Browser',
      },
      restrictions: { min_stay: 1, max_stay: 30, max_guests: 4, checkin_time: '15:00', checkout_time: '10:00' },
      registration_number: 'IT-CIN 042',
      conflicting_booking: 'UPTSJMF8KF',
    } as unknown as Availability);
    assert.equal(view.message, 'These dates are available.');
    assert.deepEqual(view.pricing?.extras, { breakfast: 20 });
    assert.equal(view.pricing?.city_tax, 4, 'the city tax line, which the total includes');
    assert.equal(view.registration_number, 'IT-CIN 042', 'a listing must show it');
    assert.ok(!JSON.stringify(view).includes('Browser') && !JSON.stringify(view).includes('UPTSJMF8KF'));
  });

  test("a relayed refusal keeps its reason and what to correct, never the service's message or who holds a night", () => {
    const error = new StaydeskError({
      status: 409,
      reason: 'dates_unavailable',
      message: 'Not available: the dates conflict with booking UPTSJMF8KF (night of 2027-07-02).',
      details: {
        reason: 'dates_unavailable',
        conflicting_night: '2027-07-02',
        night: '2027-07-02',
        conflicting_booking: 'UPTSJMF8KF',
        confirmation_code: 'UPTSJMF8KF',
        taken_by: 'booking',
        parameter: 'Owner divorce mediation',
        expected: { guest: 'Lin Browser' },
      },
      requestId: 'req-9',
      retryAfter: undefined,
    });
    const view = relayed(error);
    assert.deepEqual(view.details, { conflicting_night: '2027-07-02', night: '2027-07-02' });
    assert.equal(view.message, 'Some of these nights are no longer available. Please choose other dates.');
    assert.equal(view.requestId, 'req-9');
  });
});

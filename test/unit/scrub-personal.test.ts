import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scrubPersonal, scrubPersonalJson } from '../../src/privacy/scrub-personal.ts';

test('personal details are blanked wherever they are nested; ids, dates and amounts stay', () => {
  const event = {
    type: 'booking.confirmed',
    data: {
      id: 7,
      checkin_date: '2027-05-01',
      total_amount: 275,
      guest_notes: 'late',
      partner: { id: 3, name: 'Ada Lovelace', email: 'ada@example.com', phone: null, extra: { vip: true } },
      guests: [{ first_name: 'Ada', address: { street: 'x' } }],
    },
  };
  assert.deepEqual(scrubPersonal(event), {
    type: 'booking.confirmed',
    data: {
      id: 7,
      checkin_date: '2027-05-01',
      total_amount: 275,
      guest_notes: '',
      partner: { id: 3, name: '', email: '', phone: null, extra: { vip: null } },
      guests: [{ first_name: '', address: null }],
    },
  });
  assert.equal(scrubPersonalJson('not json'), 'not json');
  assert.equal(scrubPersonalJson('{"email":"a@b.c"}'), '{"email":""}');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { correctedColumns } from '../../src/bookings/correct-guest-details.ts';
import { guestAddressOf, storedAddressText } from '../../src/guests/stored-address.ts';
import { isAppError } from '../../src/http/errors.ts';
import { countryCode } from '../../src/shared/countries.ts';

const booking = {
  guest_first_name: 'Jiri',
  guest_last_name: 'Dvorak',
  guest_email: 'jiri@example.cz',
  guest_phone: '+420 123',
  guest_address: JSON.stringify({ street: 'Krizikova 148/34', zip: '301 00', city: 'Plzen', country: 'Czechia' }),
  guest_company_name: null,
  guest_company_tax_id: null,
};

test('country codes: assigned ISO 3166-1 alpha-2 only, any case, stored upper case', () => {
  assert.equal(countryCode('pl'), 'PL');
  assert.equal(countryCode(' CZ '), 'CZ');
  for (const unknown of ['XX', 'EU', 'UK', 'POL', 'Poland', '', 'ZZ'])
    assert.equal(countryCode(unknown), null, unknown);
});

test("a v1 address reads as a billing address and is written back in the stored form's names", () => {
  const address = guestAddressOf(booking.guest_address);
  assert.deepEqual(address, {
    line1: 'Krizikova 148/34',
    line2: null,
    postal_code: '301 00',
    city: 'Plzen',
    country: 'Czechia',
  });
  assert.deepEqual(JSON.parse(storedAddressText(address ?? assert.fail('no address')) ?? 'null'), {
    street: 'Krizikova 148/34',
    zip: '301 00',
    city: 'Plzen',
    country: 'Czechia',
  });
  assert.equal(guestAddressOf(null), null);
  assert.equal(guestAddressOf('{"street": "  "}'), null);
  assert.equal(storedAddressText({ line1: null, line2: null, postal_code: null, city: null, country: null }), null);
});

test('a correction changes what it names and keeps the rest; null and empty text clear', () => {
  const corrected = correctedColumns(booking, {
    first_name: ' Jiří ',
    phone: '',
    address: { city: 'Plzeň', country: 'cz', line2: null },
    company_name: 'Dvořák s.r.o.',
  });
  assert.equal(corrected.guest_first_name, 'Jiří');
  assert.equal(corrected.guest_last_name, 'Dvorak');
  assert.equal(corrected.guest_phone, null);
  assert.equal(corrected.guest_company_name, 'Dvořák s.r.o.');
  assert.deepEqual(guestAddressOf(corrected.guest_address), {
    line1: 'Krizikova 148/34',
    line2: null,
    postal_code: '301 00',
    city: 'Plzeň',
    country: 'CZ',
  });
  assert.equal(correctedColumns(booking, { address: null }).guest_address, null);
  assert.deepEqual(correctedColumns(booking, {}), booking);
});

test('a blank name or an unknown country is refused with its reason and field', () => {
  const refusal = (guest: Parameters<typeof correctedColumns>[1]) => {
    try {
      correctedColumns(booking, guest);
    } catch (error) {
      assert.ok(isAppError(error));
      return [error.details.reason, error.details.parameter];
    }
    return assert.fail('not refused');
  };
  assert.deepEqual(refusal({ last_name: '  ' }), ['blank', 'guest.last_name']);
  assert.deepEqual(refusal({ address: { country: 'XX' } }), ['unknown_country', 'guest.address.country']);
});

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isReasonFor } from '../../src/http/error-reasons.ts';
import { emptyGuest, type GuestInput, type RegistrationInput } from '../../src/registrations/registration-fields.ts';
import { registrationState, type StoredGuest } from '../../src/registrations/registration-state.ts';
import { validateRegistration } from '../../src/registrations/validate-registration.ts';

// Check-in (docs/guest-page.md#online-check-in): each field judged on its own with a reason and
// its path, nothing required; and the state rule, missing / partial / complete.

const TODAY = '2031-07-01';

const lead = (): GuestInput => ({
  first_name: 'Anna',
  last_name: 'Rossi',
  sex: 'F',
  birth_date: '1990-04-12',
  birth_place: 'Bologna',
  nationality: 'IT',
  document_type: 'id_card',
  document_number: 'CA12345AB',
  document_country: 'IT',
  address: { street: 'Via Roma 1', postal_code: '40100', city: 'Bologna', country: 'IT' },
});

const withGuest = (changes: Partial<GuestInput>, guests = 2): RegistrationInput => ({
  guests: [{ ...lead(), ...changes }, ...Array.from({ length: guests - 1 }, (_, i) => emptyGuest(i + 1))],
  arrival_time: '16:30',
});

function refusals(input: RegistrationInput, party = 2): [string, string][] {
  return validateRegistration(input, { guests: party, today: TODAY }).errors.map((e) => [e.field, e.reason]);
}

describe('validateRegistration', () => {
  test('a full lead guest, an empty second one and an arrival time pass, cleaned', () => {
    const checked = validateRegistration(withGuest({ sex: 'f', nationality: 'it', document_number: 'ca  123 45' }), {
      guests: 2,
      today: TODAY,
    });
    assert.deepEqual(checked.errors, []);
    const guest = checked.registration.guests[0];
    assert.equal(guest?.sex, 'F');
    assert.equal(guest?.nationality, 'IT');
    assert.equal(guest?.document_number, 'CA 123 45');
  });

  test('nothing given is no error: a guest may send what they have', () => {
    assert.deepEqual(refusals({ guests: [emptyGuest(0), emptyGuest(1)], arrival_time: null }), []);
    assert.deepEqual(refusals({ guests: [], arrival_time: null }), []);
  });

  const cases: [string, Partial<GuestInput> | RegistrationInput, string, string][] = [
    ['a birth date that is no real day', { birth_date: '1990-02-30' }, 'guests[0].birth_date', 'invalid_date'],
    ['a birth date not written YYYY-MM-DD', { birth_date: '12/04/1990' }, 'guests[0].birth_date', 'invalid_date'],
    ['a birth date after today', { birth_date: '2031-07-02' }, 'guests[0].birth_date', 'future_date'],
    ['a birth date over 120 years ago', { birth_date: '1911-06-30' }, 'guests[0].birth_date', 'implausible_date'],
    ['a sex other than M or F', { sex: 'X' }, 'guests[0].sex', 'invalid_enum'],
    ['an unknown document type', { document_type: 'visa' }, 'guests[0].document_type', 'invalid_enum'],
    ['an unknown nationality', { nationality: 'XX' }, 'guests[0].nationality', 'unknown_country'],
    [
      'a country name instead of a code',
      { document_country: 'Italy' },
      'guests[0].document_country',
      'unknown_country',
    ],
    [
      'an unknown address country',
      { address: { street: null, postal_code: null, city: null, country: 'ZZ' } },
      'guests[0].address.country',
      'unknown_country',
    ],
    [
      'a document number with other signs',
      { document_number: 'AB#12' },
      'guests[0].document_number',
      'invalid_pattern',
    ],
    ['a name too long', { first_name: 'A'.repeat(101) }, 'guests[0].first_name', 'invalid_maxLength'],
    [
      'a postal code too long',
      { address: { street: null, postal_code: '1'.repeat(21), city: null, country: null } },
      'guests[0].address.postal_code',
      'invalid_maxLength',
    ],
  ];
  for (const [what, changes, field, reason] of cases)
    test(`${what}: ${reason} at ${field}`, () => {
      assert.ok(isReasonFor(reason, 400), `${reason} is a 400 reason of the table`);
      assert.deepEqual(refusals(withGuest(changes as Partial<GuestInput>)), [[field, reason]]);
    });

  test('a birth date of today and one exactly 120 years ago pass', () => {
    assert.deepEqual(refusals(withGuest({ birth_date: TODAY })), []);
    assert.deepEqual(refusals(withGuest({ birth_date: '1911-07-01' })), []);
  });

  test('the second guest is named by its own path', () => {
    const input = withGuest({});
    input.guests[1] = { ...emptyGuest(1), birth_date: '2040-01-01' };
    assert.deepEqual(refusals(input), [['guests[1].birth_date', 'future_date']]);
  });

  test('an arrival time that is not HH:MM: invalid_time', () => {
    for (const time of ['24:00', '9:30', '16h30', '16:60'])
      assert.deepEqual(refusals({ ...withGuest({}), arrival_time: time }), [['arrival_time', 'invalid_time']], time);
    assert.deepEqual(refusals({ ...withGuest({}), arrival_time: '00:00' }), []);
    assert.deepEqual(refusals({ ...withGuest({}), arrival_time: '23:59' }), []);
  });

  test("more guests than the booking's adults and children: too_many_guests", () => {
    assert.deepEqual(refusals(withGuest({}, 3), 2), [['guests', 'too_many_guests']]);
  });

  test('every refused field is reported at once', () => {
    const reasons = refusals({ ...withGuest({ sex: 'X', nationality: 'XX' }), arrival_time: 'soon' });
    assert.deepEqual(reasons, [
      ['guests[0].sex', 'invalid_enum'],
      ['guests[0].nationality', 'unknown_country'],
      ['arrival_time', 'invalid_time'],
    ]);
  });
});

describe('registrationState', () => {
  const stored = (position: number, changes: Partial<StoredGuest> = {}): StoredGuest => {
    const { address, ...fields } = lead();
    return { ...fields, position, address: position === 0 ? address : null, documents_erased_at: null, ...changes };
  };

  test('missing: no guest and no arrival time', () => {
    assert.equal(registrationState(2, { arrival_time: null, guests: [] }), 'missing');
  });

  test('partial: an arrival time alone, or a guest without an arrival time', () => {
    assert.equal(registrationState(1, { arrival_time: '15:00', guests: [] }), 'partial');
    assert.equal(registrationState(1, { arrival_time: null, guests: [stored(0)] }), 'partial');
  });

  test('complete: every adult and child with every field, the address and the arrival time', () => {
    assert.equal(registrationState(2, { arrival_time: '15:00', guests: [stored(0), stored(1)] }), 'complete');
  });

  test('partial: a guest short, a field short, or the address short', () => {
    assert.equal(registrationState(2, { arrival_time: '15:00', guests: [stored(0)] }), 'partial');
    assert.equal(
      registrationState(2, { arrival_time: '15:00', guests: [stored(0), stored(1, { birth_place: null })] }),
      'partial',
    );
    const noCity = stored(0, { address: { street: 'Via Roma 1', postal_code: '40100', city: null, country: 'IT' } });
    assert.equal(registrationState(2, { arrival_time: '15:00', guests: [noCity, stored(1)] }), 'partial');
    assert.equal(registrationState(1, { arrival_time: '15:00', guests: [stored(0, { address: null })] }), 'partial');
  });

  test('a gap in the positions is not complete, even with as many guests as the party', () => {
    assert.equal(registrationState(2, { arrival_time: '15:00', guests: [stored(0), stored(2)] }), 'partial');
  });

  test('documents the retention job erased count as given', () => {
    const erased = stored(1, {
      document_type: null,
      document_number: null,
      document_country: null,
      documents_erased_at: '2031-10-01T00:00:00.000Z',
    });
    assert.equal(registrationState(2, { arrival_time: '15:00', guests: [stored(0), erased] }), 'complete');
    const notErased = stored(1, { document_number: null });
    assert.equal(registrationState(2, { arrival_time: '15:00', guests: [stored(0), notErased] }), 'partial');
  });

  test('a guest beyond the party neither helps nor hinders', () => {
    const extra = stored(2, { first_name: null });
    assert.equal(registrationState(2, { arrival_time: '15:00', guests: [stored(0), stored(1), extra] }), 'complete');
  });
});

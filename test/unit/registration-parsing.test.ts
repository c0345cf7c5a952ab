import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { registrationOfForm, registrationOfJson } from '../../src/registrations/parse-registration.ts';

// The guest route's two bodies (docs/guest-page.md#online-check-in) read into one shape.

describe('registrationOfForm and registrationOfJson', () => {
  const json = {
    guests: [
      {
        first_name: ' Anna ',
        last_name: 'Rossi',
        sex: 'F',
        birth_date: '1990-04-12',
        address: { street: 'Via Roma 1', postal_code: '', city: 'Bologna', country: 'IT' },
      },
      { first_name: 'Luca', nationality: null },
    ],
    arrival_time: '16:30',
  };
  const form = new URLSearchParams({
    _token: 'the page may post its own fields',
    'guests[0].first_name': ' Anna ',
    'guests[0].last_name': 'Rossi',
    'guests[0].sex': 'F',
    'guests[0].birth_date': '1990-04-12',
    'guests[0].birth_place': '',
    'guests[0].address.street': 'Via Roma 1',
    'guests[0].address.postal_code': '',
    'guests[0].address.city': 'Bologna',
    'guests[0].address.country': 'IT',
    'guests[1].first_name': 'Luca',
    'guests[1].nationality': '',
    arrival_time: '16:30',
  }).toString();

  test('the form and the JSON body read the same check-in: trimmed, empty is not given', () => {
    const fromJson = registrationOfJson(json);
    const fromForm = registrationOfForm(form);
    assert.deepEqual(fromJson.errors, []);
    assert.deepEqual(fromForm.errors, []);
    assert.deepEqual(fromForm.input, fromJson.input);
    assert.equal(fromJson.input.guests[0]?.first_name, 'Anna');
    assert.equal(fromJson.input.guests[0]?.address?.postal_code, null);
    assert.equal(fromJson.input.guests[1]?.address, null);
    assert.equal(fromJson.input.arrival_time, '16:30');
  });

  test('a parsed form (name → value) reads as its raw text does', () => {
    assert.deepEqual(registrationOfForm(Object.fromEntries(new URLSearchParams(form))), registrationOfForm(form));
  });

  test('an address on a guest other than the first is not read from a form', () => {
    const parsed = registrationOfForm('guests[1].address.city=Rome&guests[1].first_name=Luca');
    assert.equal(parsed.input.guests[1]?.address, null);
    assert.equal(parsed.input.guests[0]?.first_name, null);
  });

  test('a form with a guest index beyond any party is too_many_guests', () => {
    const parsed = registrationOfForm('guests[999].first_name=X');
    assert.deepEqual(
      parsed.errors.map((e) => [e.field, e.reason]),
      [['guests', 'too_many_guests']],
    );
    assert.equal(parsed.input.guests.length, 0);
  });

  test('JSON: wrong types and unknown fields are refused with their paths', () => {
    const parsed = registrationOfJson({
      guests: [{ first_name: 7, passport: 'X1', address: 'Via Roma' }, { address: { city: 'Rome' } }],
      arrival_time: 1630,
      extra: true,
    });
    assert.deepEqual(
      parsed.errors.map((e) => [e.field, e.reason]),
      [
        ['guests[0].first_name', 'invalid_type'],
        ['guests[0].passport', 'unknown_parameter'],
        ['guests[0].address', 'invalid_type'],
        ['guests[1].address', 'unknown_parameter'],
        ['arrival_time', 'invalid_type'],
        ['extra', 'unknown_parameter'],
      ],
    );
  });

  test('JSON: a body that is not an object, and guests that are not a list', () => {
    assert.deepEqual(
      registrationOfJson([]).errors.map((e) => [e.field, e.reason]),
      [['body', 'invalid_type']],
    );
    assert.deepEqual(
      registrationOfJson({ guests: {} }).errors.map((e) => [e.field, e.reason]),
      [['guests', 'invalid_type']],
    );
    assert.deepEqual(registrationOfJson({ guests: null, arrival_time: null }), {
      input: { guests: [], arrival_time: null },
      errors: [],
    });
  });
});

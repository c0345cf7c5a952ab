import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isValidIban, normalizeIban, printedIban } from '../../src/settings/host-identity.ts';

test('IBANs are checked with their ISO 13616 check digits, written with or without spaces', () => {
  for (const valid of [
    'DE89370400440532013000',
    'de89 3704 0044 0532 0130 00',
    'GB82WEST12345698765432',
    'FR1420041010050500013M02606',
    'CH9300762011623852957',
    'NL91ABNA0417164300',
    'IT60X0542811101000000123456',
    'ES9121000418450200051332',
  ]) {
    assert.ok(isValidIban(valid), valid);
  }
  for (const invalid of [
    'DE88370400440532013000', // one check digit off
    'DE89370400440532013001', // one account digit off
    'GB82WEST1234569876543', // too short for its checksum
    'DE89-3704-0044',
    '',
    '1289370400440532013000',
  ]) {
    assert.ok(!isValidIban(invalid), invalid);
  }
  assert.equal(normalizeIban(' de89 3704\t0044 0532 0130 00 '), 'DE89370400440532013000');
  assert.equal(printedIban('DE89370400440532013000'), 'DE89 3704 0044 0532 0130 00');
});

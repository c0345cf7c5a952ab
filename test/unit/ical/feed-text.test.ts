import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { charsetOf, decodeFeed } from '../../../src/ical/feed-text.ts';

describe('decodeFeed', () => {
  const text = 'SUMMARY:Réservé – Müller';
  test('UTF-8, declared or not', () => {
    assert.equal(decodeFeed(Buffer.from(text), null), text);
    assert.equal(decodeFeed(Buffer.from(text), 'UTF-8'), text);
  });

  test('Latin-1 declared, or sent without a charset or as UTF-8 (not valid UTF-8): read as Windows-1252', () => {
    const latin1 = Buffer.from('SUMMARY:Réservé Müller', 'latin1');
    for (const charset of ['iso-8859-1', 'latin1', 'windows-1252', null, 'utf-8'])
      assert.equal(decodeFeed(latin1, charset), 'SUMMARY:Réservé Müller', String(charset));
    // Windows-1252's own characters (the dash) where Latin-1 has controls.
    assert.equal(decodeFeed(Buffer.from([0x41, 0x96, 0x42]), null), 'A–B');
  });

  test('an unknown charset label is read as if none were given', () => {
    assert.equal(decodeFeed(Buffer.from(text), 'x-unknown'), text);
  });

  test('charsetOf', () => {
    assert.equal(charsetOf('text/calendar; charset=ISO-8859-1'), 'ISO-8859-1');
    assert.equal(charsetOf('text/calendar;charset="utf-8"'), 'utf-8');
    assert.equal(charsetOf('text/calendar'), null);
    assert.equal(charsetOf(undefined), null);
  });
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fill, messagesFor } from '../../packages/widget/src/messages.ts';
import { addMonths, firstDayOfWeek, monthWeeks, moveBy, notBefore, pickDay } from '../../packages/widget/src/month.ts';

// The widget's calendar arithmetic and words (packages/widget/src): pure functions, no browser.

test('a month is laid out in weeks starting on the language’s first day', () => {
  // 1 December 2026 is a Tuesday.
  const monday = monthWeeks('2026-12', 1);
  assert.deepEqual(monday[0], [
    null,
    '2026-12-01',
    '2026-12-02',
    '2026-12-03',
    '2026-12-04',
    '2026-12-05',
    '2026-12-06',
  ]);
  assert.equal(monday.length, 5);
  assert.deepEqual(monday.at(-1), ['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null, null]);
  const sunday = monthWeeks('2026-12', 7);
  assert.deepEqual(sunday[0]?.slice(0, 3), [null, null, '2026-12-01']);
  // February 2027 starts on a Monday and has 28 days: exactly four weeks.
  assert.equal(monthWeeks('2027-02', 1).length, 4);
  assert.equal(
    monthWeeks('2028-02', 1)
      .flat()
      .filter((d) => d !== null).length,
    29,
  );
  assert.equal(firstDayOfWeek('de'), 1);
  assert.equal(firstDayOfWeek('en-US'), 7);
  assert.deepEqual([addMonths('2026-12', 1), addMonths('2026-01', -1)], ['2027-01', '2025-12']);
});

test('choosing days: arrival, then a later departure with every night between free', () => {
  const taken = new Set(['2026-12-10', '2026-12-11']);
  const isTaken = (night: string) => taken.has(night);
  const today = '2026-12-02';
  const none = { checkin: null, checkout: null };
  assert.deepEqual(pickDay(none, '2026-12-01', today, isTaken), { kind: 'refused', why: 'past' });
  assert.deepEqual(pickDay(none, '2026-12-10', today, isTaken), { kind: 'refused', why: 'taken' });
  const arrival = pickDay(none, '2026-12-05', today, isTaken);
  assert.deepEqual(arrival, { kind: 'checkin', selection: { checkin: '2026-12-05', checkout: null } });
  // The departure day's own night may be taken: the guest leaves that morning.
  assert.deepEqual(pickDay(arrival.kind === 'checkin' ? arrival.selection : none, '2026-12-10', today, isTaken), {
    kind: 'checkout',
    selection: { checkin: '2026-12-05', checkout: '2026-12-10' },
  });
  assert.deepEqual(pickDay({ checkin: '2026-12-05', checkout: null }, '2026-12-13', today, isTaken), {
    kind: 'refused',
    why: 'blocked_range',
  });
  // An earlier day, or any day once both are chosen, starts again.
  assert.deepEqual(pickDay({ checkin: '2026-12-05', checkout: null }, '2026-12-03', today, isTaken).kind, 'checkin');
  assert.deepEqual(pickDay({ checkin: '2026-12-05', checkout: '2026-12-08' }, '2026-12-20', today, isTaken), {
    kind: 'checkin',
    selection: { checkin: '2026-12-20', checkout: null },
  });
});

test('keys move the focused day as in the date picker pattern', () => {
  const day = '2026-12-31'; // a Thursday
  assert.equal(moveBy('ArrowRight', day, 1), '2027-01-01');
  assert.equal(moveBy('ArrowUp', day, 1), '2026-12-24');
  assert.equal(moveBy('Home', day, 1), '2026-12-28');
  assert.equal(moveBy('End', day, 1), '2027-01-03');
  assert.equal(moveBy('Home', day, 7), '2026-12-27');
  assert.equal(moveBy('PageDown', '2027-01-31', 1), '2027-02-28');
  assert.equal(moveBy('PageUp', '2027-03-15', 1), '2027-02-15');
  assert.equal(moveBy('a', day, 1), null);
});

test('a key move stops at today, as the previous-month button does', () => {
  const today = '2026-12-10';
  const up = moveBy('PageUp', today, 1);
  assert.equal(up, '2026-11-10');
  assert.equal(notBefore(up ?? '', today), today);
  assert.equal(notBefore(moveBy('ArrowUp', '2026-12-14', 1) ?? '', today), today);
  assert.equal(notBefore(moveBy('ArrowLeft', today, 1) ?? '', today), today);
  assert.equal(notBefore(moveBy('ArrowRight', today, 1) ?? '', today), '2026-12-11');
  assert.equal(notBefore(moveBy('PageUp', '2027-01-31', 1) ?? '', today), '2026-12-31');
});

test('every language the widget ships says every word, with the same marks to fill', () => {
  const en = messagesFor('en');
  for (const lang of ['de-AT', 'fr']) {
    const words = messagesFor(lang);
    assert.notEqual(words.title, en.title, lang);
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const [text, other] = [en[key], words[key]];
      assert.ok(other.length > 0, `${lang} ${key}`);
      assert.deepEqual(other.match(/\{\w+\}/g) ?? [], text.match(/\{\w+\}/g) ?? [], `${lang} ${key}`);
    }
  }
  assert.equal(messagesFor('pt-BR').title, en.title);
  assert.equal(messagesFor('de', { title: 'Jetzt buchen' }).title, 'Jetzt buchen');
  assert.equal(fill('{n} nights, {x}', { n: 3 }), '3 nights, {x}');
});

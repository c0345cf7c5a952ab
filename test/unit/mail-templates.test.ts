import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PAYMENT_TIMEOUT, renderBookingMail, type BookingMailDetails } from '../../src/mail/booking-mail-templates.ts';
import { formatMoney } from '../../src/shared/money.ts';

const details: BookingMailDetails = {
  confirmationCode: 'K7QX2M9P',
  firstName: 'Ada',
  accommodationName: 'Seaside Cottage',
  checkin: '2031-07-01',
  checkout: '2031-07-08',
  checkinTime: '15:00',
  checkoutTime: '10:00',
  nights: 7,
  adults: 2,
  children: 1,
  babies: 0,
  total: 93280,
  extraGuestFee: 0,
  cityTax: 0,
  currency: 'EUR',
  registrationNumber: null,
  paymentMethod: 'card_processor',
  cancelReason: null,
  host: { signature: 'Seaside Lets', bank: null },
  language: 'en',
};

test('formatMoney writes minor units in major units with the currency decimals', () => {
  assert.equal(formatMoney(93280, 'EUR'), '932.80 EUR');
  assert.equal(formatMoney(5, 'EUR'), '0.05 EUR');
  assert.equal(formatMoney(0, 'EUR'), '0.00 EUR');
  assert.equal(formatMoney(12000, 'JPY'), '12000 JPY');
  assert.equal(formatMoney(1234567, 'KWD'), '1234.567 KWD');
  assert.equal(formatMoney(-150, 'USD'), '-1.50 USD');
});

test('the confirmation mail carries the booking details, the invoice link and no bank instructions for a card payment', () => {
  const mail = renderBookingMail('confirmation', details, 'https://stay.example/staydesk/invoices/tok123');
  assert.equal(mail.subject, 'Booking confirmed: Seaside Cottage, 1 July 2031 to 8 July 2031 (K7QX2M9P)');
  for (const part of [mail.text, mail.html]) {
    for (const expected of [
      'Seaside Cottage',
      '1 July 2031 (from 15:00)',
      '8 July 2031 (by 10:00)',
      'K7QX2M9P',
      '€932.80',
      '2 adults, 1 child',
      'https://stay.example/staydesk/invoices/tok123',
    ]) {
      assert.ok(part.includes(expected), `missing ${expected}`);
    }
    assert.ok(!part.includes('bank transfer'));
  }
  assert.match(mail.text, /^Nights:\s+7$/m);
  assert.match(mail.text, /card payment has been received/);
});

test('a bank-transfer confirmation tells the guest the amount and the reference to quote', () => {
  const mail = renderBookingMail('confirmation', { ...details, paymentMethod: 'bank_transfer' }, 'https://x.test/i/t');
  assert.match(mail.text, /transfer €932\.80 .*quoting the reference K7QX2M9P/);
  assert.match(mail.html, /transfer €932\.80 .*quoting the reference K7QX2M9P/);
});

test('with bank details set, the transfer instructions carry the IBAN, and every mail is signed by the business', () => {
  const bank = {
    account_holder: 'Seaside Lets Ltd',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    bank_name: null,
  };
  const mail = renderBookingMail(
    'confirmation',
    { ...details, paymentMethod: 'bank_transfer', host: { signature: 'Seaside Lets', bank } },
    'https://x.test/i/t',
  );
  for (const part of [mail.text, mail.html]) {
    assert.ok(part.includes('DE89 3704 0044 0532 0130 00'), 'the IBAN, grouped by four');
    assert.ok(part.includes('Seaside Lets Ltd'));
    assert.ok(part.includes('COBADEFFXXX'));
    assert.ok(!part.includes('Staydesk'), 'signed by the business, not the software');
  }
  assert.match(mail.text, /Kind regards,\nSeaside Lets\n$/);
});

test('modification and cancellation mails; a payment timeout says the payment did not arrive in time', () => {
  const modified = renderBookingMail('modification', details, 'https://x.test/i/t');
  assert.match(modified.subject, /^Booking changed: /);
  assert.match(modified.text, /has been changed/);
  const cancelled = renderBookingMail('cancellation', { ...details, cancelReason: 'owner request' }, null);
  assert.match(cancelled.subject, /^Booking cancelled: /);
  assert.ok(!cancelled.text.includes('invoice'), 'a cancellation links to no invoice');
  const timeout = renderBookingMail('cancellation', { ...details, cancelReason: PAYMENT_TIMEOUT }, null);
  assert.match(timeout.subject, /payment not received/);
  assert.match(timeout.text, /did not receive the card payment .* in time/);
  assert.match(timeout.text, /K7QX2M9P/);
});

test("a modification mail names what changed in the guest's language, with the new values", () => {
  const all = { dates: true, guests: true, total: true };
  const line = (language: BookingMailDetails['language'], changes = all) =>
    renderBookingMail('modification', { ...details, language, changes }, null)
      .text.split('\n')
      .find((l) => l.includes(':') && l.includes('; '));
  assert.equal(line('en'), 'What changed: dates 1 July 2031 to 8 July 2031; 2 adults, 1 child; total €932.80.');
  assert.equal(
    line('de'),
    'Änderungen: Reisedaten 1. Juli 2031 bis 8. Juli 2031; 2 Erwachsene, 1 Kind; Gesamtbetrag 932,80\u00a0€.',
  );
  for (const language of ['fr', 'es', 'it'] as const) {
    const text = renderBookingMail('modification', { ...details, language, changes: all }, null).text;
    assert.match(text, /(Ce qui a changé|Qué ha cambiado|Cosa è cambiato)/, language);
    assert.ok(!text.includes('What changed'), language);
  }
  // Italian elides "dal"/"al" before 8 and 11.
  const italian = renderBookingMail(
    'modification',
    { ...details, language: 'it', checkin: '2031-07-08', checkout: '2031-07-11', changes: all },
    null,
  );
  assert.match(italian.subject, /dall'8 luglio 2031 all'11 luglio 2031/);
  assert.match(italian.text, /Cosa è cambiato: date dall'8 luglio 2031 all'11 luglio 2031;/);
  assert.match(
    renderBookingMail('confirmation', { ...details, language: 'it' }, null).subject,
    /dal 1 luglio 2031 all'8 luglio 2031/,
  );
  const onlyGuests = renderBookingMail(
    'modification',
    { ...details, changes: { dates: false, guests: true, total: false } },
    null,
  );
  assert.match(onlyGuests.text, /What changed: 2 adults, 1 child\./);
  const nothingSaid = renderBookingMail(
    'modification',
    { ...details, changes: { dates: false, guests: false, total: false } },
    null,
  );
  assert.ok(!nothingSaid.text.includes('What changed'));
  assert.ok(!renderBookingMail('modification', details, null).text.includes('What changed'));
});

test('every interpolated value is escaped in the HTML part, and a subject stays on one line', () => {
  const hostile: BookingMailDetails = {
    ...details,
    firstName: '<script>alert(1)</script>',
    accommodationName: 'Villa "Rose" & <b>Co</b>\r\nBcc: victim@example.com',
    confirmationCode: `AB'CD`,
  };
  const mail = renderBookingMail('confirmation', hostile, 'https://x.test/i/"><script>');
  assert.ok(!mail.html.includes('<script>'), 'no raw script tag');
  assert.ok(!mail.html.includes('<b>Co</b>'));
  assert.ok(mail.html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  assert.ok(mail.html.includes('Villa &quot;Rose&quot; &amp; &lt;b&gt;Co&lt;/b&gt;'));
  assert.ok(mail.html.includes('href="https://x.test/i/&quot;&gt;&lt;script&gt;"'));
  assert.ok(mail.html.includes('AB&#39;CD'), 'an apostrophe is escaped too (it ends a single-quoted attribute)');
  assert.ok(!mail.html.includes("AB'CD"));
  assert.ok(!/[\r\n]/.test(mail.subject), 'no header injection through the subject');
  assert.ok(mail.text.includes('<script>alert(1)</script>'), 'the text part is plain text and needs no escaping');
});

test('a stay with city tax and extra guests shows both lines, and the home its registration number, in every language', () => {
  const priced = { ...details, extraGuestFee: 4500, cityTax: 1750, registrationNumber: 'IT-CIN <042>' };
  const labels = {
    en: ['Extra guests', 'City tax', 'Registration number'],
    de: ['Zusätzliche Gäste', 'Kurtaxe', 'Registrierungsnummer'],
    fr: ['Personnes supplémentaires', 'Taxe de séjour', "Numéro d'enregistrement"],
    es: ['Huéspedes adicionales', 'Tasa turística', 'Número de registro'],
    it: ['Ospiti aggiuntivi', 'Tassa di soggiorno', 'Numero di registrazione'],
  } as const;
  for (const [language, words] of Object.entries(labels) as [keyof typeof labels, readonly string[]][]) {
    for (const kind of ['confirmation', 'modification', 'cancellation'] as const) {
      const mail = renderBookingMail(kind, { ...priced, language }, null);
      for (const word of words) assert.ok(mail.text.includes(word), `${language} ${kind}: ${word}`);
      assert.ok(mail.text.includes('IT-CIN <042>'), `${language} ${kind}`);
      assert.ok(mail.html.includes('IT-CIN &lt;042&gt;'), `${language} ${kind}: escaped`);
      // 17.50 as the language writes it (the currency sign's place differs).
      const cityTax = language === 'en' ? '17.50' : '17,50';
      assert.ok(mail.text.includes(cityTax), `${language} ${kind}: the city tax amount`);
    }
  }
  const plain = renderBookingMail('confirmation', details, null).text;
  for (const absent of ['Extra guests', 'City tax', 'Registration number']) assert.ok(!plain.includes(absent), absent);
});

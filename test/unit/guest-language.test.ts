import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  PAYMENT_TIMEOUT,
  renderBookingMail,
  type BookingMailDetails,
  type BookingMailKind,
} from '../../src/mail/booking-mail-templates.ts';
import { GUEST_LANGUAGES, guestLanguageOf, type GuestLanguage } from '../../src/shared/guest-language.ts';

// Every guest mail in each language: its key phrases, and dates and amounts as that language
// writes them (Intl; the spaces Intl puts in numbers are matched as any space).

const bank = {
  account_holder: 'Seaside Lets GmbH',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bank_name: null,
};
const details = (language: GuestLanguage): BookingMailDetails => ({
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
  total: 123456,
  extraGuestFee: 0,
  cityTax: 0,
  currency: 'EUR',
  registrationNumber: null,
  paymentMethod: 'bank_transfer',
  cancelReason: null,
  host: { signature: 'Seaside Lets', bank },
  language,
});

interface Expected {
  hello: string;
  date: string;
  money: RegExp;
  guests: string;
  regards: string;
  subject: Record<'confirmation' | 'modification' | 'cancellation' | 'timeout', RegExp>;
  transfer: RegExp;
  holder: string;
  invoice: string;
}

const EXPECTED: Record<GuestLanguage, Expected> = {
  en: {
    hello: 'Hello Ada,',
    date: '1 July 2031',
    money: /€1,234\.56/,
    guests: '2 adults, 1 child',
    regards: 'Kind regards,',
    subject: {
      confirmation: /^Booking confirmed: Seaside Cottage, 1 July 2031 to 8 July 2031 \(K7QX2M9P\)$/,
      modification: /^Booking changed: /,
      cancellation: /^Booking cancelled: /,
      timeout: /^Reservation released: payment not received/,
    },
    transfer: /please transfer €1,234\.56 to the account below, quoting the reference K7QX2M9P/,
    holder: 'Account holder: Seaside Lets GmbH',
    invoice: 'Your invoice (PDF)',
  },
  de: {
    hello: 'Hallo Ada,',
    date: '1. Juli 2031',
    money: /1\.234,56\s€/,
    guests: '2 Erwachsene, 1 Kind',
    regards: 'Viele Grüße',
    subject: {
      confirmation: /^Buchung bestätigt: Seaside Cottage, 1\. Juli 2031 bis 8\. Juli 2031 \(K7QX2M9P\)$/,
      modification: /^Buchung geändert: /,
      cancellation: /^Buchung storniert: /,
      timeout: /^Reservierung aufgehoben: Zahlung nicht eingegangen/,
    },
    transfer: /Bitte überweisen Sie 1\.234,56\s€ unter Angabe der Buchungsnummer K7QX2M9P/,
    holder: 'Kontoinhaber: Seaside Lets GmbH',
    invoice: 'Ihre Rechnung (PDF)',
  },
  fr: {
    hello: 'Bonjour Ada,',
    date: '1 juillet 2031',
    money: /1\s234,56\s€/,
    guests: '2 adultes, 1 enfant',
    regards: 'Cordialement,',
    subject: {
      confirmation: /^Réservation confirmée : Seaside Cottage, du 1 juillet 2031 au 8 juillet 2031 \(K7QX2M9P\)$/,
      modification: /^Réservation modifiée : /,
      cancellation: /^Réservation annulée : /,
      timeout: /^Réservation libérée : paiement non reçu/,
    },
    transfer: /merci de virer 1\s234,56\s€ sur le compte ci-dessous en indiquant la référence K7QX2M9P/,
    holder: 'Titulaire du compte: Seaside Lets GmbH',
    invoice: 'Votre facture (PDF)',
  },
  es: {
    hello: 'Hola, Ada:',
    date: '1 de julio de 2031',
    money: /1234,56\s€/,
    guests: '2 adultos, 1 niño',
    regards: 'Un saludo,',
    subject: {
      confirmation: /^Reserva confirmada: Seaside Cottage, del 1 de julio de 2031 al 8 de julio de 2031 \(K7QX2M9P\)$/,
      modification: /^Reserva modificada: /,
      cancellation: /^Reserva cancelada: /,
      timeout: /^Reserva anulada: pago no recibido/,
    },
    transfer: /transfiere 1234,56\s€ a la cuenta que aparece abajo indicando la referencia K7QX2M9P/,
    holder: 'Titular de la cuenta: Seaside Lets GmbH',
    invoice: 'Tu factura (PDF)',
  },
  it: {
    hello: 'Gentile Ada,',
    date: '1 luglio 2031',
    money: /1234,56\s€/,
    guests: '2 adulti, 1 bambino',
    regards: 'Cordiali saluti,',
    subject: {
      confirmation: /^Prenotazione confermata: Seaside Cottage, dal 1 luglio 2031 all'8 luglio 2031 \(K7QX2M9P\)$/,
      modification: /^Prenotazione modificata: /,
      cancellation: /^Prenotazione cancellata: /,
      timeout: /^Prenotazione annullata: pagamento non ricevuto/,
    },
    transfer: /versare 1234,56\s€ sul conto indicato qui sotto, con causale K7QX2M9P/,
    holder: 'Intestatario del conto: Seaside Lets GmbH',
    invoice: 'La Sua fattura (PDF)',
  },
};

for (const language of GUEST_LANGUAGES) {
  const e = EXPECTED[language];
  test(`guest mails in ${language}: greeting, details, payment, signature, formats`, () => {
    const confirmation = renderBookingMail('confirmation', details(language), 'https://x.test/i/t');
    assert.match(confirmation.subject, e.subject.confirmation);
    for (const part of [confirmation.text, confirmation.html]) {
      for (const phrase of [e.hello, e.date, e.guests, e.holder, 'DE89 3704 0044 0532 0130 00', e.invoice]) {
        assert.ok(part.includes(phrase), `${language}: missing “${phrase}” in\n${part}`);
      }
      assert.match(part, e.money);
      assert.match(part, e.transfer);
    }
    assert.ok(confirmation.text.endsWith(`${e.regards}\nSeaside Lets\n`), confirmation.text);
    assert.match(confirmation.html, new RegExp(`<html lang="${language}">`));

    const kinds: [BookingMailKind, string | null, RegExp][] = [
      ['modification', null, e.subject.modification],
      ['cancellation', 'owner request', e.subject.cancellation],
      ['cancellation', PAYMENT_TIMEOUT, e.subject.timeout],
    ];
    for (const [kind, reason, subject] of kinds) {
      const mail = renderBookingMail(kind, { ...details(language), cancelReason: reason }, null);
      assert.match(mail.subject, subject, `${language} ${kind}`);
      assert.ok(mail.text.startsWith(`${e.hello}\n`), `${language} ${kind}`);
      assert.ok(mail.text.includes(e.date), `${language} ${kind}: the arrival date`);
      assert.ok(mail.text.endsWith(`${e.regards}\nSeaside Lets\n`), `${language} ${kind}`);
      assert.ok(!mail.text.includes('IBAN'), `${language} ${kind}: only a confirmation asks for payment`);
    }
    // No English words left in another language's mails.
    if (language !== 'en') {
      for (const kind of ['confirmation', 'modification', 'cancellation'] as const) {
        const text = renderBookingMail(kind, details(language), 'https://x.test/i/t').text;
        for (const english of ['Hello', 'Booking reference', 'Arrival', 'Departure', 'Kind regards', ' to ']) {
          assert.ok(!text.includes(english), `${language} ${kind}: “${english}” left in English`);
        }
      }
    }
  });
}

test('cash and card payment lines in each language', () => {
  const cash = {
    de: 'in bar bei Anreise',
    fr: "en espèces à l'arrivée",
    es: 'en efectivo a la llegada',
    it: "in contanti all'arrivo",
    en: 'in cash on arrival',
  };
  const card = {
    de: 'Kartenzahlung ist eingegangen',
    fr: 'paiement par carte a bien été reçu',
    es: 'recibido tu pago con tarjeta',
    it: 'ricevuto il Suo pagamento con carta',
    en: 'card payment has been received',
  };
  for (const language of GUEST_LANGUAGES) {
    const c = renderBookingMail('confirmation', { ...details(language), paymentMethod: 'cash' }, null);
    assert.ok(c.text.includes(cash[language]), `${language} cash`);
    const k = renderBookingMail('confirmation', { ...details(language), paymentMethod: 'card_processor' }, null);
    assert.ok(k.text.includes(card[language]), `${language} card`);
  }
});

test('a language tag names an offered language by its primary subtag', () => {
  assert.equal(guestLanguageOf('de-CH'), 'de');
  assert.equal(guestLanguageOf('FR'), 'fr');
  assert.equal(guestLanguageOf('es_MX'), 'es');
  assert.equal(guestLanguageOf('pt-BR'), null);
  assert.equal(guestLanguageOf(''), null);
  assert.equal(guestLanguageOf(null), null);
});

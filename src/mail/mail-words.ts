import type { GuestLanguage } from '../shared/guest-language.ts';

/**
 * The words of the guest's booking mails in each language (booking-mail-templates.ts puts them
 * together). Dates, times and amounts come in already formatted for the language.
 */
export interface MailWords {
  hello(name: string): string;
  stay(home: string, from: string, to: string): string;
  subject: {
    confirmed(stay: string, code: string): string;
    changed(stay: string, code: string): string;
    cancelled(stay: string, code: string): string;
    released(code: string): string;
  };
  intro: {
    confirmed(home: string): string;
    changed(home: string): string;
    cancelled(home: string): string;
    released(home: string): string[];
  };
  label: {
    reference: string;
    accommodation: string;
    arrival: string;
    departure: string;
    nights: string;
    guests: string;
    /** Price lines shown only when not zero (docs/money.md#city-tax-and-extra-guests). */
    extraGuestFee: string;
    cityTax: string;
    total: string;
    /** The home's short-term-rental registration number, when it has one. */
    registrationNumber: string;
  };
  /** "(from 15:00)" after the arrival date, "(by 10:00)" after the departure date. */
  from(time: string): string;
  by(time: string): string;
  transferToHost(amount: string, code: string): string;
  transferToAccount(amount: string, code: string): string;
  cash(amount: string): string;
  card: string;
  other: (amount: string) => string;
  /** The heading of a bank transfer's payment schedule, and one of its entries. */
  schedule: string;
  dueBy(amount: string, date: string): string;
  /** A modification mail's line naming what changed (`parts` from the three below). */
  whatChanged(parts: readonly string[]): string;
  changedDates(from: string, to: string): string;
  changedTotal(amount: string): string;
  invoice: string;
  /** The link to the guest's own page (docs/guest-page.md). */
  guestPage: string;
  regards: string;
}

/**
 * Italian "dal"/"al" before a date: elided before a day said with a vowel ("dall'8 luglio",
 * "all'11 agosto"), as written Italian does.
 */
const elided = (date: string) => /^(8|11)\b/.test(date);
const italianFrom = (date: string) => (elided(date) ? `dall'${date}` : `dal ${date}`);
const italianTo = (date: string) => (elided(date) ? `all'${date}` : `al ${date}`);

export const MAIL_WORDS: Readonly<Record<GuestLanguage, MailWords>> = {
  en: {
    hello: (name) => `Hello ${name},`,
    stay: (home, from, to) => `${home}, ${from} to ${to}`,
    subject: {
      confirmed: (stay, code) => `Booking confirmed: ${stay} (${code})`,
      changed: (stay, code) => `Booking changed: ${stay} (${code})`,
      cancelled: (stay, code) => `Booking cancelled: ${stay} (${code})`,
      released: (code) => `Reservation released: payment not received (${code})`,
    },
    intro: {
      confirmed: (home) => `Your booking at ${home} is confirmed.`,
      changed: (home) => `Your booking at ${home} has been changed. These are the new details.`,
      cancelled: (home) => `Your booking at ${home} has been cancelled.`,
      released: (home) => [
        `We did not receive the card payment for your reservation at ${home} in time, ` +
          'so the reservation has been cancelled and the dates released.',
        'No payment has been taken. You are welcome to book again.',
      ],
    },
    label: {
      reference: 'Booking reference',
      accommodation: 'Accommodation',
      arrival: 'Arrival',
      departure: 'Departure',
      nights: 'Nights',
      guests: 'Guests',
      extraGuestFee: 'Extra guests',
      cityTax: 'City tax',
      total: 'Total',
      registrationNumber: 'Registration number',
    },
    from: (time) => `(from ${time})`,
    by: (time) => `(by ${time})`,
    transferToHost: (amount, code) =>
      `Payment by bank transfer: please transfer ${amount} to your host's account, quoting the reference ${code}.`,
    transferToAccount: (amount, code) =>
      `Payment by bank transfer: please transfer ${amount} to the account below, quoting the reference ${code}.`,
    cash: (amount) => `Payment: ${amount} in cash on arrival.`,
    card: 'Your card payment has been received.',
    other: (amount) => `Payment: ${amount}, as arranged with your host.`,
    schedule: 'Payment schedule:',
    dueBy: (amount, date) => `${amount} by ${date}`,
    whatChanged: (parts) => `What changed: ${parts.join('; ')}.`,
    changedDates: (from, to) => `dates ${from} to ${to}`,
    changedTotal: (amount) => `total ${amount}`,
    invoice: 'Your invoice (PDF)',
    guestPage: 'Your stay online (arrival details, payments, documents)',
    regards: 'Kind regards,',
  },
  de: {
    hello: (name) => `Hallo ${name},`,
    stay: (home, from, to) => `${home}, ${from} bis ${to}`,
    subject: {
      confirmed: (stay, code) => `Buchung bestätigt: ${stay} (${code})`,
      changed: (stay, code) => `Buchung geändert: ${stay} (${code})`,
      cancelled: (stay, code) => `Buchung storniert: ${stay} (${code})`,
      released: (code) => `Reservierung aufgehoben: Zahlung nicht eingegangen (${code})`,
    },
    intro: {
      confirmed: (home) => `Ihre Buchung für ${home} ist bestätigt.`,
      changed: (home) => `Ihre Buchung für ${home} wurde geändert. Hier sind die neuen Angaben.`,
      cancelled: (home) => `Ihre Buchung für ${home} wurde storniert.`,
      released: (home) => [
        `Die Kartenzahlung für Ihre Reservierung in ${home} ist nicht rechtzeitig bei uns eingegangen. ` +
          'Die Reservierung wurde daher storniert und die Termine sind wieder frei.',
        'Es wurde nichts abgebucht. Sie können gern erneut buchen.',
      ],
    },
    label: {
      reference: 'Buchungsnummer',
      accommodation: 'Unterkunft',
      arrival: 'Anreise',
      departure: 'Abreise',
      nights: 'Nächte',
      guests: 'Gäste',
      extraGuestFee: 'Zusätzliche Gäste',
      cityTax: 'Kurtaxe',
      total: 'Gesamtbetrag',
      registrationNumber: 'Registrierungsnummer',
    },
    from: (time) => `(ab ${time} Uhr)`,
    by: (time) => `(bis ${time} Uhr)`,
    transferToHost: (amount, code) =>
      `Zahlung per Überweisung: Bitte überweisen Sie ${amount} unter Angabe der Buchungsnummer ${code} ` +
      'auf das Konto Ihres Gastgebers.',
    transferToAccount: (amount, code) =>
      `Zahlung per Überweisung: Bitte überweisen Sie ${amount} unter Angabe der Buchungsnummer ${code} ` +
      'auf das folgende Konto.',
    cash: (amount) => `Zahlung: ${amount} in bar bei Anreise.`,
    card: 'Ihre Kartenzahlung ist eingegangen.',
    other: (amount) => `Zahlung: ${amount}, wie mit Ihrem Gastgeber vereinbart.`,
    schedule: 'Zahlungsplan:',
    dueBy: (amount, date) => `${amount} bis ${date}`,
    whatChanged: (parts) => `Änderungen: ${parts.join('; ')}.`,
    changedDates: (from, to) => `Reisedaten ${from} bis ${to}`,
    changedTotal: (amount) => `Gesamtbetrag ${amount}`,
    invoice: 'Ihre Rechnung (PDF)',
    guestPage: 'Ihr Aufenthalt online (Anreise, Zahlungen, Dokumente)',
    regards: 'Viele Grüße',
  },
  fr: {
    hello: (name) => `Bonjour ${name},`,
    stay: (home, from, to) => `${home}, du ${from} au ${to}`,
    subject: {
      confirmed: (stay, code) => `Réservation confirmée : ${stay} (${code})`,
      changed: (stay, code) => `Réservation modifiée : ${stay} (${code})`,
      cancelled: (stay, code) => `Réservation annulée : ${stay} (${code})`,
      released: (code) => `Réservation libérée : paiement non reçu (${code})`,
    },
    intro: {
      confirmed: (home) => `Votre réservation à ${home} est confirmée.`,
      changed: (home) => `Votre réservation à ${home} a été modifiée. Voici les nouvelles informations.`,
      cancelled: (home) => `Votre réservation à ${home} a été annulée.`,
      released: (home) => [
        `Nous n'avons pas reçu à temps le paiement par carte de votre réservation à ${home} : ` +
          'la réservation a donc été annulée et les dates sont de nouveau libres.',
        "Aucun montant n'a été débité. N'hésitez pas à réserver de nouveau.",
      ],
    },
    label: {
      reference: 'Référence de réservation',
      accommodation: 'Hébergement',
      arrival: 'Arrivée',
      departure: 'Départ',
      nights: 'Nuits',
      guests: 'Voyageurs',
      extraGuestFee: 'Personnes supplémentaires',
      cityTax: 'Taxe de séjour',
      total: 'Total',
      registrationNumber: "Numéro d'enregistrement",
    },
    from: (time) => `(à partir de ${time})`,
    by: (time) => `(avant ${time})`,
    transferToHost: (amount, code) =>
      `Paiement par virement : merci de virer ${amount} sur le compte de votre hôte en indiquant la référence ${code}.`,
    transferToAccount: (amount, code) =>
      `Paiement par virement : merci de virer ${amount} sur le compte ci-dessous en indiquant la référence ${code}.`,
    cash: (amount) => `Paiement : ${amount} en espèces à l'arrivée.`,
    card: 'Votre paiement par carte a bien été reçu.',
    other: (amount) => `Paiement : ${amount}, comme convenu avec votre hôte.`,
    schedule: 'Échéancier de paiement :',
    dueBy: (amount, date) => `${amount} avant le ${date}`,
    whatChanged: (parts) => `Ce qui a changé : ${parts.join(' ; ')}.`,
    changedDates: (from, to) => `dates du ${from} au ${to}`,
    changedTotal: (amount) => `total ${amount}`,
    invoice: 'Votre facture (PDF)',
    guestPage: 'Votre séjour en ligne (arrivée, paiements, documents)',
    regards: 'Cordialement,',
  },
  es: {
    hello: (name) => `Hola, ${name}:`,
    stay: (home, from, to) => `${home}, del ${from} al ${to}`,
    subject: {
      confirmed: (stay, code) => `Reserva confirmada: ${stay} (${code})`,
      changed: (stay, code) => `Reserva modificada: ${stay} (${code})`,
      cancelled: (stay, code) => `Reserva cancelada: ${stay} (${code})`,
      released: (code) => `Reserva anulada: pago no recibido (${code})`,
    },
    intro: {
      confirmed: (home) => `Tu reserva en ${home} está confirmada.`,
      changed: (home) => `Tu reserva en ${home} se ha modificado. Estos son los nuevos datos.`,
      cancelled: (home) => `Tu reserva en ${home} se ha cancelado.`,
      released: (home) => [
        `No hemos recibido a tiempo el pago con tarjeta de tu reserva en ${home}, ` +
          'así que la reserva se ha cancelado y las fechas vuelven a estar libres.',
        'No se ha realizado ningún cargo. Puedes volver a reservar cuando quieras.',
      ],
    },
    label: {
      reference: 'Código de reserva',
      accommodation: 'Alojamiento',
      arrival: 'Llegada',
      departure: 'Salida',
      nights: 'Noches',
      guests: 'Huéspedes',
      extraGuestFee: 'Huéspedes adicionales',
      cityTax: 'Tasa turística',
      total: 'Total',
      registrationNumber: 'Número de registro',
    },
    from: (time) => `(a partir de las ${time})`,
    by: (time) => `(antes de las ${time})`,
    transferToHost: (amount, code) =>
      `Pago por transferencia: transfiere ${amount} a la cuenta de tu anfitrión indicando la referencia ${code}.`,
    transferToAccount: (amount, code) =>
      `Pago por transferencia: transfiere ${amount} a la cuenta que aparece abajo indicando la referencia ${code}.`,
    cash: (amount) => `Pago: ${amount} en efectivo a la llegada.`,
    card: 'Hemos recibido tu pago con tarjeta.',
    other: (amount) => `Pago: ${amount}, según lo acordado con tu anfitrión.`,
    schedule: 'Calendario de pagos:',
    dueBy: (amount, date) => `${amount} antes del ${date}`,
    whatChanged: (parts) => `Qué ha cambiado: ${parts.join('; ')}.`,
    changedDates: (from, to) => `fechas del ${from} al ${to}`,
    changedTotal: (amount) => `total ${amount}`,
    invoice: 'Tu factura (PDF)',
    guestPage: 'Su estancia en línea (llegada, pagos, documentos)',
    regards: 'Un saludo,',
  },
  it: {
    hello: (name) => `Gentile ${name},`,
    stay: (home, from, to) => `${home}, ${italianFrom(from)} ${italianTo(to)}`,
    subject: {
      confirmed: (stay, code) => `Prenotazione confermata: ${stay} (${code})`,
      changed: (stay, code) => `Prenotazione modificata: ${stay} (${code})`,
      cancelled: (stay, code) => `Prenotazione cancellata: ${stay} (${code})`,
      released: (code) => `Prenotazione annullata: pagamento non ricevuto (${code})`,
    },
    intro: {
      confirmed: (home) => `La Sua prenotazione presso ${home} è confermata.`,
      changed: (home) => `La Sua prenotazione presso ${home} è stata modificata. Ecco i nuovi dettagli.`,
      cancelled: (home) => `La Sua prenotazione presso ${home} è stata cancellata.`,
      released: (home) => [
        `Non abbiamo ricevuto in tempo il pagamento con carta per la Sua prenotazione presso ${home}: ` +
          'la prenotazione è stata quindi annullata e le date sono di nuovo disponibili.',
        'Non è stato addebitato alcun importo. Può prenotare di nuovo quando vuole.',
      ],
    },
    label: {
      reference: 'Codice di prenotazione',
      accommodation: 'Alloggio',
      arrival: 'Arrivo',
      departure: 'Partenza',
      nights: 'Notti',
      guests: 'Ospiti',
      extraGuestFee: 'Ospiti aggiuntivi',
      cityTax: 'Tassa di soggiorno',
      total: 'Totale',
      registrationNumber: 'Numero di registrazione',
    },
    from: (time) => `(dalle ${time})`,
    by: (time) => `(entro le ${time})`,
    transferToHost: (amount, code) =>
      `Pagamento tramite bonifico: La preghiamo di versare ${amount} ` +
      `sul conto del Suo host indicando come causale ${code}.`,
    transferToAccount: (amount, code) =>
      `Pagamento tramite bonifico: La preghiamo di versare ${amount} ` +
      `sul conto indicato qui sotto, con causale ${code}.`,
    cash: (amount) => `Pagamento: ${amount} in contanti all'arrivo.`,
    card: 'Abbiamo ricevuto il Suo pagamento con carta.',
    other: (amount) => `Pagamento: ${amount}, come concordato con il Suo host.`,
    schedule: 'Piano dei pagamenti:',
    dueBy: (amount, date) => `${amount} entro il ${date}`,
    whatChanged: (parts) => `Cosa è cambiato: ${parts.join('; ')}.`,
    changedDates: (from, to) => `date ${italianFrom(from)} ${italianTo(to)}`,
    changedTotal: (amount) => `totale ${amount}`,
    invoice: 'La Sua fattura (PDF)',
    guestPage: 'Il Suo soggiorno online (arrivo, pagamenti, documenti)',
    regards: 'Cordiali saluti,',
  },
};

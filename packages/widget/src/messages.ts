/**
 * The widget's words in the languages it ships (English, German, French), chosen by the primary
 * subtag of its language; a page may replace any of them (`element.messages = {...}`).
 * `{name}` marks a value filled in when the text is shown.
 */

export interface Messages {
  title: string;
  previousMonth: string;
  nextMonth: string;
  calendarHelp: string;
  free: string;
  taken: string;
  past: string;
  loading: string;
  arrival: string;
  departure: string;
  chooseArrival: string;
  chooseDeparture: string;
  guests: string;
  adults: string;
  children: string;
  babies: string;
  nightOne: string;
  nightOther: string;
  quoting: string;
  stay: string;
  cleaningFee: string;
  tax: string;
  discount: string;
  total: string;
  unavailable: string;
  details: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  notes: string;
  payment: string;
  card: string;
  bankTransfer: string;
  book: string;
  booking: string;
  paying: string;
  confirming: string;
  confirmed: string;
  confirmedBank: string;
  payFailed: string;
  retryPay: string;
  stillConfirming: string;
  cancelled: string;
  again: string;
  past_date: string;
  taken_night: string;
  blocked_range: string;
  min_stay: string;
  max_stay: string;
  max_guests: string;
  dates_unavailable: string;
  price_mismatch: string;
  rate_limited: string;
  draft_limit: string;
  network: string;
  generic: string;
}

const en: Messages = {
  title: 'Book your stay',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  calendarHelp: 'Choose your arrival day, then your departure day. Arrow keys move between days.',
  free: 'free',
  taken: 'not available',
  past: 'past',
  loading: 'loading',
  arrival: 'Arrival',
  departure: 'Departure',
  chooseArrival: 'Choose your arrival day on the calendar.',
  chooseDeparture: 'Arrival {date}. Now choose your departure day.',
  guests: 'Guests',
  adults: 'Adults',
  children: 'Children',
  babies: 'Babies (stay free)',
  nightOne: '{n} night',
  nightOther: '{n} nights',
  quoting: 'Checking the price…',
  stay: 'Stay',
  cleaningFee: 'Cleaning fee',
  tax: 'Tax',
  discount: 'Discount',
  total: 'Total',
  unavailable: 'These dates are not available. Please choose others.',
  details: 'Your details',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Phone (optional)',
  notes: 'Message for the host (optional)',
  payment: 'Payment',
  card: 'Card, now',
  bankTransfer: 'Bank transfer',
  book: 'Book for {total}',
  booking: 'Booking…',
  paying: 'Waiting for the card payment…',
  confirming: 'Payment received. Confirming your booking…',
  confirmed: 'Your stay is booked. Reference: {ref}. A confirmation is on its way to {email}.',
  confirmedBank:
    'Your stay is booked. Reference: {ref}. A confirmation with the bank details is on its way to {email}.',
  payFailed: 'The payment did not go through ({message}). You can try again.',
  retryPay: 'Try the payment again',
  stillConfirming:
    'The payment is still being confirmed. Reference: {ref}. You will get an e-mail at {email} once it is.',
  cancelled: 'This booking was cancelled. Please book again.',
  again: 'Book another stay',
  past_date: 'That day has passed. Please choose a later one.',
  taken_night: 'That night is not available.',
  blocked_range: 'Some nights before that day are not available.',
  min_stay: 'The shortest stay here is {n} nights.',
  max_stay: 'The longest stay here is {n} nights.',
  max_guests: 'This place takes at most {n} guests.',
  dates_unavailable: 'Some of these nights have just been taken. Please choose other dates.',
  price_mismatch: 'The price has changed. Please check the new price and book again.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  draft_limit: 'Too many bookings are awaiting payment right now. Please try again later.',
  network: 'The booking service cannot be reached. Please try again.',
  generic: 'That did not work: {message}',
};

const de: Messages = {
  title: 'Ihren Aufenthalt buchen',
  previousMonth: 'Vorheriger Monat',
  nextMonth: 'Nächster Monat',
  calendarHelp: 'Wählen Sie Ihren Anreisetag, dann Ihren Abreisetag. Mit den Pfeiltasten wechseln Sie den Tag.',
  free: 'frei',
  taken: 'nicht verfügbar',
  past: 'vergangen',
  loading: 'wird geladen',
  arrival: 'Anreise',
  departure: 'Abreise',
  chooseArrival: 'Wählen Sie Ihren Anreisetag im Kalender.',
  chooseDeparture: 'Anreise {date}. Wählen Sie jetzt Ihren Abreisetag.',
  guests: 'Gäste',
  adults: 'Erwachsene',
  children: 'Kinder',
  babies: 'Babys (kostenlos)',
  nightOne: '{n} Nacht',
  nightOther: '{n} Nächte',
  quoting: 'Preis wird geprüft…',
  stay: 'Aufenthalt',
  cleaningFee: 'Endreinigung',
  tax: 'Steuern',
  discount: 'Rabatt',
  total: 'Gesamt',
  unavailable: 'Diese Daten sind nicht verfügbar. Bitte wählen Sie andere.',
  details: 'Ihre Angaben',
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  phone: 'Telefon (optional)',
  notes: 'Nachricht an den Gastgeber (optional)',
  payment: 'Zahlung',
  card: 'Karte, sofort',
  bankTransfer: 'Überweisung',
  book: 'Für {total} buchen',
  booking: 'Wird gebucht…',
  paying: 'Warten auf die Kartenzahlung…',
  confirming: 'Zahlung erhalten. Ihre Buchung wird bestätigt…',
  confirmed: 'Ihr Aufenthalt ist gebucht. Buchungsnummer: {ref}. Eine Bestätigung geht an {email}.',
  confirmedBank:
    'Ihr Aufenthalt ist gebucht. Buchungsnummer: {ref}. Eine Bestätigung mit den Bankdaten geht an {email}.',
  payFailed: 'Die Zahlung ist nicht durchgegangen ({message}). Sie können es erneut versuchen.',
  retryPay: 'Zahlung erneut versuchen',
  stillConfirming:
    'Die Zahlung wird noch bestätigt. Buchungsnummer: {ref}. Sie erhalten eine E-Mail an {email}, sobald das geschehen ist.',
  cancelled: 'Diese Buchung wurde storniert. Bitte buchen Sie erneut.',
  again: 'Einen weiteren Aufenthalt buchen',
  past_date: 'Dieser Tag liegt in der Vergangenheit. Bitte wählen Sie einen späteren.',
  taken_night: 'Diese Nacht ist nicht verfügbar.',
  blocked_range: 'Einige Nächte vor diesem Tag sind nicht verfügbar.',
  min_stay: 'Der kürzeste Aufenthalt hier beträgt {n} Nächte.',
  max_stay: 'Der längste Aufenthalt hier beträgt {n} Nächte.',
  max_guests: 'Hier übernachten höchstens {n} Gäste.',
  dates_unavailable: 'Einige dieser Nächte wurden gerade gebucht. Bitte wählen Sie andere Daten.',
  price_mismatch: 'Der Preis hat sich geändert. Bitte prüfen Sie den neuen Preis und buchen Sie erneut.',
  rate_limited: 'Zu viele Anfragen. Bitte warten Sie einen Moment.',
  draft_limit: 'Gerade warten zu viele Buchungen auf ihre Zahlung. Bitte versuchen Sie es später.',
  network: 'Der Buchungsdienst ist nicht erreichbar. Bitte versuchen Sie es erneut.',
  generic: 'Das hat nicht geklappt: {message}',
};

const fr: Messages = {
  title: 'Réserver votre séjour',
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  calendarHelp:
    'Choisissez votre jour d’arrivée, puis votre jour de départ. Les flèches du clavier passent d’un jour à l’autre.',
  free: 'libre',
  taken: 'indisponible',
  past: 'passé',
  loading: 'chargement',
  arrival: 'Arrivée',
  departure: 'Départ',
  chooseArrival: 'Choisissez votre jour d’arrivée dans le calendrier.',
  chooseDeparture: 'Arrivée {date}. Choisissez maintenant votre jour de départ.',
  guests: 'Voyageurs',
  adults: 'Adultes',
  children: 'Enfants',
  babies: 'Bébés (gratuit)',
  nightOne: '{n} nuit',
  nightOther: '{n} nuits',
  quoting: 'Calcul du prix…',
  stay: 'Séjour',
  cleaningFee: 'Frais de ménage',
  tax: 'Taxes',
  discount: 'Réduction',
  total: 'Total',
  unavailable: 'Ces dates ne sont pas disponibles. Choisissez-en d’autres.',
  details: 'Vos coordonnées',
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'E-mail',
  phone: 'Téléphone (facultatif)',
  notes: 'Message pour l’hôte (facultatif)',
  payment: 'Paiement',
  card: 'Carte, maintenant',
  bankTransfer: 'Virement bancaire',
  book: 'Réserver pour {total}',
  booking: 'Réservation en cours…',
  paying: 'En attente du paiement par carte…',
  confirming: 'Paiement reçu. Confirmation de votre réservation…',
  confirmed: 'Votre séjour est réservé. Référence : {ref}. Une confirmation part vers {email}.',
  confirmedBank:
    'Votre séjour est réservé. Référence : {ref}. Une confirmation avec les coordonnées bancaires part vers {email}.',
  payFailed: 'Le paiement n’est pas passé ({message}). Vous pouvez réessayer.',
  retryPay: 'Réessayer le paiement',
  stillConfirming:
    'Le paiement est en cours de confirmation. Référence : {ref}. Vous recevrez un e-mail à {email} dès qu’il le sera.',
  cancelled: 'Cette réservation a été annulée. Veuillez réserver à nouveau.',
  again: 'Réserver un autre séjour',
  past_date: 'Ce jour est passé. Choisissez-en un plus tard.',
  taken_night: 'Cette nuit n’est pas disponible.',
  blocked_range: 'Certaines nuits avant ce jour ne sont pas disponibles.',
  min_stay: 'Le séjour le plus court ici est de {n} nuits.',
  max_stay: 'Le séjour le plus long ici est de {n} nuits.',
  max_guests: 'Ce logement accueille au plus {n} voyageurs.',
  dates_unavailable: 'Certaines de ces nuits viennent d’être réservées. Choisissez d’autres dates.',
  price_mismatch: 'Le prix a changé. Vérifiez le nouveau prix et réservez à nouveau.',
  rate_limited: 'Trop de demandes. Patientez un instant, puis réessayez.',
  draft_limit: 'Trop de réservations attendent leur paiement. Réessayez plus tard.',
  network: 'Le service de réservation est injoignable. Réessayez.',
  generic: 'Cela n’a pas marché : {message}',
};

const BUILT_IN: Record<string, Messages> = { en, de, fr };

/** The words for a language tag (`de-AT` → German), English when the widget does not ship the language. */
export function messagesFor(lang: string, overrides: Partial<Messages> = {}): Messages {
  const primary = lang.toLowerCase().split('-')[0] ?? 'en';
  return { ...(BUILT_IN[primary] ?? en), ...overrides };
}

/** Fills `{name}` marks. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

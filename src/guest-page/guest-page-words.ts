import type { GuestLanguage } from '../shared/guest-language.ts';
import type { MoneyLineKind } from './guest-page-model.ts';

/** The guest page's words in the five guest languages; dates and amounts are formatted by shared/guest-language.ts. */
export interface GuestPageWords {
  title(home: string): string;
  hello(name: string): string;
  booking: string;
  awaitingPayment: string;
  cancelled(on: string): string;
  cancellationFee(amount: string): string;
  noCancellationFee: string;
  stay: string;
  home: string;
  arrival: string;
  departure: string;
  from(time: string): string;
  until(time: string): string;
  guests: string;
  length: string;
  gettingThere: string;
  address: string;
  instructions: string;
  doorCode: string;
  wifi: string;
  wifiPassword: string;
  accessFrom(date: string): string;
  accessAfterPayment: string;
  accessFromAfterPayment(date: string): string;
  money: string;
  total: string;
  paid: string;
  balance: string;
  paidInFull: string;
  owedBack(amount: string): string;
  lines: Readonly<Record<MoneyLineKind, string>>;
  payBalance: string;
  payNote(amount: string): string;
  cardUnavailable: string;
  paymentReturned: string;
  checkoutFailed: string;
  documents: string;
  documentKinds: Readonly<Record<'invoice' | 'credit_note', string>>;
  download(number: string): string;
  language: string;
}

export const GUEST_PAGE_WORDS: Readonly<Record<GuestLanguage, GuestPageWords>> = {
  en: {
    title: (home) => `Your stay at ${home}`,
    hello: (name) => `Hello ${name},`,
    booking: 'Booking',
    awaitingPayment: 'This booking is waiting for its payment; it is confirmed once the payment arrives.',
    cancelled: (on) => `This booking was cancelled on ${on}.`,
    cancellationFee: (amount) => `A cancellation fee of ${amount} applies.`,
    noCancellationFee: 'No cancellation fee applies.',
    stay: 'Your stay',
    home: 'Home',
    arrival: 'Arrival',
    departure: 'Departure',
    from: (time) => `from ${time}`,
    until: (time) => `until ${time}`,
    guests: 'Guests',
    length: 'Length',
    gettingThere: 'Getting there',
    address: 'Address',
    instructions: 'Arrival instructions',
    doorCode: 'Door code',
    wifi: 'Wi-Fi',
    wifiPassword: 'Password',
    accessFrom: (date) => `The door code and Wi-Fi appear here on ${date}.`,
    accessAfterPayment: 'The door code and Wi-Fi appear here once the balance is paid.',
    accessFromAfterPayment: (date) => `The door code and Wi-Fi appear here on ${date}, once the balance is paid.`,
    money: 'Payments',
    total: 'Total',
    paid: 'Paid',
    balance: 'Left to pay',
    paidInFull: 'Paid in full. Thank you!',
    owedBack: (amount) => `${amount} will be paid back to you.`,
    lines: {
      card_processor: 'Card payment',
      card: 'Card',
      cash: 'Cash',
      bank_transfer: 'Bank transfer',
      other: 'Payment',
      refund: 'Refund',
    },
    payBalance: 'Pay the balance',
    payNote: (amount) => `Pay ${amount} by card on the card processor's secure page.`,
    cardUnavailable: 'Card payment is not available here; your host will tell you how to pay.',
    paymentReturned: 'Thank you. Your payment shows here as soon as the card processor confirms it.',
    checkoutFailed: 'The card payment could not be started. Please try again in a few minutes.',
    documents: 'Documents',
    documentKinds: { invoice: 'Invoice', credit_note: 'Credit note' },
    download: (number) => `Download ${number} (PDF)`,
    language: 'Language',
  },
  de: {
    title: (home) => `Ihr Aufenthalt in ${home}`,
    hello: (name) => `Hallo ${name},`,
    booking: 'Buchung',
    awaitingPayment: 'Diese Buchung wartet auf ihre Zahlung; sie ist bestätigt, sobald die Zahlung eingeht.',
    cancelled: (on) => `Diese Buchung wurde am ${on} storniert.`,
    cancellationFee: (amount) => `Es fällt eine Stornogebühr von ${amount} an.`,
    noCancellationFee: 'Es fällt keine Stornogebühr an.',
    stay: 'Ihr Aufenthalt',
    home: 'Unterkunft',
    arrival: 'Anreise',
    departure: 'Abreise',
    from: (time) => `ab ${time} Uhr`,
    until: (time) => `bis ${time} Uhr`,
    guests: 'Gäste',
    length: 'Dauer',
    gettingThere: 'Anreise und Zugang',
    address: 'Adresse',
    instructions: 'Hinweise zur Anreise',
    doorCode: 'Türcode',
    wifi: 'WLAN',
    wifiPassword: 'Passwort',
    accessFrom: (date) => `Türcode und WLAN erscheinen hier am ${date}.`,
    accessAfterPayment: 'Türcode und WLAN erscheinen hier, sobald der Restbetrag bezahlt ist.',
    accessFromAfterPayment: (date) => `Türcode und WLAN erscheinen hier am ${date}, sobald der Restbetrag bezahlt ist.`,
    money: 'Zahlungen',
    total: 'Gesamt',
    paid: 'Bezahlt',
    balance: 'Noch zu zahlen',
    paidInFull: 'Vollständig bezahlt. Vielen Dank!',
    owedBack: (amount) => `${amount} werden Ihnen zurückgezahlt.`,
    lines: {
      card_processor: 'Kartenzahlung',
      card: 'Karte',
      cash: 'Bar',
      bank_transfer: 'Überweisung',
      other: 'Zahlung',
      refund: 'Erstattung',
    },
    payBalance: 'Restbetrag bezahlen',
    payNote: (amount) => `Zahlen Sie ${amount} mit Karte auf der sicheren Seite des Zahlungsanbieters.`,
    cardUnavailable: 'Kartenzahlung ist hier nicht möglich; Ihr Gastgeber sagt Ihnen, wie Sie bezahlen.',
    paymentReturned: 'Vielen Dank. Ihre Zahlung erscheint hier, sobald der Zahlungsanbieter sie bestätigt.',
    checkoutFailed:
      'Die Kartenzahlung konnte nicht gestartet werden. Bitte versuchen Sie es in einigen Minuten erneut.',
    documents: 'Dokumente',
    documentKinds: { invoice: 'Rechnung', credit_note: 'Gutschrift' },
    download: (number) => `${number} herunterladen (PDF)`,
    language: 'Sprache',
  },
  fr: {
    title: (home) => `Votre séjour à ${home}`,
    hello: (name) => `Bonjour ${name},`,
    booking: 'Réservation',
    awaitingPayment: 'Cette réservation attend son paiement ; elle est confirmée dès réception du paiement.',
    cancelled: (on) => `Cette réservation a été annulée le ${on}.`,
    cancellationFee: (amount) => `Des frais d'annulation de ${amount} s'appliquent.`,
    noCancellationFee: "Aucuns frais d'annulation ne s'appliquent.",
    stay: 'Votre séjour',
    home: 'Logement',
    arrival: 'Arrivée',
    departure: 'Départ',
    from: (time) => `à partir de ${time}`,
    until: (time) => `jusqu'à ${time}`,
    guests: 'Voyageurs',
    length: 'Durée',
    gettingThere: 'Accès',
    address: 'Adresse',
    instructions: "Instructions d'arrivée",
    doorCode: 'Code de la porte',
    wifi: 'Wi-Fi',
    wifiPassword: 'Mot de passe',
    accessFrom: (date) => `Le code de la porte et le Wi-Fi apparaîtront ici le ${date}.`,
    accessAfterPayment: 'Le code de la porte et le Wi-Fi apparaîtront ici dès que le solde sera payé.',
    accessFromAfterPayment: (date) =>
      `Le code de la porte et le Wi-Fi apparaîtront ici le ${date}, une fois le solde payé.`,
    money: 'Paiements',
    total: 'Total',
    paid: 'Payé',
    balance: 'Reste à payer',
    paidInFull: 'Entièrement payé. Merci !',
    owedBack: (amount) => `${amount} vous seront remboursés.`,
    lines: {
      card_processor: 'Paiement par carte',
      card: 'Carte',
      cash: 'Espèces',
      bank_transfer: 'Virement',
      other: 'Paiement',
      refund: 'Remboursement',
    },
    payBalance: 'Payer le solde',
    payNote: (amount) => `Payez ${amount} par carte sur la page sécurisée du prestataire de paiement.`,
    cardUnavailable: "Le paiement par carte n'est pas disponible ici ; votre hôte vous indiquera comment payer.",
    paymentReturned: 'Merci. Votre paiement apparaîtra ici dès que le prestataire de paiement l’aura confirmé.',
    checkoutFailed: "Le paiement par carte n'a pas pu démarrer. Veuillez réessayer dans quelques minutes.",
    documents: 'Documents',
    documentKinds: { invoice: 'Facture', credit_note: 'Avoir' },
    download: (number) => `Télécharger ${number} (PDF)`,
    language: 'Langue',
  },
  es: {
    title: (home) => `Su estancia en ${home}`,
    hello: (name) => `Hola ${name}:`,
    booking: 'Reserva',
    awaitingPayment: 'Esta reserva espera su pago; queda confirmada en cuanto llegue el pago.',
    cancelled: (on) => `Esta reserva se canceló el ${on}.`,
    cancellationFee: (amount) => `Se aplica una penalización por cancelación de ${amount}.`,
    noCancellationFee: 'No se aplica ninguna penalización por cancelación.',
    stay: 'Su estancia',
    home: 'Alojamiento',
    arrival: 'Llegada',
    departure: 'Salida',
    from: (time) => `desde las ${time}`,
    until: (time) => `hasta las ${time}`,
    guests: 'Huéspedes',
    length: 'Duración',
    gettingThere: 'Cómo llegar',
    address: 'Dirección',
    instructions: 'Instrucciones de llegada',
    doorCode: 'Código de la puerta',
    wifi: 'Wi-Fi',
    wifiPassword: 'Contraseña',
    accessFrom: (date) => `El código de la puerta y el Wi-Fi aparecerán aquí el ${date}.`,
    accessAfterPayment: 'El código de la puerta y el Wi-Fi aparecerán aquí cuando se pague el saldo.',
    accessFromAfterPayment: (date) =>
      `El código de la puerta y el Wi-Fi aparecerán aquí el ${date}, una vez pagado el saldo.`,
    money: 'Pagos',
    total: 'Total',
    paid: 'Pagado',
    balance: 'Pendiente de pago',
    paidInFull: 'Pagado por completo. ¡Gracias!',
    owedBack: (amount) => `Se le devolverán ${amount}.`,
    lines: {
      card_processor: 'Pago con tarjeta',
      card: 'Tarjeta',
      cash: 'Efectivo',
      bank_transfer: 'Transferencia',
      other: 'Pago',
      refund: 'Reembolso',
    },
    payBalance: 'Pagar el saldo',
    payNote: (amount) => `Pague ${amount} con tarjeta en la página segura del procesador de pagos.`,
    cardUnavailable: 'El pago con tarjeta no está disponible aquí; su anfitrión le indicará cómo pagar.',
    paymentReturned: 'Gracias. Su pago aparecerá aquí en cuanto el procesador de pagos lo confirme.',
    checkoutFailed: 'No se pudo iniciar el pago con tarjeta. Inténtelo de nuevo en unos minutos.',
    documents: 'Documentos',
    documentKinds: { invoice: 'Factura', credit_note: 'Factura rectificativa' },
    download: (number) => `Descargar ${number} (PDF)`,
    language: 'Idioma',
  },
  it: {
    title: (home) => `Il tuo soggiorno a ${home}`,
    hello: (name) => `Ciao ${name},`,
    booking: 'Prenotazione',
    awaitingPayment: 'Questa prenotazione attende il pagamento; è confermata appena arriva il pagamento.',
    cancelled: (on) => `Questa prenotazione è stata cancellata il ${on}.`,
    cancellationFee: (amount) => `Si applica una penale di cancellazione di ${amount}.`,
    noCancellationFee: 'Non si applica alcuna penale di cancellazione.',
    stay: 'Il tuo soggiorno',
    home: 'Alloggio',
    arrival: 'Arrivo',
    departure: 'Partenza',
    from: (time) => `dalle ${time}`,
    until: (time) => `entro le ${time}`,
    guests: 'Ospiti',
    length: 'Durata',
    gettingThere: 'Come arrivare',
    address: 'Indirizzo',
    instructions: "Istruzioni per l'arrivo",
    doorCode: 'Codice della porta',
    wifi: 'Wi-Fi',
    wifiPassword: 'Password',
    accessFrom: (date) => `Il codice della porta e il Wi-Fi appariranno qui il ${date}.`,
    accessAfterPayment: 'Il codice della porta e il Wi-Fi appariranno qui quando il saldo sarà pagato.',
    accessFromAfterPayment: (date) =>
      `Il codice della porta e il Wi-Fi appariranno qui il ${date}, una volta pagato il saldo.`,
    money: 'Pagamenti',
    total: 'Totale',
    paid: 'Pagato',
    balance: 'Da pagare',
    paidInFull: 'Pagato per intero. Grazie!',
    owedBack: (amount) => `Ti saranno restituiti ${amount}.`,
    lines: {
      card_processor: 'Pagamento con carta',
      card: 'Carta',
      cash: 'Contanti',
      bank_transfer: 'Bonifico',
      other: 'Pagamento',
      refund: 'Rimborso',
    },
    payBalance: 'Paga il saldo',
    payNote: (amount) => `Paga ${amount} con carta sulla pagina sicura del servizio di pagamento.`,
    cardUnavailable: 'Il pagamento con carta non è disponibile qui; il tuo host ti dirà come pagare.',
    paymentReturned: 'Grazie. Il tuo pagamento apparirà qui appena il servizio di pagamento lo conferma.',
    checkoutFailed: 'Non è stato possibile avviare il pagamento con carta. Riprova tra qualche minuto.',
    documents: 'Documenti',
    documentKinds: { invoice: 'Fattura', credit_note: 'Nota di credito' },
    download: (number) => `Scarica ${number} (PDF)`,
    language: 'Lingua',
  },
};

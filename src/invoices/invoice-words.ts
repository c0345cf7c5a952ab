import type { GuestLanguage } from '../shared/guest-language.ts';

/**
 * The words of the invoice in each language (document-words.ts adds what the other documents
 * need). Dates, amounts and percentages come in already formatted for the language.
 */
export interface InvoiceWords {
  title: string;
  number: string;
  issued: string;
  status: string;
  statuses: Readonly<Record<string, string>>;
  guest: string;
  stay: string;
  stayLine(from: string, to: string, nights: string, guests: string): string;
  accommodation(nights: string): string;
  discount(kind: 'weekly' | 'monthly' | null, percent: string): string;
  extras: Readonly<Record<string, string>>;
  cleaning: string;
  /** The one price line of a stay whose price the host set by hand (tax shown apart). */
  agreedPrice(nights: string): string;
  tax(percent: string): string;
  total: string;
  taxId: string;
  transfer(code: string): string;
  cash: string;
  card: string;
}

export const INVOICE_WORDS: Readonly<Record<GuestLanguage, InvoiceWords>> = {
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    issued: 'Issued',
    status: 'Booking status',
    statuses: { draft: 'awaiting payment', confirmed: 'confirmed', modified: 'modified', cancelled: 'cancelled' },
    guest: 'Guest',
    stay: 'Stay',
    stayLine: (from, to, nights, guests) => `${from} to ${to} (${nights}), ${guests}`,
    accommodation: (nights) => `Accommodation, ${nights}`,
    discount: (kind, p) => `${kind === 'weekly' ? 'Weekly' : kind === 'monthly' ? 'Monthly' : 'Stay'} discount (${p})`,
    extras: { breakfast: 'Breakfast', linen: 'Linen', late_checkin: 'Late check-in' },
    cleaning: 'Cleaning fee',
    agreedPrice: (nights) => `Accommodation, ${nights}, at the price agreed with your host`,
    tax: (p) => `Tax (${p})`,
    total: 'Total',
    taxId: 'Tax ID',
    transfer: (code) => `Payment by bank transfer; please quote ${code} as the reference.`,
    cash: 'Payment in cash on arrival.',
    card: 'Payment by card.',
  },
  de: {
    title: 'Rechnung',
    number: 'Rechnungsnummer',
    issued: 'Rechnungsdatum',
    status: 'Buchungsstatus',
    statuses: { draft: 'wartet auf Zahlung', confirmed: 'bestätigt', modified: 'geändert', cancelled: 'storniert' },
    guest: 'Gast',
    stay: 'Aufenthalt',
    stayLine: (from, to, nights, guests) => `${from} bis ${to} (${nights}), ${guests}`,
    accommodation: (nights) => `Unterkunft, ${nights}`,
    discount: (kind, p) =>
      `${kind === 'weekly' ? 'Wochenrabatt' : kind === 'monthly' ? 'Monatsrabatt' : 'Rabatt'} (${p})`,
    extras: { breakfast: 'Frühstück', linen: 'Bettwäsche und Handtücher', late_checkin: 'Späte Anreise' },
    cleaning: 'Endreinigung',
    agreedPrice: (nights) => `Unterkunft, ${nights}, zum mit Ihrem Gastgeber vereinbarten Preis`,
    tax: (p) => `Steuern (${p})`,
    total: 'Gesamtbetrag',
    taxId: 'Steuernummer',
    transfer: (code) => `Zahlung per Überweisung; bitte geben Sie ${code} als Verwendungszweck an.`,
    cash: 'Zahlung in bar bei Anreise.',
    card: 'Zahlung per Karte.',
  },
  fr: {
    title: 'Facture',
    number: 'Numéro de facture',
    issued: "Date d'émission",
    status: 'Statut de la réservation',
    statuses: { draft: 'en attente de paiement', confirmed: 'confirmée', modified: 'modifiée', cancelled: 'annulée' },
    guest: 'Client',
    stay: 'Séjour',
    stayLine: (from, to, nights, guests) => `du ${from} au ${to} (${nights}), ${guests}`,
    accommodation: (nights) => `Hébergement, ${nights}`,
    discount: (kind, p) =>
      `${kind === 'weekly' ? 'Remise semaine' : kind === 'monthly' ? 'Remise mois' : 'Remise séjour'} (${p})`,
    extras: { breakfast: 'Petit-déjeuner', linen: 'Linge de maison', late_checkin: 'Arrivée tardive' },
    cleaning: 'Frais de ménage',
    agreedPrice: (nights) => `Hébergement, ${nights}, au prix convenu avec votre hôte`,
    tax: (p) => `Taxes (${p})`,
    total: 'Total',
    taxId: 'Numéro fiscal',
    transfer: (code) => `Paiement par virement ; merci d'indiquer la référence ${code}.`,
    cash: "Paiement en espèces à l'arrivée.",
    card: 'Paiement par carte.',
  },
  es: {
    title: 'Factura',
    number: 'Número de factura',
    issued: 'Fecha de emisión',
    status: 'Estado de la reserva',
    statuses: { draft: 'pendiente de pago', confirmed: 'confirmada', modified: 'modificada', cancelled: 'cancelada' },
    guest: 'Huésped',
    stay: 'Estancia',
    stayLine: (from, to, nights, guests) => `del ${from} al ${to} (${nights}), ${guests}`,
    accommodation: (nights) => `Alojamiento, ${nights}`,
    discount: (kind, p) =>
      `${kind === 'weekly' ? 'Descuento semanal' : kind === 'monthly' ? 'Descuento mensual' : 'Descuento'} (${p})`,
    extras: { breakfast: 'Desayuno', linen: 'Ropa de cama', late_checkin: 'Llegada tardía' },
    cleaning: 'Gastos de limpieza',
    agreedPrice: (nights) => `Alojamiento, ${nights}, al precio acordado con tu anfitrión`,
    tax: (p) => `Impuestos (${p})`,
    total: 'Total',
    taxId: 'NIF',
    transfer: (code) => `Pago por transferencia; indica ${code} como referencia.`,
    cash: 'Pago en efectivo a la llegada.',
    card: 'Pago con tarjeta.',
  },
  it: {
    title: 'Fattura',
    number: 'Numero fattura',
    issued: 'Data di emissione',
    status: 'Stato della prenotazione',
    statuses: {
      draft: 'in attesa di pagamento',
      confirmed: 'confermata',
      modified: 'modificata',
      cancelled: 'cancellata',
    },
    guest: 'Ospite',
    stay: 'Soggiorno',
    stayLine: (from, to, nights, guests) => `dal ${from} al ${to} (${nights}), ${guests}`,
    accommodation: (nights) => `Alloggio, ${nights}`,
    discount: (kind, p) =>
      `${kind === 'weekly' ? 'Sconto settimanale' : kind === 'monthly' ? 'Sconto mensile' : 'Sconto'} (${p})`,
    extras: { breakfast: 'Colazione', linen: 'Biancheria', late_checkin: 'Check-in tardivo' },
    cleaning: 'Pulizie finali',
    agreedPrice: (nights) => `Alloggio, ${nights}, al prezzo concordato con il Suo host`,
    tax: (p) => `Imposte (${p})`,
    total: 'Totale',
    taxId: 'Partita IVA',
    transfer: (code) => `Pagamento tramite bonifico; indicare ${code} come causale.`,
    cash: "Pagamento in contanti all'arrivo.",
    card: 'Pagamento con carta.',
  },
};

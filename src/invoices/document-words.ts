import type { GuestLanguage } from '../shared/guest-language.ts';
import { INVOICE_WORDS, type InvoiceWords } from './invoice-words.ts';

/**
 * The words of an issued document (invoice, credit note, pro-forma) in each language: the
 * invoice's words (invoice-words.ts) and those only a document needs. document-text.ts puts
 * them together; dates, amounts and percentages come in already formatted for the language.
 */
export interface DocumentWords extends InvoiceWords {
  creditNote: string;
  /** Under a credit note's title: the invoice it cancels in full. */
  cancels(number: string): string;
  proForma: string;
  /** Under a pro-forma's title: why it has no number. */
  proFormaNote: string;
  /** The label of a credit note's number (an invoice's is `number`). */
  documentNumber: string;
  date: string;
  recipient: string;
  accommodationHeading: string;
  registrationNumber: string;
  /** A discount line: the document keeps its kind, not its rate. */
  discountOf(kind: 'weekly' | 'monthly' | null): string;
  extraGuestFee: string;
  cityTax: string;
  priceReduction: string;
  cancellationFee: string;
  paymentsReceived: string;
  noPayments: string;
  methods: Readonly<Record<string, string>>;
  /** Drawn across a document of a test-mode booking. */
  testMark: string;
}

type OwnWords = Omit<DocumentWords, keyof InvoiceWords>;

const OWN: Readonly<Record<GuestLanguage, OwnWords>> = {
  en: {
    creditNote: 'Credit note',
    cancels: (n) => `Cancels invoice ${n} in full`,
    proForma: 'Pro-forma invoice',
    proFormaNote: 'Not an invoice, no number: the invoice is issued when the booking is confirmed.',
    documentNumber: 'Number',
    date: 'Date',
    recipient: 'Billed to',
    accommodationHeading: 'Accommodation',
    registrationNumber: 'Registration number',
    discountOf: (kind) =>
      kind === 'weekly' ? 'Weekly discount' : kind === 'monthly' ? 'Monthly discount' : 'Discount',
    extraGuestFee: 'Extra guest fee',
    cityTax: 'City tax',
    priceReduction: 'Price reduction',
    cancellationFee: 'Cancellation fee',
    paymentsReceived: 'Payments received',
    noPayments: 'None yet',
    methods: {
      cash: 'Cash',
      bank_transfer: 'Bank transfer',
      card: 'Card',
      card_processor: 'Card',
      other: 'Other',
      refund: 'Refund',
    },
    testMark: 'TEST – not a valid document',
  },
  de: {
    creditNote: 'Stornorechnung',
    cancels: (n) => `Storniert die Rechnung ${n} vollständig`,
    proForma: 'Proforma-Rechnung',
    proFormaNote: 'Keine Rechnung, ohne Nummer: Die Rechnung wird mit der Bestätigung der Buchung ausgestellt.',
    documentNumber: 'Nummer',
    date: 'Datum',
    recipient: 'Rechnungsempfänger',
    accommodationHeading: 'Unterkunft',
    registrationNumber: 'Registrierungsnummer',
    discountOf: (kind) => (kind === 'weekly' ? 'Wochenrabatt' : kind === 'monthly' ? 'Monatsrabatt' : 'Rabatt'),
    extraGuestFee: 'Zuschlag für weitere Gäste',
    cityTax: 'Kurtaxe',
    priceReduction: 'Preisnachlass',
    cancellationFee: 'Stornogebühr',
    paymentsReceived: 'Erhaltene Zahlungen',
    noPayments: 'Noch keine',
    methods: {
      cash: 'Bar',
      bank_transfer: 'Überweisung',
      card: 'Karte',
      card_processor: 'Karte',
      other: 'Sonstige',
      refund: 'Erstattung',
    },
    testMark: 'TEST – kein gültiges Dokument',
  },
  fr: {
    creditNote: 'Avoir',
    cancels: (n) => `Annule intégralement la facture ${n}`,
    proForma: 'Facture pro forma',
    proFormaNote: "Ceci n'est pas une facture et ne porte pas de numéro : la facture est émise à la confirmation.",
    documentNumber: 'Numéro',
    date: 'Date',
    recipient: 'Facturé à',
    accommodationHeading: 'Hébergement',
    registrationNumber: "Numéro d'enregistrement",
    discountOf: (kind) => (kind === 'weekly' ? 'Remise semaine' : kind === 'monthly' ? 'Remise mois' : 'Remise séjour'),
    extraGuestFee: 'Supplément personnes supplémentaires',
    cityTax: 'Taxe de séjour',
    priceReduction: 'Réduction de prix',
    cancellationFee: "Frais d'annulation",
    paymentsReceived: 'Paiements reçus',
    noPayments: 'Aucun pour le moment',
    methods: {
      cash: 'Espèces',
      bank_transfer: 'Virement',
      card: 'Carte',
      card_processor: 'Carte',
      other: 'Autre',
      refund: 'Remboursement',
    },
    testMark: 'TEST – document sans valeur',
  },
  es: {
    creditNote: 'Factura rectificativa',
    cancels: (n) => `Anula por completo la factura ${n}`,
    proForma: 'Factura proforma',
    proFormaNote: 'No es una factura y no lleva número: la factura se emite al confirmarse la reserva.',
    documentNumber: 'Número',
    date: 'Fecha',
    recipient: 'Facturado a',
    accommodationHeading: 'Alojamiento',
    registrationNumber: 'Número de registro',
    discountOf: (kind) =>
      kind === 'weekly' ? 'Descuento semanal' : kind === 'monthly' ? 'Descuento mensual' : 'Descuento',
    extraGuestFee: 'Suplemento por huéspedes adicionales',
    cityTax: 'Tasa turística',
    priceReduction: 'Reducción de precio',
    cancellationFee: 'Gastos de cancelación',
    paymentsReceived: 'Pagos recibidos',
    noPayments: 'Ninguno todavía',
    methods: {
      cash: 'Efectivo',
      bank_transfer: 'Transferencia',
      card: 'Tarjeta',
      card_processor: 'Tarjeta',
      other: 'Otro',
      refund: 'Reembolso',
    },
    testMark: 'PRUEBA – documento sin validez',
  },
  it: {
    creditNote: 'Nota di credito',
    cancels: (n) => `Storna integralmente la fattura ${n}`,
    proForma: 'Fattura proforma',
    proFormaNote: 'Non è una fattura e non ha numero: la fattura viene emessa alla conferma della prenotazione.',
    documentNumber: 'Numero',
    date: 'Data',
    recipient: 'Intestatario',
    accommodationHeading: 'Alloggio',
    registrationNumber: 'Codice identificativo',
    discountOf: (kind) => (kind === 'weekly' ? 'Sconto settimanale' : kind === 'monthly' ? 'Sconto mensile' : 'Sconto'),
    extraGuestFee: 'Supplemento ospiti aggiuntivi',
    cityTax: 'Imposta di soggiorno',
    priceReduction: 'Riduzione del prezzo',
    cancellationFee: 'Penale di cancellazione',
    paymentsReceived: 'Pagamenti ricevuti',
    noPayments: 'Nessuno finora',
    methods: {
      cash: 'Contanti',
      bank_transfer: 'Bonifico',
      card: 'Carta',
      card_processor: 'Carta',
      other: 'Altro',
      refund: 'Rimborso',
    },
    testMark: 'TEST – documento non valido',
  },
};

export function documentWords(language: GuestLanguage): DocumentWords {
  return { ...INVOICE_WORDS[language], ...OWN[language] };
}

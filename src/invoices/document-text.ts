import { COMMON_WORDS, guestFormats, type GuestLanguage } from '../shared/guest-language.ts';
import { printedIban } from '../settings/host-identity.ts';
import type { BilledAddress, BilledLine, DocumentPdfInput } from './billed.ts';
import { documentWords, type DocumentWords } from './document-words.ts';

/** A label and its amount, formatted. */
export interface TextRow {
  label: string;
  amount: string;
}

/** Every text a document's PDF prints, in its language, in the order drawn (document-pdf.ts). */
export interface DocumentText {
  /** An ISO 639-1 code, for the PDF's metadata. */
  language: GuestLanguage;
  /** The PDF's title in its metadata: the title and the number. */
  pdfTitle: string;
  title: string;
  /** Number, date, and what a credit note cancels or why a pro-forma has no number. */
  heading: string[];
  issuer: { name: string; lines: string[] } | null;
  recipient: { heading: string; lines: string[] };
  accommodation: { heading: string; lines: string[] };
  lines: TextRow[];
  total: TextRow;
  payments: { heading: string; rows: TextRow[] };
  /** How the guest pays, and the bank account for a bank transfer. */
  paymentNote: string[];
  /** Printed across the page of a test-mode booking's document, else null. */
  testMark: string | null;
}

const discountKind = (detail: string | null): 'weekly' | 'monthly' | null =>
  detail === 'weekly' || detail === 'monthly' ? detail : null;

/** A country as the language names it ("PL" → "Polen" in German); text that is no code stays as written. */
function countryName(country: string, language: GuestLanguage): string {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }).of(country) ?? country;
}

/** An address as printed: street lines, postal code with city, country; empty parts left out. */
export function addressLines(address: BilledAddress | null, language: GuestLanguage): string[] {
  if (address === null) return [];
  const place = [address.postal_code, address.city].filter((p) => p !== null && p.trim() !== '').join(' ');
  const country = address.country === null || address.country.trim() === '' ? null : address.country.trim();
  return [address.line1, address.line2, place, country === null ? null : countryName(country, language)]
    .map((l) => l?.trim() ?? '')
    .filter((l) => l !== '');
}

function lineLabel(line: BilledLine, w: DocumentWords, nights: string, percent: (ppm: number) => string): string {
  switch (line.kind) {
    case 'nights':
      return w.accommodation(nights);
    case 'agreed_price':
      return w.agreedPrice(nights);
    case 'extra_guest_fee':
      return w.extraGuestFee;
    case 'discount':
      return w.discountOf(discountKind(line.detail));
    case 'cleaning':
      return w.cleaning;
    case 'extra':
      return line.detail === null ? '' : (w.extras[line.detail] ?? line.detail);
    case 'tax': {
      const ppm = Number(line.detail);
      return w.tax(line.detail !== null && Number.isFinite(ppm) ? percent(ppm) : (line.detail ?? ''));
    }
    case 'city_tax':
      return w.cityTax;
    case 'price_reduction':
      return w.priceReduction;
    case 'cancellation_fee':
      return w.cancellationFee;
  }
}

/**
 * The texts of a document (pure): its title by kind, its number and date, the issuer with bank
 * details for a bank-transfer booking (not on a credit note, which asks for no payment), the
 * recipient with company and billing address, the accommodation with its registration number, the
 * stay, every line, the total, the payments received and how to pay, in the document's language
 * with its dates and amounts.
 */
export function documentText(input: DocumentPdfInput): DocumentText {
  const b = input.billed;
  const language = b.language;
  const w = documentWords(language);
  const common = COMMON_WORDS[language];
  const f = guestFormats(language);
  const money = (minor: number) => f.money(minor, b.currency);
  const nights = common.nights(b.stay.nights);

  const title = input.kind === 'invoice' ? w.title : input.kind === 'credit_note' ? w.creditNote : w.proForma;
  const heading: string[] = [];
  if (input.number !== null) heading.push(`${input.kind === 'invoice' ? w.number : w.documentNumber}: ${input.number}`);
  heading.push(`${w.date}: ${f.date(input.issued_on)}`);
  if (input.kind === 'credit_note' && input.corrects !== null) heading.push(w.cancels(input.corrects));
  if (input.kind === 'pro_forma') heading.push(w.proFormaNote);

  // A credit note asks for no payment: how to pay is printed on invoices and pro-formas only.
  const asksPayment = input.kind !== 'credit_note';
  const bankTransfer = asksPayment && b.payment_method === 'bank_transfer';
  const issuer =
    b.issuer === null
      ? null
      : {
          name: b.issuer.name,
          lines: [
            ...(b.issuer.address ?? '').split('\n').map((l) => l.trim()),
            b.issuer.tax_id === null ? '' : `${w.taxId}: ${b.issuer.tax_id}`,
            b.issuer.email ?? '',
            b.issuer.phone ?? '',
          ].filter((l) => l !== ''),
        };
  const bank = bankTransfer ? (b.issuer?.bank ?? null) : null;

  const r = b.recipient;
  const recipientLines = [
    r.name,
    ...(r.company_name === null || r.company_name === '' ? [] : [r.company_name]),
    ...(r.company_tax_id === null || r.company_tax_id === '' ? [] : [`${w.taxId}: ${r.company_tax_id}`]),
    ...addressLines(r.address, language),
    ...(r.email === '' ? [] : [r.email]),
  ];

  const accommodationLines = [
    b.accommodation.name,
    ...(b.accommodation.registration_number === null || b.accommodation.registration_number === ''
      ? []
      : [`${w.registrationNumber}: ${b.accommodation.registration_number}`]),
    `${w.stay}: ${w.stayLine(
      f.date(b.stay.checkin),
      f.date(b.stay.checkout),
      nights,
      common.guests(b.stay.adults, b.stay.children, b.stay.babies),
    )}`,
  ];

  const paymentNote = [
    ...(bankTransfer ? [w.transfer(b.confirmation_code)] : []),
    ...(asksPayment && b.payment_method === 'cash' ? [w.cash] : []),
    ...(asksPayment && b.payment_method === 'card_processor' ? [w.card] : []),
    ...(bank === null
      ? []
      : [
          `${common.bank.holder}: ${bank.account_holder}`,
          `${common.bank.iban}: ${printedIban(bank.iban)}`,
          ...(bank.bic === null ? [] : [`${common.bank.bic}: ${bank.bic}`]),
          ...(bank.bank_name === null ? [] : [`${common.bank.bank}: ${bank.bank_name}`]),
        ]),
  ];

  return {
    language,
    pdfTitle: input.number === null ? title : `${title} ${input.number}`,
    title,
    heading,
    issuer,
    recipient: { heading: w.recipient, lines: recipientLines },
    accommodation: { heading: w.accommodationHeading, lines: accommodationLines },
    lines: b.lines.map((line) => ({
      label: lineLabel(line, w, nights, (ppm) => f.percent(ppm)),
      amount: money(line.amount),
    })),
    total: { label: w.total, amount: money(b.total) },
    payments: {
      heading: w.paymentsReceived,
      rows:
        input.payments.length === 0
          ? [{ label: w.noPayments, amount: '' }]
          : input.payments.map((p) => ({
              label: `${f.date(p.received_on)} · ${w.methods[p.method] ?? p.method}`,
              amount: money(p.amount),
            })),
    },
    paymentNote,
    testMark: input.test === true ? w.testMark : null,
  };
}

import type { Config } from '../config/config.ts';
import { storedDecimals } from '../accommodations/accommodation-mapper.ts';
import { toMajor } from '../shared/money.ts';
import { storedBilled } from './document-repository.ts';

interface ListedDocument {
  number: string;
  kind: 'invoice' | 'credit_note';
  purpose: 'stay' | 'cancellation_fee';
  issued_on: string;
  total_amount: number;
  currency: string;
  corrects: string | null;
}

type Urls = Pick<Config, 'publicBaseUrl'>;

/** The admin API's address of a document's PDF. */
export function documentPdfUrl(config: Urls, number: string): string {
  return `${config.publicBaseUrl}/admin/api/documents/${encodeURIComponent(number)}/pdf`;
}

/** A document as the admin API shows it: amounts in major units of its currency. */
export function documentToJson(config: Urls, d: ListedDocument) {
  return {
    number: d.number,
    kind: d.kind,
    purpose: d.purpose,
    issued_on: d.issued_on,
    total_amount: toMajor(d.total_amount, storedDecimals(d.currency)),
    currency: d.currency,
    corrects: d.corrects,
    pdf_url: documentPdfUrl(config, d.number),
  };
}

/** A register row: the document, its booking, and whom it bills (from what it stores). */
export function registerRowToJson(
  config: Urls,
  d: ListedDocument & { billed: string; booking_id: number; confirmation_code: string },
) {
  const { recipient } = storedBilled(d.billed);
  return {
    ...documentToJson(config, d),
    booking_id: d.booking_id,
    confirmation_code: d.confirmation_code,
    recipient: [recipient.name, recipient.company_name].filter((p) => p !== null && p !== '').join(', '),
    recipient_tax_id: recipient.company_tax_id,
  };
}

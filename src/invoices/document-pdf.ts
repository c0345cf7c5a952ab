import { formatMoney } from '../shared/money.ts';
import type { DocumentPdfInput } from './billed.ts';
import { INVOICE_WORDS } from './invoice-words.ts';

const TITLES = { credit_note: 'Credit note', pro_forma: 'Pro-forma (not an invoice)' } as const;

/** Text as the built-in fonts can draw it (WinAnsi): characters beyond it become '?'. */
const drawable = (text: string): string => text.replace(/[^\u0020-\u00ff\n]/g, '?');

const amount = (minor: number, currency: string) => formatMoney(minor, currency);

/**
 * A document as a one-page PDF, a plain drawing with the built-in Helvetica. Deterministic: its
 * creation date is the issue date, so the same input gives the same bytes. pdfkit is loaded with
 * the first document.
 */
export async function renderDocumentPdf(input: DocumentPdfInput): Promise<Uint8Array> {
  const { default: PDFDocument } = await import('pdfkit');
  const { billed } = input;
  const words = INVOICE_WORDS[billed.language];
  const kind = input.kind === 'invoice' ? words.title : TITLES[input.kind];
  const title = `${input.test === true ? 'TEST ' : ''}${kind}${input.number === null ? '' : ` ${input.number}`}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: billed.language,
    info: {
      Title: title,
      Author: billed.issuer?.name ?? 'Staydesk',
      CreationDate: new Date(`${input.issued_on}T00:00:00Z`),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => {
      resolve(new Uint8Array(Buffer.concat(chunks)));
    });
    doc.on('error', reject);
  });
  const line = (text: string) => doc.text(drawable(text));
  if (billed.issuer !== null) {
    const i = billed.issuer;
    line([i.name, i.address, i.tax_id].filter((p) => p !== null).join(', '));
  }
  doc.fontSize(18);
  line(title);
  doc.fontSize(10);
  line(`${words.issued}: ${input.issued_on}${input.corrects === null ? '' : `, cancels ${input.corrects}`}`);
  const r = billed.recipient;
  const a = r.address;
  const address = a === null ? [] : [a.line1, a.line2, a.postal_code, a.city, a.country];
  line([r.name, r.company_name, r.company_tax_id, ...address].filter((p) => p !== null).join(', '));
  const reg = billed.accommodation.registration_number;
  line(
    `${billed.accommodation.name}${reg === null ? '' : ` (${reg})`}: ${billed.stay.checkin} to ${billed.stay.checkout}`,
  );
  for (const l of billed.lines)
    line(`${l.kind}${l.detail === null ? '' : ` ${l.detail}`}: ${amount(l.amount, billed.currency)}`);
  line(`${words.total}: ${amount(billed.total, billed.currency)}`);
  for (const p of input.payments) line(`Paid ${p.received_on} (${p.method}): ${amount(p.amount, billed.currency)}`);
  doc.end();
  return done;
}

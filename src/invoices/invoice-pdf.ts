import { documentFonts } from './document-font.ts';

export interface InvoiceLine {
  label: string;
  amount: string;
}

export interface InvoiceData {
  /** The language it is written in (an ISO 639-1 code), for the PDF's metadata. */
  language: string;
  /** The headings, in that language. */
  words: { title: string; number: string; issued: string; status: string; guest: string; stay: string };
  /** The host's business: its name and the lines under it (address, contact, tax id); null when not set. */
  issuer: { name: string; lines: string[] } | null;
  number: string;
  issuedOn: string;
  status: string;
  accommodation: string;
  guest: { name: string; email: string; address: string[] };
  /** Dates, nights and guests as one line. */
  stayLine: string;
  lines: InvoiceLine[];
  taxLine: InvoiceLine;
  total: InvoiceLine;
  paymentNote: string[];
}

/**
 * Renders an invoice as a one-page PDF in the documents' embedded font (document-font.ts).
 * pdfkit (about 30 MB and a fifth of a second to load) is loaded with the first invoice.
 */
export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const [{ default: PDFDocument }, font] = await Promise.all([import('pdfkit'), documentFonts()]);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      lang: data.language,
      info: { Title: `${data.words.title} ${data.number}`, Author: data.issuer?.name ?? 'Staydesk' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
    doc.registerFont('body', font.regular);
    doc.registerFont('bold', font.bold);
    doc.font('body');

    if (data.issuer !== null) {
      doc.fontSize(12).font('bold').text(data.issuer.name, { align: 'right' });
      doc.font('body').fontSize(9);
      for (const line of data.issuer.lines) doc.text(line, { align: 'right' });
      doc.moveDown();
    }
    doc.fontSize(20).text(data.words.title, { align: 'left' });
    doc.moveDown(0.5).fontSize(10);
    doc.text(`${data.words.number}: ${data.number}`);
    doc.text(`${data.words.issued}: ${data.issuedOn}`);
    doc.text(`${data.words.status}: ${data.status}`);
    doc.moveDown();
    doc.fontSize(12).text(data.words.guest);
    doc.fontSize(10).text(data.guest.name).text(data.guest.email);
    for (const line of data.guest.address) doc.text(line);
    doc.moveDown();
    doc.fontSize(12).text(data.words.stay);
    doc.fontSize(10).text(data.accommodation);
    doc.text(data.stayLine);
    doc.moveDown();

    const left = 50;
    const right = 545;
    const row = (line: InvoiceLine, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'bold' : 'body').text(line.label, left, y, { width: 350 });
      doc.text(line.amount, left + 350, y, { width: right - left - 350, align: 'right' });
      doc.moveDown(0.3);
    };
    for (const line of data.lines) row(line);
    row(data.taxLine);
    doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
    doc.moveDown(0.3);
    row(data.total, true);
    doc.moveDown().font('body');
    for (const line of data.paymentNote) doc.text(line, left, doc.y, { width: right - left });
    doc.end();
  });
}

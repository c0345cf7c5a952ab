import type { DocumentPdfInput } from './billed.ts';
import { documentFonts } from './document-font.ts';
import { documentText, type TextRow } from './document-text.ts';

const LEFT = 50;
const RIGHT = 545;
const AMOUNT_WIDTH = 130;

/**
 * Draws a document (invoice, credit note or pro-forma) as a PDF with its embedded font
 * (document-font.ts; docs/money.md#the-pdf). The same input always gives the same bytes: the PDF's creation date
 * is the document's date and its file id follows from its metadata, so a stored document can be
 * drawn again for a check and compared byte for byte. pdfkit (slow to load) is loaded with the
 * first document.
 */
export async function renderDocumentPdf(input: DocumentPdfInput): Promise<Uint8Array> {
  const [{ default: PDFDocument }, font] = await Promise.all([import('pdfkit'), documentFonts()]);
  const t = documentText(input);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      lang: t.language,
      info: {
        Title: t.pdfTitle,
        Author: input.billed.issuer?.name ?? 'Staydesk',
        Creator: 'Staydesk',
        Producer: 'Staydesk',
        CreationDate: new Date(`${input.issued_on}T00:00:00Z`),
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => {
      const bytes = Buffer.concat(chunks);
      resolve(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
    doc.on('error', reject);
    doc.registerFont('body', font.regular);
    doc.registerFont('bold', font.bold);

    const block = (heading: string, lines: string[]) => {
      doc
        .font('bold')
        .fontSize(11)
        .text(heading, LEFT, doc.y, { width: RIGHT - LEFT });
      doc.font('body').fontSize(10);
      for (const line of lines) doc.text(line, { width: RIGHT - LEFT });
      doc.moveDown();
    };
    const row = ({ label, amount }: TextRow, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'bold' : 'body').fontSize(10);
      doc.text(label, LEFT, y, { width: RIGHT - LEFT - AMOUNT_WIDTH - 10 });
      const below = doc.y;
      doc.text(amount, RIGHT - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' });
      doc.y = Math.max(below, doc.y);
      doc.moveDown(0.3);
    };

    if (t.testMark !== null) {
      doc
        .font('bold')
        .fontSize(14)
        .fillColor('#b00020')
        .text(t.testMark, LEFT, doc.y, { width: RIGHT - LEFT });
      doc.fillColor('black').moveDown(0.5);
    }
    if (t.issuer !== null) {
      doc
        .font('bold')
        .fontSize(12)
        .text(t.issuer.name, LEFT, doc.y, { width: RIGHT - LEFT, align: 'right' });
      doc.font('body').fontSize(9);
      for (const line of t.issuer.lines) doc.text(line, { width: RIGHT - LEFT, align: 'right' });
      doc.moveDown();
    }
    doc
      .font('bold')
      .fontSize(20)
      .text(t.title, LEFT, doc.y, { width: RIGHT - LEFT });
    doc.moveDown(0.3).font('body').fontSize(10);
    for (const line of t.heading) doc.text(line, { width: RIGHT - LEFT });
    doc.moveDown();
    block(t.recipient.heading, t.recipient.lines);
    block(t.accommodation.heading, t.accommodation.lines);

    for (const line of t.lines) row(line);
    doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).stroke();
    doc.moveDown(0.3);
    row(t.total, true);
    doc.moveDown();

    doc
      .font('bold')
      .fontSize(11)
      .text(t.payments.heading, LEFT, doc.y, { width: RIGHT - LEFT });
    doc.moveDown(0.2);
    for (const payment of t.payments.rows) row(payment);
    doc.moveDown();
    doc.font('body').fontSize(10);
    for (const line of t.paymentNote) doc.text(line, LEFT, doc.y, { width: RIGHT - LEFT });
    doc.end();
  });
}

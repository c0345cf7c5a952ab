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
 * Text as the built-in fonts can draw it: their encoding (WinAnsi) has the no-break space that
 * Intl puts between a number and its currency, but not the narrow one French groups digits with.
 */
function pdfText(text: string): string {
  return text.replace(/\u202f/g, '\u00a0');
}

/**
 * Renders an invoice as a one-page PDF (built-in Helvetica, so no font files are needed).
 * pdfkit (about 30 MB and a fifth of a second to load) is loaded with the first invoice.
 */
export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
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

    if (data.issuer !== null) {
      doc.fontSize(12).font('Helvetica-Bold').text(pdfText(data.issuer.name), { align: 'right' });
      doc.font('Helvetica').fontSize(9);
      for (const line of data.issuer.lines) doc.text(pdfText(line), { align: 'right' });
      doc.moveDown();
    }
    doc.fontSize(20).text(pdfText(data.words.title), { align: 'left' });
    doc.moveDown(0.5).fontSize(10);
    doc.text(pdfText(`${data.words.number}: ${data.number}`));
    doc.text(pdfText(`${data.words.issued}: ${data.issuedOn}`));
    doc.text(pdfText(`${data.words.status}: ${data.status}`));
    doc.moveDown();
    doc.fontSize(12).text(pdfText(data.words.guest));
    doc.fontSize(10).text(pdfText(data.guest.name)).text(pdfText(data.guest.email));
    for (const line of data.guest.address) doc.text(pdfText(line));
    doc.moveDown();
    doc.fontSize(12).text(pdfText(data.words.stay));
    doc.fontSize(10).text(pdfText(data.accommodation));
    doc.text(pdfText(data.stayLine));
    doc.moveDown();

    const left = 50;
    const right = 545;
    const row = (line: InvoiceLine, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(pdfText(line.label), left, y, { width: 350 });
      doc.text(pdfText(line.amount), left + 350, y, { width: right - left - 350, align: 'right' });
      doc.moveDown(0.3);
    };
    for (const line of data.lines) row(line);
    row(data.taxLine);
    doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
    doc.moveDown(0.3);
    row(data.total, true);
    doc.moveDown().font('Helvetica');
    for (const line of data.paymentNote) doc.text(pdfText(line), left, doc.y, { width: right - left });
    doc.end();
  });
}

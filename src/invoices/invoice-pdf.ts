export interface InvoiceLine {
  label: string;
  amount: string;
}

export interface InvoiceData {
  /** The host's business: its name and the lines under it (address, contact, tax id); null when not set. */
  issuer: { name: string; lines: string[] } | null;
  number: string;
  issuedOn: string;
  status: string;
  accommodation: string;
  guest: { name: string; email: string; address: string[] };
  stay: { checkin: string; checkout: string; nights: number; guests: string };
  lines: InvoiceLine[];
  taxLine: InvoiceLine;
  total: InvoiceLine;
  paymentNote: string[];
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
      info: { Title: `Invoice ${data.number}`, Author: data.issuer?.name ?? 'Staydesk' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);

    if (data.issuer !== null) {
      doc.fontSize(12).font('Helvetica-Bold').text(data.issuer.name, { align: 'right' });
      doc.font('Helvetica').fontSize(9);
      for (const line of data.issuer.lines) doc.text(line, { align: 'right' });
      doc.moveDown();
    }
    doc.fontSize(20).text('Invoice', { align: 'left' });
    doc.moveDown(0.5).fontSize(10);
    doc.text(`Invoice number: ${data.number}`);
    doc.text(`Issued: ${data.issuedOn}`);
    doc.text(`Booking status: ${data.status}`);
    doc.moveDown();
    doc.fontSize(12).text('Guest');
    doc.fontSize(10).text(data.guest.name).text(data.guest.email);
    for (const line of data.guest.address) doc.text(line);
    doc.moveDown();
    doc.fontSize(12).text('Stay');
    doc.fontSize(10).text(data.accommodation);
    doc.text(
      `${data.stay.checkin} to ${data.stay.checkout} (${data.stay.nights} night${data.stay.nights === 1 ? '' : 's'}), ${data.stay.guests}`,
    );
    doc.moveDown();

    const left = 50;
    const right = 545;
    const row = (line: InvoiceLine, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(line.label, left, y, { width: 350 });
      doc.text(line.amount, left + 350, y, { width: right - left - 350, align: 'right' });
      doc.moveDown(0.3);
    };
    for (const line of data.lines) row(line);
    row(data.taxLine);
    doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
    doc.moveDown(0.3);
    row(data.total, true);
    doc.moveDown().font('Helvetica');
    for (const line of data.paymentNote) doc.text(line, left, doc.y, { width: right - left });
    doc.end();
  });
}

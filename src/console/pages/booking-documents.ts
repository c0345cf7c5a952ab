import type { Executor } from '../../db/store.ts';
import { bookingDocuments } from '../../invoices/document-repository.ts';
import { html, type Html } from '../../shared/html.ts';
import type { Formatter } from '../format.ts';
import { stackTable } from '../layout.ts';

/** The console's address of an issued document's PDF (served by the Documents page). */
export const documentPdfPath = (number: string): string =>
  `/admin/documents?${new URLSearchParams({ number, format: 'pdf' }).toString()}`;

export const KIND_LABELS = { invoice: 'Invoice', credit_note: 'Credit note' } as const;

/**
 * The booking page's documents: its invoices and credit notes, oldest first, each with its PDF,
 * and the invoice address the guest has (the latest document, or a pro-forma while there is none).
 */
export async function bookingDocumentsSection(
  db: Executor,
  f: Formatter,
  booking: { id: number; invoice_url: string },
): Promise<Html> {
  const docs = await bookingDocuments(db, booking.id);
  const table = stackTable(['Number', 'Document', 'Issued', 'Total', 'Cancels'], docs, (d) => [
    html`<a href="${documentPdfPath(d.number)}">${d.number}</a>`,
    `${KIND_LABELS[d.kind]}${d.purpose === 'cancellation_fee' ? ' (cancellation fee)' : ''}`,
    f.date(d.issued_on),
    f.money(d.total_amount, d.currency),
    d.corrects ?? '',
  ]);
  return html`<h2 id="documents">Documents</h2>
${docs.length === 0 ? html`<p class="muted">No invoice yet: a booking is invoiced when it is confirmed.</p>` : table}
<p><a href="${booking.invoice_url}">What the guest's invoice link shows (PDF)</a></p>`;
}

import type { Executor } from '../db/store.ts';
import { readHostIdentity } from '../settings/host-identity.ts';
import { todayIn } from '../shared/dates.ts';
import { billedOf } from './billed-of.ts';
import { renderDocumentPdf } from './document-pdf.ts';
import {
  findDocument,
  keepPdf,
  readBookingByInvoiceToken,
  receivedPayments,
  storedBilled,
  storedPayments,
} from './document-repository.ts';

export interface DownloadedDocument {
  pdf: Uint8Array;
  /** The file name offered: the number, or the booking's code for a pro-forma. */
  fileName: string;
}

type StoredDocument = NonNullable<Awaited<ReturnType<typeof findDocument>>>;

/**
 * An issued document's PDF: drawn from its stored content on the first download and kept, so
 * every download gives the same bytes, whatever has changed since in the booking, its home or the
 * host's settings.
 */
async function issuedPdf(db: Executor, doc: StoredDocument): Promise<DownloadedDocument> {
  const fileName = `${doc.number}.pdf`;
  if (doc.pdf !== null) return { pdf: doc.pdf, fileName };
  const pdf = await renderDocumentPdf({
    kind: doc.kind,
    number: doc.number,
    issued_on: doc.issued_on,
    corrects: doc.corrects,
    billed: storedBilled(doc.billed),
    payments: storedPayments(doc.payments),
  });
  return { pdf: await keepPdf(db, doc.id, pdf), fileName };
}

/** A document by its number (the admin API's download), or undefined. */
export async function documentByNumber(db: Executor, number: string): Promise<DownloadedDocument | undefined> {
  const doc = await findDocument(db, { number });
  return doc === undefined ? undefined : issuedPdf(db, doc);
}

/**
 * One of a booking's documents by its number (the guest's page), or undefined when the booking has
 * none of that number.
 */
export async function bookingDocumentByNumber(
  db: Executor,
  bookingId: number,
  number: string,
): Promise<DownloadedDocument | undefined> {
  const doc = await findDocument(db, { number });
  return doc?.booking_id === bookingId ? issuedPdf(db, doc) : undefined;
}

/**
 * What a booking's invoice address serves (docs/api.md#invoices): its latest document (after a
 * cancellation, the credit note), or for a booking with none (a draft, a test booking, one
 * confirmed before documents were issued) a pro-forma without a number, drawn as it is now and
 * never kept. Undefined only for an unknown token.
 */
export async function documentOfInvoiceToken(
  db: Executor,
  token: string,
  now: Date,
): Promise<DownloadedDocument | undefined> {
  const booking = await readBookingByInvoiceToken(db, token);
  if (booking === undefined) return undefined;
  const latest = await findDocument(db, { bookingId: booking.id, latest: true });
  if (latest !== undefined) return issuedPdf(db, latest);
  const pdf = await renderDocumentPdf({
    kind: 'pro_forma',
    number: null,
    issued_on: todayIn(booking.timezone, now),
    corrects: null,
    billed: billedOf(booking, await readHostIdentity(db)),
    payments: await receivedPayments(db, booking.id),
    test: booking.mode === 'test',
  });
  return { pdf, fileName: `pro-forma-${booking.confirmation_code}.pdf` };
}

import type { Executor } from '../../src/db/store.ts';
import type { Billed } from '../../src/invoices/billed.ts';
import { billedOf } from '../../src/invoices/billed-of.ts';
import { findDocument, readBookingByInvoiceToken, storedBilled } from '../../src/invoices/document-repository.ts';
import { readHostIdentity } from '../../src/settings/host-identity.ts';

/**
 * What a booking's invoice address shows, by its URL: the latest document's stored content, or
 * (no document yet) the pro-forma's, as the booking is now.
 */
export async function billedAtInvoiceUrl(db: Executor, invoiceUrl: string): Promise<Billed> {
  const token = invoiceUrl.slice(invoiceUrl.lastIndexOf('/') + 1);
  const booking = await readBookingByInvoiceToken(db, token);
  if (booking === undefined) throw new Error(`no booking has the invoice address ${invoiceUrl}`);
  const latest = await findDocument(db, { bookingId: booking.id, latest: true });
  return latest === undefined ? billedOf(booking, await readHostIdentity(db)) : storedBilled(latest.billed);
}

import type { Executor } from '../db/store.ts';
import type { Unit } from '../db/unit-of-work.ts';
import { readHostIdentity } from '../settings/host-identity.ts';
import { readInvoicing } from '../settings/invoicing.ts';
import { todayIn } from '../shared/dates.ts';
import { billedOf } from './billed-of.ts';
import { seriesOf, takeNumber } from './document-numbers.ts';
import { planDocuments } from './document-plan.ts';
import { insertDocument, issuedDocuments, readBookingForDocuments, receivedPayments } from './document-repository.ts';

/**
 * Brings a booking's issued documents in line with what it bills now, in the unit that changed
 * it (docs/money.md#invoices-and-credit-notes): runs the document plan and issues what it says,
 * numbered from the host's one series and dated today in the home's zone. Call it once the
 * change is written, as the last step of the unit: it takes the series row's lock, which must be
 * the last lock of the transaction. A test-mode booking gets no documents.
 */
export async function syncDocuments(unit: Unit, bookingId: number): Promise<void> {
  await syncDocumentsIn(unit.trx, unit.now, bookingId);
}

/** syncDocuments in a transaction the caller holds. */
export async function syncDocumentsIn(trx: Executor, now: Date, bookingId: number): Promise<void> {
  const booking = await readBookingForDocuments(trx, bookingId);
  if (booking === undefined || booking.mode === 'test' || booking.status === 'draft') return;
  const host = await readHostIdentity(trx);
  const issued = await issuedDocuments(trx, bookingId);
  const plan = planDocuments(booking, billedOf(booking, host), issued);
  if (plan.length === 0) return;
  const invoicing = await readInvoicing(trx);
  const payments = await receivedPayments(trx, bookingId);
  const issuedOn = todayIn(booking.timezone, now);
  const series = seriesOf(invoicing, issuedOn);
  for (const doc of plan) {
    await insertDocument(trx, {
      booking_id: bookingId,
      number: await takeNumber(trx, series),
      kind: doc.kind,
      purpose: doc.purpose,
      issued_on: issuedOn,
      corrects: doc.corrects,
      billed: doc.billed,
      payments,
      created_at: now.toISOString(),
    });
  }
}

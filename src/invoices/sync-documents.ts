import type { Executor } from '../db/store.ts';
import type { Unit } from '../db/unit-of-work.ts';
import { hostIdentityOf } from '../settings/host-identity.ts';
import { invoicingOf } from '../settings/invoicing.ts';
import { getSettings } from '../settings/settings-repository.ts';
import { todayIn } from '../shared/dates.ts';
import { billedOf } from './billed-of.ts';
import { seriesOf, takeNumbers } from './document-numbers.ts';
import { planDocuments } from './document-plan.ts';
import {
  insertDocuments,
  issuedDocumentsOf,
  readBookingsForDocuments,
  receivedPaymentsOf,
} from './document-repository.ts';

/**
 * Brings a booking's issued documents in line with what it bills now, in the unit that changed
 * it (docs/money.md#invoices-and-credit-notes): runs the document plan and issues what it says,
 * numbered from the host's one series and dated today in the home's zone. Call it once the
 * change is written, as the last step of the unit: it takes the series row's lock, which must be
 * the last lock of the transaction. A test-mode booking gets no documents.
 */
export async function syncDocuments(unit: Unit, bookingId: number): Promise<void> {
  await syncDocumentsIn(unit.trx, unit.now, [bookingId]);
}

/**
 * syncDocuments of many bookings in a transaction the caller holds, in a few statements whatever
 * their number: the documents are numbered in the order of the bookings' ids, then of their plans.
 */
export async function syncDocumentsIn(trx: Executor, now: Date, bookingIds: readonly number[]): Promise<void> {
  if (bookingIds.length === 0) return;
  const bookings = (await readBookingsForDocuments(trx, bookingIds)).filter(
    (b) => b.mode !== 'test' && b.status !== 'draft',
  );
  if (bookings.length === 0) return;
  const ids = bookings.map((b) => b.id);
  // The host's identity and the invoice series in one read.
  const settings = await getSettings(trx, ['business', 'bank_details', 'invoicing']);
  const host = hostIdentityOf(settings);
  const issued = await issuedDocumentsOf(trx, ids);
  const planned = bookings.flatMap((booking) =>
    planDocuments(booking, billedOf(booking, host), issued.get(booking.id) ?? []).map((doc) => ({ booking, doc })),
  );
  if (planned.length === 0) return;
  const invoicing = invoicingOf(settings.invoicing);
  const payments = await receivedPaymentsOf(trx, ids);
  const documents = planned.map(({ booking, doc }) => {
    const issuedOn = todayIn(booking.timezone, now);
    return { booking, doc, issuedOn, series: seriesOf(invoicing, issuedOn) };
  });
  // One upsert per series (two only when the homes' zones straddle a new year).
  const numbers = new Map<string, string[]>();
  for (const series of new Map(documents.map((d) => [d.series.series, d.series])).values()) {
    const count = documents.filter((d) => d.series.series === series.series).length;
    numbers.set(series.series, await takeNumbers(trx, series, count));
  }
  await insertDocuments(
    trx,
    documents.map(({ booking, doc, issuedOn, series }) => ({
      booking_id: booking.id,
      number: numbers.get(series.series)?.shift() ?? '',
      kind: doc.kind,
      purpose: doc.purpose,
      issued_on: issuedOn,
      corrects: doc.corrects,
      billed: doc.billed,
      payments: payments.get(booking.id) ?? [],
      created_at: now.toISOString(),
    })),
  );
}

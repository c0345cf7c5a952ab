import { bookingsWithGuest } from '../db/booking-with-guest.ts';
import type { Executor } from '../db/store.ts';
import { storedObject } from '../shared/stored-json.ts';
import type { Billed, DocumentPayment } from './billed.ts';
import type { DocumentKind, DocumentPurpose, IssuedDocument } from './document-plan.ts';

/**
 * The one door of `documents`: issued documents are inserted and read, never changed, but for
 * their PDF, kept once on the first download.
 */

/** Bookings as their documents are made: billed facts, state, home's zone and mode; by id. */
export function readBookingsForDocuments(db: Executor, bookingIds: readonly number[]) {
  return bookingsWithGuest(db).where('b.id', 'in', bookingIds).orderBy('b.id').execute();
}

export function readBookingByInvoiceToken(db: Executor, token: string) {
  return bookingsWithGuest(db).where('b.invoice_token', '=', token).executeTakeFirst();
}

/** The payments received and not undone, oldest first, as a document prints them. */
export async function receivedPayments(db: Executor, bookingId: number): Promise<DocumentPayment[]> {
  return (await receivedPaymentsOf(db, [bookingId])).get(bookingId) ?? [];
}

/** receivedPayments of many bookings, by booking (a booking with none is absent). */
export async function receivedPaymentsOf(
  db: Executor,
  bookingIds: readonly number[],
): Promise<Map<number, DocumentPayment[]>> {
  const rows = await db
    .selectFrom('booking_payments')
    .select(['booking_id', 'received_on', 'method', 'amount'])
    .where('booking_id', 'in', bookingIds)
    .where('undone_at', 'is', null)
    .orderBy('received_on')
    .orderBy('id')
    .execute();
  return groupBy(rows, (r) => ({ received_on: r.received_on, method: r.method, amount: r.amount }));
}

/** Stored JSON read back; documents are written by this module only, so the shape is ours. */
export const storedBilled = (text: string): Billed => storedObject(text) as unknown as Billed;
export const storedPayments = (text: string): DocumentPayment[] => {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? (parsed as DocumentPayment[]) : [];
};

/** The documents issued to each of the bookings, oldest first (a booking with none is absent). */
export async function issuedDocumentsOf(
  db: Executor,
  bookingIds: readonly number[],
): Promise<Map<number, IssuedDocument[]>> {
  const rows = await db
    .selectFrom('documents')
    .select(['booking_id', 'number', 'kind', 'purpose', 'corrects', 'billed'])
    .where('booking_id', 'in', bookingIds)
    .orderBy('id')
    .execute();
  return groupBy(rows, (r) => ({
    number: r.number,
    kind: r.kind,
    purpose: r.purpose,
    corrects: r.corrects,
    billed: storedBilled(r.billed),
  }));
}

function groupBy<R extends { booking_id: number }, T>(rows: readonly R[], item: (row: R) => T): Map<number, T[]> {
  const by = new Map<number, T[]>();
  for (const row of rows) {
    const list = by.get(row.booking_id);
    if (list === undefined) by.set(row.booking_id, [item(row)]);
    else list.push(item(row));
  }
  return by;
}

export interface NewDocument {
  booking_id: number;
  number: string;
  kind: DocumentKind;
  purpose: DocumentPurpose;
  issued_on: string;
  corrects: string | null;
  billed: Billed;
  payments: readonly DocumentPayment[];
  created_at: string;
}

/** Inserts the documents, in their order (their ids follow it). */
export async function insertDocuments(db: Executor, docs: readonly NewDocument[]): Promise<void> {
  if (docs.length === 0) return;
  await db
    .insertInto('documents')
    .values(
      docs.map((d) => ({
        booking_id: d.booking_id,
        number: d.number,
        kind: d.kind,
        purpose: d.purpose,
        issued_on: d.issued_on,
        total_amount: d.billed.total,
        currency: d.billed.currency,
        corrects: d.corrects,
        billed: JSON.stringify(d.billed),
        payments: JSON.stringify(d.payments),
        created_at: d.created_at,
      })),
    )
    .execute();
}

const LISTED = [
  'd.id',
  'd.number',
  'd.kind',
  'd.purpose',
  'd.issued_on',
  'd.total_amount',
  'd.currency',
  'd.corrects',
] as const;

/** A booking's documents, oldest first. */
export function bookingDocuments(db: Executor, bookingId: number) {
  return db.selectFrom('documents as d').select(LISTED).where('d.booking_id', '=', bookingId).orderBy('d.id').execute();
}

/** The register: every document issued in [from, to] (dates inclusive), in the order of their numbers' issue. */
export function documentRegister(db: Executor, from: string, to: string) {
  return db
    .selectFrom('documents as d')
    .innerJoin('bookings as b', 'b.id', 'd.booking_id')
    .select([...LISTED, 'd.billed', 'b.confirmation_code', 'b.id as booking_id'])
    .where('d.issued_on', '>=', from)
    .where('d.issued_on', '<=', to)
    .orderBy('d.id')
    .execute();
}

export function findDocument(db: Executor, where: { number: string } | { bookingId: number; latest: true }) {
  const q = db
    .selectFrom('documents')
    .select(['id', 'booking_id', 'number', 'kind', 'issued_on', 'corrects', 'billed', 'payments', 'pdf']);
  return (
    'number' in where
      ? q.where('number', '=', where.number)
      : q.where('booking_id', '=', where.bookingId).orderBy('id', 'desc').limit(1)
  ).executeTakeFirst();
}

/** Keeps a document's PDF unless one is kept already, and answers the kept bytes: every download is the first one's. */
export async function keepPdf(db: Executor, id: number, pdf: Uint8Array): Promise<Uint8Array> {
  await db.updateTable('documents').set({ pdf }).where('id', '=', id).where('pdf', 'is', null).execute();
  const row = await db.selectFrom('documents').select('pdf').where('id', '=', id).executeTakeFirstOrThrow();
  return row.pdf ?? pdf;
}

import { bookingsWithGuest } from '../db/booking-with-guest.ts';
import type { Executor } from '../db/store.ts';
import { storedObject } from '../shared/stored-json.ts';
import type { Billed, DocumentPayment } from './billed.ts';
import type { DocumentKind, DocumentPurpose, IssuedDocument } from './document-plan.ts';

/**
 * The one door of `documents`: issued documents are inserted and read, never changed, but for
 * their PDF, kept once on the first download.
 */

/** A booking as its documents are made: billed facts, state, home's zone and mode. */
export function readBookingForDocuments(db: Executor, bookingId: number) {
  return bookingsWithGuest(db).where('b.id', '=', bookingId).executeTakeFirst();
}

export function readBookingByInvoiceToken(db: Executor, token: string) {
  return bookingsWithGuest(db).where('b.invoice_token', '=', token).executeTakeFirst();
}

/** The payments received and not undone, oldest first, as a document prints them. */
export async function receivedPayments(db: Executor, bookingId: number): Promise<DocumentPayment[]> {
  const rows = await db
    .selectFrom('booking_payments')
    .select(['received_on', 'method', 'amount'])
    .where('booking_id', '=', bookingId)
    .where('undone_at', 'is', null)
    .orderBy('received_on')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ received_on: r.received_on, method: r.method, amount: r.amount }));
}

/** Stored JSON read back; documents are written by this module only, so the shape is ours. */
export const storedBilled = (text: string): Billed => storedObject(text) as unknown as Billed;
export const storedPayments = (text: string): DocumentPayment[] => {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? (parsed as DocumentPayment[]) : [];
};

export async function issuedDocuments(db: Executor, bookingId: number): Promise<IssuedDocument[]> {
  const rows = await db
    .selectFrom('documents')
    .select(['number', 'kind', 'purpose', 'corrects', 'billed'])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, billed: storedBilled(r.billed) }));
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

export async function insertDocument(db: Executor, d: NewDocument): Promise<void> {
  await db
    .insertInto('documents')
    .values({
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
    })
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

import { isDeepStrictEqual } from 'node:util';
import type { BookingStatus } from '../db/schema.ts';
import type { Billed } from './billed.ts';

export type DocumentKind = 'invoice' | 'credit_note';
export type DocumentPurpose = 'stay' | 'cancellation_fee';

/** A document a booking already has. */
export interface IssuedDocument {
  number: string;
  kind: DocumentKind;
  purpose: DocumentPurpose;
  corrects: string | null;
  billed: Billed;
}

/** A document to issue: `corrects` is the number of the invoice a credit note cancels. */
export interface PlannedDocument {
  kind: DocumentKind;
  purpose: DocumentPurpose;
  corrects: string | null;
  billed: Billed;
}

/** What the plan reads of the booking. */
export interface PlanState {
  status: BookingStatus;
  /** The fee kept on cancelling; null or 0 when none. */
  cancellation_fee: number | null;
}

/**
 * Whether two documents bill the same: the amount (currency, lines, total), the stay and the
 * billing details. The issuer, the language and the home's name are not compared: a host who
 * renames a home or moves office does not reissue every invoice at the guest's next change.
 */
export function billsTheSame(a: Billed, b: Billed): boolean {
  const key = (x: Billed) => [x.currency, x.total, x.lines, x.stay, x.recipient];
  return isDeepStrictEqual(key(a), key(b));
}

/** The credit note that cancels an invoice in full: the invoice's content with every line and the total negated. */
export function creditNoteOf(invoice: IssuedDocument): PlannedDocument {
  const billed = invoice.billed;
  return {
    kind: 'credit_note',
    purpose: invoice.purpose,
    corrects: invoice.number,
    billed: { ...billed, lines: billed.lines.map((l) => ({ ...l, amount: -l.amount })), total: -billed.total },
  };
}

/** The invoice of the fee kept on cancelling: the booking's details with one line. */
function feeBilled(current: Billed, fee: number): Billed {
  return { ...current, lines: [{ kind: 'cancellation_fee', detail: null, amount: fee }], total: fee };
}

/** The last invoice of a purpose that no credit note cancels, if any. */
function openInvoice(issued: readonly IssuedDocument[], purpose: DocumentPurpose): IssuedDocument | undefined {
  const cancelled = new Set(issued.filter((d) => d.kind === 'credit_note').map((d) => d.corrects));
  return issued.findLast((d) => d.kind === 'invoice' && d.purpose === purpose && !cancelled.has(d.number));
}

/**
 * What one purpose should bill now (null: nothing), against its open invoice: nothing, an invoice, or
 * a credit note and an invoice.
 */
function bringInLine(
  open: IssuedDocument | undefined,
  wanted: Billed | null,
  purpose: DocumentPurpose,
): PlannedDocument[] {
  if (open !== undefined && wanted !== null && billsTheSame(open.billed, wanted)) return [];
  const plan: PlannedDocument[] = open === undefined ? [] : [creditNoteOf(open)];
  if (wanted !== null) plan.push({ kind: 'invoice', purpose, corrects: null, billed: wanted });
  return plan;
}

/**
 * The documents a booking needs now, in the order to issue them (docs/money.md#invoices-and-credit-notes):
 * - a confirmed (or modified) booking has one open invoice of its stay billing what it bills now:
 *   none yet → an invoice; a different amount, stay or billing details → a credit note cancelling
 *   the open one in full, then a new invoice; the same → nothing. An open cancellation-fee
 *   invoice (a cancellation undone) is cancelled by a credit note;
 * - a cancelled booking has no open stay invoice (a credit note cancels it) and, when a fee was
 *   kept, one open invoice of that fee;
 * - a draft has none (its invoice address serves a pro-forma).
 */
export function planDocuments(state: PlanState, current: Billed, issued: readonly IssuedDocument[]): PlannedDocument[] {
  if (state.status === 'draft') return [];
  const active = state.status !== 'cancelled';
  const fee = state.cancellation_fee ?? 0;
  return [
    ...bringInLine(openInvoice(issued, 'stay'), active ? current : null, 'stay'),
    ...bringInLine(
      openInvoice(issued, 'cancellation_fee'),
      !active && fee > 0 ? feeBilled(current, fee) : null,
      'cancellation_fee',
    ),
  ];
}

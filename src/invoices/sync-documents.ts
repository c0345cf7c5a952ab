import type { Unit } from '../db/unit-of-work.ts';

/**
 * Brings a booking's issued documents in line with what it bills now, in the unit that changed
 * it (docs/money.md#invoices-and-credit-notes). Documents are not issued yet: this does nothing
 * until the numbering series and the document plan exist.
 */
export async function syncDocuments(_unit: Unit, _bookingId: number): Promise<void> {
  // Nothing is issued yet.
}

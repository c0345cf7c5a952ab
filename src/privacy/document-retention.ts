import type { Executor } from '../db/store.ts';
import { addDays } from '../shared/dates.ts';

/**
 * Personal data with an end (docs/registrations.md#retention): the identity document a guest gave
 * at check-in (`document_type`, `document_number`, `document_country`) is kept for the
 * authorities and then erased, `registration_retention_days` after the stay's departure date.
 *
 * Erases the document fields of every guest whose stay departed `days` or more days before `now`
 * (departure dates compared with the UTC date of `now`), stamping `documents_erased_at`; rows
 * erased before are left alone. Returns how many guests' documents were erased.
 */
export async function eraseExpiredDocuments(db: Executor, now: Date, days: number): Promise<number> {
  const lastDeparture = addDays(now.toISOString().slice(0, 10), -days);
  const stamp = now.toISOString();
  const result = await db
    .updateTable('registration_guests')
    .set({
      document_type: null,
      document_number: null,
      document_country: null,
      documents_erased_at: stamp,
      updated_at: stamp,
    })
    .where('documents_erased_at', 'is', null)
    .where('booking_id', 'in', (eb) => eb.selectFrom('bookings').select('id').where('checkout', '<=', lastDeparture))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

import { sql } from 'kysely';
import type { BookingStatus } from './schema.ts';

/**
 * The status `draft` written into the SQL as a literal, not bound: the partial index
 * bookings_draft_hold (migration 0011) holds drafts only, and neither store proves a bound
 * parameter equal to the index's condition, so a query that should use it compares with this.
 */
export const DRAFT = sql.lit<BookingStatus>('draft');

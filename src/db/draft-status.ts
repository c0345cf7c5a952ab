import { sql } from 'kysely';
import type { BookingStatus } from './schema.ts';

/**
 * The status `draft` written into the SQL as a literal, not bound: the partial index
 * bookings_draft_hold (migration 0011) holds drafts only. SQLite plans again with each bound
 * value and PostgreSQL's custom plans see it too, but a generic plan (a named statement run
 * often) cannot prove a bound parameter equal to the index's condition; a literal can, every time.
 */
export const DRAFT = sql.lit<BookingStatus>('draft');

import type { Executor, Tx } from '../db/store.ts';
import type { RegistrationDocumentType, RegistrationSex } from '../db/schema.ts';
import { guestAddressOf, storedAddressText } from '../guests/stored-address.ts';
import { GUEST_FIELDS, isBlankGuest, type AddressInput, type RegistrationInput } from './registration-fields.ts';
import { registrationState, type RegistrationState, type StoredGuest } from './registration-state.ts';

/**
 * The one door of `registrations` and `registration_guests` for check-in: a booking's check-in
 * replaced whole, read back, and the state of many bookings' check-ins in one query. A guest's
 * position is their place in the form (0: the lead guest); a guest given nothing is not stored.
 */

export interface StoredRegistration {
  arrival_time: string | null;
  guests: StoredGuest[];
  /** When it was last sent; null when never. */
  updated_at: string | null;
}

/** A stored address as the check-in's four fields (stored as src/guests/stored-address.ts writes it). */
function addressOf(text: string | null): AddressInput | null {
  const a = guestAddressOf(text);
  if (a === null) return null;
  return { street: a.line1, postal_code: a.postal_code, city: a.city, country: a.country };
}

const orNull = (text: string): string | null => (text === '' ? null : text);

/**
 * Replaces the booking's check-in with `registration` (already checked: validate-registration.ts):
 * the caller's transaction holds the booking's lock, so two replacements never interleave.
 */
export async function replaceRegistration(
  trx: Tx,
  bookingId: number,
  registration: RegistrationInput,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await trx
    .insertInto('registrations')
    .values({ booking_id: bookingId, arrival_time: registration.arrival_time, created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.column('booking_id').doUpdateSet({ arrival_time: registration.arrival_time, updated_at: at }),
    )
    .execute();
  await trx.deleteFrom('registration_guests').where('booking_id', '=', bookingId).execute();
  const rows = registration.guests.flatMap((g, position) =>
    isBlankGuest(g)
      ? []
      : [
          {
            booking_id: bookingId,
            position,
            first_name: g.first_name ?? '',
            last_name: g.last_name ?? '',
            sex: g.sex as RegistrationSex | null,
            birth_date: g.birth_date,
            birth_place: g.birth_place,
            nationality: g.nationality,
            document_type: g.document_type as RegistrationDocumentType | null,
            document_number: g.document_number,
            document_country: g.document_country,
            address:
              g.address === null
                ? null
                : storedAddressText({
                    line1: g.address.street,
                    line2: null,
                    postal_code: g.address.postal_code,
                    city: g.address.city,
                    country: g.address.country,
                  }),
            created_at: at,
            updated_at: at,
          },
        ],
  );
  if (rows.length > 0) await trx.insertInto('registration_guests').values(rows).execute();
}

function guestColumns(db: Executor) {
  return db
    .selectFrom('registration_guests')
    .select(['booking_id', 'position', ...GUEST_FIELDS, 'address', 'documents_erased_at']);
}

type GuestRow = Awaited<ReturnType<ReturnType<typeof guestColumns>['execute']>>[number];

function storedGuest(row: GuestRow): StoredGuest {
  return {
    position: row.position,
    first_name: orNull(row.first_name),
    last_name: orNull(row.last_name),
    sex: row.sex,
    birth_date: row.birth_date,
    birth_place: row.birth_place,
    nationality: row.nationality,
    document_type: row.document_type,
    document_number: row.document_number,
    document_country: row.document_country,
    address: addressOf(row.address),
    documents_erased_at: row.documents_erased_at,
  };
}

/** A booking's check-in as stored (guests by position); nothing stored reads as an empty one. */
export async function loadRegistration(db: Executor, bookingId: number): Promise<StoredRegistration> {
  const [head, guests] = await Promise.all([
    db
      .selectFrom('registrations')
      .select(['arrival_time', 'updated_at'])
      .where('booking_id', '=', bookingId)
      .executeTakeFirst(),
    guestColumns(db).where('booking_id', '=', bookingId).orderBy('position').execute(),
  ]);
  return {
    arrival_time: head?.arrival_time ?? null,
    guests: guests.map(storedGuest),
    updated_at: head?.updated_at ?? null,
  };
}

/** The check-in state of each booking (its adults and children are the party), in two queries. */
export async function registrationStates(
  db: Executor,
  bookings: readonly { id: number; adults: number; children: number }[],
): Promise<Map<number, RegistrationState>> {
  const states = new Map<number, RegistrationState>();
  if (bookings.length === 0) return states;
  const ids = [...new Set(bookings.map((b) => b.id))];
  const [heads, guests] = await Promise.all([
    db.selectFrom('registrations').select(['booking_id', 'arrival_time']).where('booking_id', 'in', ids).execute(),
    guestColumns(db).where('booking_id', 'in', ids).execute(),
  ]);
  const arrival = new Map(heads.map((h) => [h.booking_id, h.arrival_time]));
  const byBooking = new Map<number, StoredGuest[]>();
  for (const row of guests) {
    const list = byBooking.get(row.booking_id) ?? [];
    list.push(storedGuest(row));
    byBooking.set(row.booking_id, list);
  }
  for (const b of bookings)
    states.set(
      b.id,
      registrationState(b.adults + b.children, {
        arrival_time: arrival.get(b.id) ?? null,
        guests: byBooking.get(b.id) ?? [],
      }),
    );
  return states;
}

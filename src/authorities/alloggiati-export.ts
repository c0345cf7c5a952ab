import type { RegistrationGuestsTable } from '../db/schema.ts';
import type { Selectable } from 'kysely';
import { diffDays } from '../shared/dates.ts';
import { alloggiatiFile, partyTypes, type AlloggiatiGuest } from './alloggiati-record.ts';
import { DOCUMENT_CODES, birthOf, stateCode, type CodeTables } from './alloggiati-codes.ts';

/**
 * A day's arrivals as the Alloggiati Web file, or every reason it cannot be written yet: each
 * guest that blocks the file is named with the field at fault, so the host can fix them all at
 * once (a missing check-in, a missing field, a place or country without an official code). Pure.
 */

export type RegistrationGuest = Pick<
  Selectable<RegistrationGuestsTable>,
  | 'position'
  | 'first_name'
  | 'last_name'
  | 'sex'
  | 'birth_date'
  | 'birth_place'
  | 'nationality'
  | 'document_type'
  | 'document_number'
  | 'document_country'
  | 'documents_erased_at'
>;

export interface Arrival {
  booking_id: number;
  confirmation_code: string;
  checkin: string;
  checkout: string;
  /** adults + children: every guest the authorities must hear of (babies too are guests, but a
   * booking counts them apart; the check-in lists those it lists). */
  party: number;
  /** null: the booking has no check-in yet. */
  guests: readonly RegistrationGuest[] | null;
}

export interface BlockingGuest {
  booking_id: number;
  confirmation_code: string;
  /** The guest's place in the check-in (0: the lead guest); null: the booking as a whole. */
  guest: number | null;
  name: string | null;
  field: string | null;
  problem: string;
}

export type AlloggiatiResult = { ok: true; file: string; records: number } | { ok: false; blocking: BlockingGuest[] };

const PERSONAL = ['last_name', 'first_name', 'sex', 'birth_date', 'birth_place', 'nationality'] as const;
const DOCUMENT = ['document_type', 'document_number', 'document_country'] as const;

function guestRecord(
  tables: CodeTables,
  arrival: Arrival,
  guest: RegistrationGuest,
  type: AlloggiatiGuest['guestType'],
  block: (field: string | null, problem: string) => void,
): AlloggiatiGuest | null {
  const head = type === 16 || type === 17 || type === 18;
  const missing = [...PERSONAL, ...(head ? DOCUMENT : [])].filter((f) => (guest[f] ?? '') === '');
  for (const field of missing)
    block(
      field,
      guest.documents_erased_at !== null && (DOCUMENT as readonly string[]).includes(field)
        ? 'erased by the retention period; ask the guest again'
        : 'missing',
    );
  if (missing.length > 0 || guest.sex === null) return null;
  const birthDate = guest.birth_date ?? '';
  const nationality = guest.nationality ?? '';
  const citizenship = stateCode(tables, nationality);
  if (citizenship === null)
    block('nationality', `the country ${nationality} has no code in the imported table of states`);
  const birth = birthOf(tables, { birthPlace: guest.birth_place ?? '', birthDate, nationality });
  if (typeof birth === 'string') block('birth_place', birth);
  let document: AlloggiatiGuest['document'] = null;
  if (head && guest.document_type !== null) {
    const code = DOCUMENT_CODES[guest.document_type];
    const place = stateCode(tables, guest.document_country ?? '');
    if (!tables.documents.some((d) => d.code === code))
      block('document_type', `the document code ${code} is not in the imported table of documents`);
    if (place === null)
      block(
        'document_country',
        `the country ${guest.document_country ?? ''} has no code in the imported table of states`,
      );
    document = { type: code, number: guest.document_number ?? '', place: place ?? '' };
  }
  if (citizenship === null || typeof birth === 'string') return null;
  return {
    guestType: type,
    arrival: arrival.checkin,
    nights: diffDays(arrival.checkin, arrival.checkout),
    lastName: guest.last_name,
    firstName: guest.first_name,
    sex: guest.sex,
    birthDate,
    birthComune: birth.comune,
    birthState: birth.state,
    citizenship,
    document,
  };
}

/** The file of these arrivals (in the order given, each party's head first), or what blocks it. */
export function alloggiatiExport(tables: CodeTables, arrivals: readonly Arrival[]): AlloggiatiResult {
  const blocking: BlockingGuest[] = [];
  const records: AlloggiatiGuest[] = [];
  for (const arrival of arrivals) {
    const at = { booking_id: arrival.booking_id, confirmation_code: arrival.confirmation_code };
    if (arrival.guests === null || arrival.guests.length === 0) {
      blocking.push({ ...at, guest: null, name: null, field: null, problem: 'no online check-in yet' });
      continue;
    }
    // Guests stored beyond the party (a booking changed to fewer guests after its check-in) are
    // not arriving: neither reported nor blocking, as registrationState counts them.
    const guests = [...arrival.guests]
      .filter((g) => g.position < arrival.party)
      .sort((a, b) => a.position - b.position);
    if (guests.length < arrival.party)
      blocking.push({
        ...at,
        guest: null,
        name: null,
        field: 'guests',
        problem: `the check-in lists ${guests.length} of ${arrival.party} guests`,
      });
    const types = partyTypes(guests.length);
    guests.forEach((guest, i) => {
      const name = `${guest.first_name} ${guest.last_name}`.trim();
      const block = (field: string | null, problem: string) =>
        blocking.push({ ...at, guest: guest.position, name, field, problem });
      const record = guestRecord(tables, arrival, guest, types[i] ?? 19, block);
      if (record !== null) records.push(record);
    });
  }
  return blocking.length > 0
    ? { ok: false, blocking }
    : { ok: true, file: alloggiatiFile(records), records: records.length };
}

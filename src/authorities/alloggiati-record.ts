/**
 * One guest's record of the Alloggiati Web file (Italy's police registration of guests), in the
 * portal's fixed-width layout: 168 characters, every field padded with spaces on the right (or
 * cut) to its width, an empty field all spaces. Records are joined with CR LF, and the last one
 * ends without it, as the portal's upload expects. Pure: no I/O; the codes come from the tables
 * the host imported (alloggiati-places.ts).
 */

/** The fields in their order, with their 0-based start and width (docs/registrations.md#the-record). */
export const ALLOGGIATI_FIELDS = [
  { name: 'guest_type', start: 0, width: 2 },
  { name: 'arrival_date', start: 2, width: 10 },
  { name: 'days', start: 12, width: 2 },
  { name: 'last_name', start: 14, width: 50 },
  { name: 'first_name', start: 64, width: 30 },
  { name: 'sex', start: 94, width: 1 },
  { name: 'birth_date', start: 95, width: 10 },
  { name: 'birth_comune', start: 105, width: 9 },
  { name: 'birth_province', start: 114, width: 2 },
  { name: 'birth_state', start: 116, width: 9 },
  { name: 'citizenship', start: 125, width: 9 },
  { name: 'document_type', start: 134, width: 5 },
  { name: 'document_number', start: 139, width: 20 },
  { name: 'document_place', start: 159, width: 9 },
] as const;

export type AlloggiatiField = (typeof ALLOGGIATI_FIELDS)[number]['name'];

/** The portal refuses a stay of more days: a longer stay is reported with 30. */
export const MAX_DAYS = 30;

/** 16 single guest, 17 head of family, 18 head of group, 19 family member, 20 group member. */
export type GuestType = 16 | 17 | 18 | 19 | 20;

export interface AlloggiatiGuest {
  guestType: GuestType;
  /** YYYY-MM-DD */
  arrival: string;
  nights: number;
  lastName: string;
  firstName: string;
  sex: 'M' | 'F';
  /** YYYY-MM-DD */
  birthDate: string;
  /** Born in Italy: the comune's code and province; born abroad: null. */
  birthComune: { code: string; province: string } | null;
  /** The state of birth's code (Italy's for a guest born in Italy). */
  birthState: string;
  citizenship: string;
  /** The identity document: only a single guest or the head of a family or group shows one. */
  document: { type: string; number: string; place: string } | null;
}

/** `YYYY-MM-DD` → `DD/MM/YYYY`. */
export function italianDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day ?? ''}/${month ?? ''}/${year ?? ''}`;
}

const LETTERS: Readonly<Record<string, string>> = {
  ß: 'SS',
  Æ: 'AE',
  Œ: 'OE',
  Ø: 'O',
  Ł: 'L',
  Đ: 'D',
  Þ: 'TH',
  Ð: 'D',
};

/**
 * Text as the file carries it: upper case, plain ASCII (accents dropped, ß as SS), anything else
 * that is not a printable ASCII character a space, runs of spaces one.
 */
export function fileText(text: string): string {
  return text
    .toUpperCase()
    .replace(/[ßÆŒØŁĐÞÐ]/g, (c) => LETTERS[c] ?? ' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7E]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** A field's value at its width: cut, or padded with spaces on the right. */
function fit(value: string, width: number): string {
  return value.slice(0, width).padEnd(width, ' ');
}

/** One guest's 168-character record. */
export function alloggiatiRecord(guest: AlloggiatiGuest): string {
  const values: Record<AlloggiatiField, string> = {
    guest_type: String(guest.guestType),
    arrival_date: italianDate(guest.arrival),
    days: String(Math.min(Math.max(guest.nights, 1), MAX_DAYS)).padStart(2, '0'),
    last_name: fileText(guest.lastName),
    first_name: fileText(guest.firstName),
    sex: guest.sex === 'M' ? '1' : '2',
    birth_date: italianDate(guest.birthDate),
    birth_comune: guest.birthComune?.code ?? '',
    birth_province: guest.birthComune?.province ?? '',
    birth_state: guest.birthState,
    citizenship: guest.citizenship,
    document_type: guest.document?.type ?? '',
    document_number: fileText(guest.document?.number ?? '').replace(/ /g, ''),
    document_place: guest.document?.place ?? '',
  };
  return ALLOGGIATI_FIELDS.map((f) => fit(values[f.name], f.width)).join('');
}

/** The file: the records in order, CR LF between them and none after the last. */
export function alloggiatiFile(guests: readonly AlloggiatiGuest[]): string {
  return guests.map(alloggiatiRecord).join('\r\n');
}

/**
 * The guest types of one booking's party, lead guest first: one guest alone is a single guest
 * (16); several are reported as a family, the lead guest its head (17) and the others its
 * members (19), since a holiday home is let to one party and the check-in does not say how its
 * guests are related (docs/registrations.md).
 */
export function partyTypes(count: number): GuestType[] {
  if (count <= 1) return [16];
  return [17, ...Array.from({ length: count - 1 }, (): GuestType => 19)];
}

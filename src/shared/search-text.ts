/**
 * The folded text bookings are searched by (pure): lower case, without accents ("Müller" →
 * "muller", "Øre" → "ore", "Straße" → "strasse"), spaces collapsed. The same folding is applied to
 * what the host types, so a LIKE on `bookings.search_text` is case- and accent-insensitive on both
 * stores. Migration 0016 backfills existing bookings with an inlined copy of `bookingSearchText`.
 */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function foldText(s: string): string {
  // Printable ASCII (most names, every code and address) has no accent or letter to unfold.
  if (PRINTABLE_ASCII.test(s)) return s.toLowerCase().replace(/\s+/g, ' ').trim();
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[øØ]/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A booking's search column: code, full name in both orders, e-mail, phone as written and as
 * digits, between `|` so that no term matches across two fields.
 */
export function bookingSearchText(b: {
  confirmation_code: string;
  guest_first_name: string;
  guest_last_name: string;
  guest_email: string;
  guest_phone: string | null;
}): string {
  const first = b.guest_first_name;
  const last = b.guest_last_name;
  const phone = b.guest_phone ?? '';
  return [
    '',
    foldText(b.confirmation_code),
    foldText(`${first} ${last}`),
    foldText(`${last} ${first}`),
    foldText(b.guest_email),
    foldText(phone),
    phone.replace(/\D/g, ''),
    '',
  ].join('|');
}

/**
 * What a search matches, as LIKE patterns that must all be found in the search column: the
 * folded words of the query; a query written only with phone characters also as its digits
 * (so "+1 (555) 0100" finds "+15550100"). An empty query matches everything ([]).
 */
export function searchPatterns(query: string): string[] {
  const folded = foldText(query);
  if (folded === '') return [];
  const escape = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = folded.replace(/\D/g, '');
  if (/^[\d\s+()./-]+$/.test(folded) && digits.length >= 3) return [escape(digits)];
  return folded.split(' ').map(escape);
}

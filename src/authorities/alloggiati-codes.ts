import { countryCode } from '../shared/countries.ts';
import { GUEST_LANGUAGES } from '../shared/guest-language.ts';
import type { RegistrationDocumentType } from '../db/schema.ts';
import { nameKey, type CodeRow } from './alloggiati-tables.ts';

/**
 * From a check-in's words to the portal's codes, with the tables the host imported. Pure: the
 * tables come in as rows. Countries are ISO 3166-1 alpha-2 in a check-in and a name in the
 * portal's table of states, so a country is found by its Italian name, with the names the portal
 * spells its own way listed below.
 */

/** The portal's name of a state whose Italian name (as `Intl.DisplayNames` gives it) differs. */
const PORTAL_STATE_NAMES: Readonly<Record<string, string>> = {
  US: "STATI UNITI D'AMERICA",
  RU: 'FEDERAZIONE RUSSA',
  CZ: 'REPUBBLICA CECA',
  SK: 'REPUBBLICA SLOVACCA',
  VA: "STATO DELLA CITTA' DEL VATICANO",
  MM: 'MYANMAR-BIRMANIA',
  CD: 'REPUBBLICA DEMOCRATICA DEL CONGO',
  CG: 'CONGO',
  LK: 'SRI LANKA (CEYLON)',
  SZ: 'SWAZILAND',
  PS: 'PALESTINA',
  HK: 'HONG KONG',
  MO: 'MACAO',
  TL: 'TIMOR',
  PG: 'PAPUASIA-N.GUINEA',
  FM: 'MICRONESIA STATI FEDERALI',
  KN: 'S. CHRISTOPHER E NEVIS',
  BN: 'BRUNEI DARUSSALAM',
  VG: 'VERGINI BRITANNICHE (ISOLE)',
  VI: 'ISOLE VERGINI',
  FO: 'FAER OER',
  RE: 'LA REUNION',
  KY: 'CAYMAN (ISOLE)',
  FK: 'MALVINE',
  IM: 'MAN',
  AI: 'ANGUILLA (ISOLA)',
  MH: 'MARSHALL',
  PW: 'PALAU REPUBBLICA',
  SB: 'SALOMONE',
  WF: 'WALLIS',
  TC: 'TURKS',
  SH: 'SANT ELENA',
  PF: 'POLINESIA',
  CC: 'COCOS',
  CX: 'CHRISTMAS',
  NF: 'NORFOLK',
};

/** The portal's document code of each document type a check-in takes. */
export const DOCUMENT_CODES: Readonly<Record<RegistrationDocumentType, string>> = {
  passport: 'PASOR',
  id_card: 'IDENT',
  driving_licence: 'PATEN',
};

export const ITALY = 'IT';

let countryNames: Map<string, string> | null = null;
/** Every country's name in the guest page's five languages (and the portal's), as a name key → ISO code. */
function countriesByName(): Map<string, string> {
  if (countryNames !== null) return countryNames;
  const names = new Map<string, string>();
  const codes: string[] = [];
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = countryCode(String.fromCharCode(a, b));
      if (code !== null) codes.push(code);
    }
  for (const language of GUEST_LANGUAGES) {
    const display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    for (const code of codes) {
      const name = display.of(code);
      if (name !== undefined) names.set(nameKey(name), code);
    }
  }
  for (const [code, name] of Object.entries(PORTAL_STATE_NAMES)) names.set(nameKey(name), code);
  countryNames = names;
  return names;
}

/** The ISO code of a country named in any of the five languages (or as the portal does); null: none. */
export function countryNamed(text: string): string | null {
  return countriesByName().get(nameKey(text)) ?? null;
}

export interface CodeTables {
  comuni: readonly CodeRow[];
  states: readonly CodeRow[];
  documents: readonly CodeRow[];
}

/** A state's code from its ISO code, among the states still valid; null: not in the table. */
export function stateCode(tables: CodeTables, iso: string): string | null {
  const name = PORTAL_STATE_NAMES[iso] ?? new Intl.DisplayNames(['it'], { type: 'region', fallback: 'none' }).of(iso);
  if (name === undefined) return null;
  const key = nameKey(name);
  return tables.states.find((s) => s.name_key === key && s.valid_until === null)?.code ?? null;
}

export type Birth = { comune: { code: string; province: string } | null; state: string };

/**
 * Where a guest was born, from the free text of the check-in: an Italian comune (`Roma`, or
 * `Samone (TO)` where two comuni share a name) that existed on the birth date, the older one
 * first when a comune was re-founded; else a country named in it (`Berlin, Germany`: any part
 * between commas); else, for a guest who is not Italian, the state of their nationality. Returns
 * the reason as text when none fits.
 */
export function birthOf(
  tables: CodeTables,
  guest: { birthPlace: string; birthDate: string; nationality: string },
): Birth | string {
  const parts = guest.birthPlace
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const italy = stateCode(tables, ITALY);
  for (const part of parts) {
    const m = /^(.*?)\s*\(([A-Za-z]{2})\)$/.exec(part);
    const key = nameKey(m?.[1] ?? part);
    const province = m?.[2]?.toUpperCase();
    const candidates = tables.comuni
      .filter((c) => c.name_key === key && (province === undefined || c.province === province))
      .filter((c) => c.valid_until === null || c.valid_until >= guest.birthDate)
      .sort((a, b) => (a.valid_until ?? '9999').localeCompare(b.valid_until ?? '9999'));
    const [first, second] = candidates;
    if (first === undefined) continue;
    if (second !== undefined && second.valid_until === first.valid_until)
      return (
        `"${part}" names more than one comune: ` +
        `write it with its province, e.g. "${first.name} (${first.province ?? ''})"`
      );
    if (italy === null) return 'the table of states has no ITALIA';
    return { comune: { code: first.code, province: first.province ?? '' }, state: italy };
  }
  for (const part of [...parts].reverse()) {
    const iso = countryNamed(part);
    if (iso === null) continue;
    const state = stateCode(tables, iso);
    if (state === null) return `the country ${iso} has no code in the imported table of states`;
    if (iso === ITALY) return `"${guest.birthPlace}" names Italy but no comune of the imported table`;
    return { comune: null, state };
  }
  if (guest.nationality === ITALY)
    return `"${guest.birthPlace}" is neither a comune of the imported table nor a country`;
  const state = stateCode(tables, guest.nationality);
  if (state === null) return `the country ${guest.nationality} has no code in the imported table of states`;
  return { comune: null, state };
}

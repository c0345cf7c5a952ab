import type { AlloggiatiCodeKind } from '../db/schema.ts';

/**
 * Reading the code tables the host downloads from the Alloggiati Web portal (Tabelle): delimited
 * text (`.csv` or `.txt`; comma, semicolon or tab, found from the header line; fields may be
 * quoted), UTF-8 or Windows-1252, a header row naming at least `Codice` and `Descrizione`, and for
 * places `Provincia` and `DataFineVal` (the day a place ceased, `DD/MM/YYYY` with or without a
 * time). Which table a file is comes from its name (docs/registrations.md#the-code-tables). Pure.
 */

export interface CodeRow {
  kind: AlloggiatiCodeKind;
  code: string;
  name: string;
  name_key: string;
  province: string | null;
  valid_until: string | null;
}

export class TableFormatError extends Error {
  override readonly name = 'TableFormatError';
}

export type TableKind = 'places' | 'document' | 'guest_type';

/** The table a file holds, from its name; null: not one of the portal's tables. */
export function tableKindOf(fileName: string): TableKind | null {
  const name = fileName.toLowerCase();
  if (!/\.(csv|txt)$/.test(name)) return null;
  if (name.includes('document')) return 'document';
  if (/tip[oi][ _-]?alloggiat/.test(name)) return 'guest_type';
  if (/luogh|comun|stat/.test(name)) return 'places';
  return null;
}

/** A name as places are matched: upper case, no accents, punctuation and apostrophes as spaces. */
export function nameKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/** The bytes as text: UTF-8 when they are valid UTF-8, else Windows-1252; no byte order mark. */
export function decodeTable(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/** One line's fields: split on `separator`, a field in double quotes may hold it (`""` a quote). */
export function splitLine(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charAt(i);
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (c === separator) {
      fields.push(field.trim());
      field = '';
    } else field += c;
  }
  fields.push(field.trim());
  return fields;
}

/** `DD/MM/YYYY[ HH:MM:SS]` → `YYYY-MM-DD`; blank → null. */
function endDate(text: string, where: string): string | null {
  if (text === '') return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})(\s.*)?$/.exec(text);
  if (m === null) throw new TableFormatError(`${where}: DataFineVal "${text}" is not a date DD/MM/YYYY`);
  return `${m[3] ?? ''}-${m[2] ?? ''}-${m[1] ?? ''}`;
}

const CODE_SHAPES: Readonly<Record<AlloggiatiCodeKind, RegExp>> = {
  comune: /^\d{9}$/,
  state: /^\d{9}$/,
  document: /^[A-Z0-9]{5}$/,
  guest_type: /^\d{2}$/,
};

/**
 * The rows of one table file. Places whose province is `ES` (estero) are states, the others
 * comuni. A row that is not as the portal writes it stops the import with its file and line.
 */
export function parseTable(fileName: string, kind: TableKind, text: string): CodeRow[] {
  const lines = text.split(/\r?\n/);
  const headerAt = lines.findIndex((l) => l.trim() !== '');
  const header = lines[headerAt] ?? '';
  const separator = header.includes(';') ? ';' : header.includes('\t') ? '\t' : ',';
  const columns = splitLine(header, separator).map((c) => c.toLowerCase());
  const col = (name: string) => columns.indexOf(name);
  const [code, description, province, ended] = [
    col('codice'),
    col('descrizione'),
    col('provincia'),
    col('datafineval'),
  ];
  if (code < 0 || description < 0)
    throw new TableFormatError(`${fileName}: the first line must name the columns Codice and Descrizione`);
  if (kind === 'places' && province < 0)
    throw new TableFormatError(`${fileName}: a table of places must have a Provincia column`);
  const rows: CodeRow[] = [];
  lines.forEach((line, index) => {
    if (index <= headerAt || line.trim() === '') return;
    const where = `${fileName} line ${index + 1}`;
    const fields = splitLine(line, separator);
    const value = (at: number) => (at < 0 ? '' : (fields[at] ?? ''));
    const prov = value(province).toUpperCase();
    const rowKind: AlloggiatiCodeKind = kind === 'places' ? (prov === 'ES' ? 'state' : 'comune') : kind;
    const rowCode = value(code).toUpperCase();
    if (!CODE_SHAPES[rowKind].test(rowCode))
      throw new TableFormatError(`${where}: code "${value(code)}" is not a ${rowKind.replace('_', ' ')} code`);
    const name = value(description);
    if (name === '') throw new TableFormatError(`${where}: Descrizione is empty`);
    if (rowKind === 'comune' && !/^[A-Z]{2}$/.test(prov))
      throw new TableFormatError(`${where}: Provincia "${value(province)}" is not a two-letter province`);
    rows.push({
      kind: rowKind,
      code: rowCode,
      name,
      name_key: nameKey(name),
      province: rowKind === 'comune' ? prov : null,
      valid_until: kind === 'places' ? endDate(value(ended), where) : null,
    });
  });
  if (rows.length === 0) throw new TableFormatError(`${fileName}: no rows under the header`);
  return rows;
}

import { stringify } from 'csv-stringify/sync';

/**
 * The one CSV writer of the service (bookings, reports): RFC 4180 (commas, CRLF, fields quoted
 * when they hold a comma, a quote or a line break), UTF-8 with a byte order mark so spreadsheets
 * open accents right, and a header row. Written with csv-stringify.
 *
 * Formula guard: a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (and some a tab
 * or carriage return before one) as a formula, so a text cell that starts with one of them is
 * written with an apostrophe first (`'=HYPERLINK(...)`), which spreadsheets show as the text.
 * Numbers the service writes itself are not text: a JavaScript number, or a figure it formatted
 * (`csvNumber("-12.50")`, an amount or rate), is written as is, so a negative balance stays a
 * number a spreadsheet can sum. A "figure" that is not a plain decimal is guarded like text.
 */

/** A number the service formatted itself, e.g. an amount `-12.50` or a rate `0.7500`. */
export interface CsvNumber {
  readonly figure: string;
}

export type CsvCell = string | number | CsvNumber;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

export function csvNumber(figure: string): CsvNumber {
  return { figure };
}

/** Text typed by anyone, made safe to open in a spreadsheet. */
function guardCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cellText(cell: CsvCell): string | number {
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'string') return guardCell(cell);
  return PLAIN_DECIMAL.test(cell.figure) ? cell.figure : guardCell(cell.figure);
}

/** The file: the header row of `columns`, then one row per record, every text cell guarded. */
export function writeCsv(columns: readonly string[], records: readonly (readonly CsvCell[])[]): string {
  return stringify(
    records.map((record) => record.map(cellText)),
    { bom: true, header: true, columns: [...columns], record_delimiter: 'windows' },
  );
}

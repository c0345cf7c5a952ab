import { csvNumber, writeCsv } from '../shared/csv.ts';
import { currencyDecimals } from '../shared/money.ts';
import type { registerRowToJson } from './document-json.ts';

const COLUMNS = [
  'number',
  'kind',
  'purpose',
  'issued_on',
  'total_amount',
  'currency',
  'corrects',
  'confirmation_code',
  'recipient',
  'recipient_tax_id',
] as const;

/**
 * The register as CSV (docs/api.md#admin-documents): one row per document in the order issued,
 * amounts in major units with every decimal of their currency, by the service's one CSV writer.
 */
export function registerCsv(rows: readonly ReturnType<typeof registerRowToJson>[]): string {
  return writeCsv(
    COLUMNS,
    rows.map((r) => [
      r.number,
      r.kind,
      r.purpose,
      r.issued_on,
      csvNumber(r.total_amount.toFixed(currencyDecimals(r.currency) ?? 2)),
      r.currency,
      r.corrects ?? '',
      r.confirmation_code,
      r.recipient,
      r.recipient_tax_id ?? '',
    ]),
  );
}

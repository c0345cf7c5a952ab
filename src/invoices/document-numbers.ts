import { prepared } from '../db/prepared.ts';
import type { Executor } from '../db/store.ts';
import type { Invoicing } from '../settings/invoicing.ts';

/**
 * The series a document issued on `issuedOn` (a date in its home's zone) numbers from: the prefix,
 * and with yearly reset the year (`INV-2026-`); its numbers are the series and a counter,
 * `INV-2026-0001` (four digits with yearly reset, six without: `INV-000001`).
 */
export function seriesOf(invoicing: Invoicing, issuedOn: string): { series: string; digits: number } {
  return invoicing.yearly_reset
    ? { series: `${invoicing.prefix}${issuedOn.slice(0, 4)}-`, digits: 4 }
    : { series: invoicing.prefix, digits: 6 };
}

export function documentNumber(series: { series: string; digits: number }, counter: number): string {
  return `${series.series}${String(counter).padStart(series.digits, '0')}`;
}

/** takeNumbers' upsert, compiled once (db/prepared.ts): a new booking's follow-up runs it. */
const advanceSeries = prepared((db, series: string, count: number) =>
  db
    .insertInto('document_series')
    .values({ series, last_number: count })
    .onConflict((oc) =>
      oc.column('series').doUpdateSet((eb) => ({ last_number: eb('document_series.last_number', '+', count) })),
    )
    .returning('last_number'),
);

/**
 * The next `count` numbers of a series, in order, in the caller's transaction: one upsert of the
 * series row, which on PostgreSQL holds its lock until the transaction ends (so concurrent issuers
 * wait, and a rollback gives the numbers back: no gap, no repeat); the embedded store runs one
 * transaction at a time. Take it as the last lock of a transaction, so that issuers never wait on
 * each other in a cycle.
 */
export async function takeNumbers(
  trx: Executor,
  series: { series: string; digits: number },
  count: number,
): Promise<string[]> {
  const [row] = await advanceSeries(trx, series.series, count);
  if (row === undefined) throw new Error(`the series ${series.series} was not advanced`);
  return Array.from({ length: count }, (_, i) => documentNumber(series, row.last_number - count + 1 + i));
}

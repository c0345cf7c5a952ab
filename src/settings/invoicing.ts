import type { Executor } from '../db/store.ts';
import { storedObject } from '../shared/stored-json.ts';

/**
 * The host's invoice series (the `invoicing` setting, JSON): the prefix of every number and
 * whether numbering starts again each year (docs/money.md#invoices-and-credit-notes).
 */
export interface Invoicing {
  prefix: string;
  yearly_reset: boolean;
}

export const DEFAULT_INVOICING: Invoicing = { prefix: 'INV-', yearly_reset: true };

/** Letters, digits and `-_.`: a number is part of a document's address and its file name. */
export const INVOICE_PREFIX_PATTERN = '^[A-Za-z0-9._-]{0,20}$';

/** The stored setting, or the default for any part absent or damaged. */
export function invoicingOf(stored: string | null): Invoicing {
  const o = storedObject(stored);
  return {
    prefix:
      typeof o.prefix === 'string' && new RegExp(INVOICE_PREFIX_PATTERN).test(o.prefix)
        ? o.prefix
        : DEFAULT_INVOICING.prefix,
    yearly_reset: typeof o.yearly_reset === 'boolean' ? o.yearly_reset : DEFAULT_INVOICING.yearly_reset,
  };
}

export async function readInvoicing(db: Executor): Promise<Invoicing> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', 'invoicing').executeTakeFirst();
  return invoicingOf(row?.value ?? null);
}

import { requireAccommodation } from '../accommodations/manage-accommodations.ts';
import type { Executor } from '../db/store.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { diffDays } from '../shared/dates.ts';
import { alloggiatiExport, type AlloggiatiResult } from './alloggiati-export.ts';
import { loadCodeTables } from './import-alloggiati-tables.ts';
import { arrivalsOf, arrivingStays, isItalianHome } from './registration-queries.ts';
import { registrationsCsv } from './registrations-csv.ts';

/**
 * The files for the authorities (docs/registrations.md), as the admin API and the console's
 * Registrations page both give them: a day's Alloggiati Web file, or every guest that blocks it;
 * and the registrations CSV of a range of arrivals. Dates are checked real dates already.
 */

/** The longest range of arrivals one registrations CSV covers. */
const MAX_RANGE_DAYS = 366;

/**
 * The Alloggiati Web file of the guests arriving on `date` in the Italian homes (or in the one
 * given). A home that is not Italian is a 400 `not_in_italy`; no code tables a 409
 * `alloggiati_tables_missing`; guests who cannot be written come back as `{ok: false, blocking}`.
 */
export async function alloggiatiFileOf(db: Executor, date: string, only?: number): Promise<AlloggiatiResult> {
  if (only !== undefined && !isItalianHome(await requireAccommodation(db, only)))
    throw badRequest('not_in_italy', `Accommodation ${only} is not in Italy: its registration number is no CIN.`, {
      parameter: 'accommodation_id',
      expected: 'a home whose registration number is an Italian CIN (IT…)',
      received: only,
    });
  const tables = await loadCodeTables(db);
  if (tables === null)
    throw conflict(
      'alloggiati_tables_missing',
      'The Alloggiati Web code tables are not loaded: download them from the portal and run ' +
        '`staydesk alloggiati-tables import FOLDER`.',
    );
  const { stays, guests } = await arrivingStays(db, {
    from: date,
    to: date,
    ...(only === undefined ? {} : { accommodationId: only }),
  });
  return alloggiatiExport(tables, arrivalsOf(stays.filter(isItalianHome), guests));
}

/** The registrations CSV of the stays arriving from `from` through `to` (at most 366 days). */
export async function registrationsCsvOf(db: Executor, from: string, to: string): Promise<string> {
  if (to < from)
    throw badRequest('invalid_range', `"to" (${to}) must not be before "from" (${from}).`, {
      parameter: 'to',
      expected: 'date not before from',
      received: to,
    });
  if (diffDays(from, to) >= MAX_RANGE_DAYS)
    throw badRequest('range_too_long', `One file covers at most ${MAX_RANGE_DAYS} days of arrivals.`, {
      parameter: 'to',
      expected: `at most ${MAX_RANGE_DAYS - 1} days after from`,
      received: to,
    });
  const { stays, guests } = await arrivingStays(db, { from, to });
  return registrationsCsv(stays, guests);
}

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AlloggiatiCodeKind } from '../db/schema.ts';
import type { Db, Executor } from '../db/store.ts';
import { TableFormatError, decodeTable, parseTable, tableKindOf, type CodeRow } from './alloggiati-tables.ts';
import type { CodeTables } from './alloggiati-codes.ts';

/** Rows per insert: six values each, well under either store's limit of bound values. */
const BATCH = 500;

export type ImportCounts = Readonly<Record<AlloggiatiCodeKind, number>>;

/**
 * Reads the portal's tables from `folder` (each file recognised by its name, the others listed
 * as skipped), checks that places (comuni and states) and documents are all there, and replaces
 * the stored tables with them in one transaction: a failed import leaves the previous tables.
 */
export async function importAlloggiatiTables(
  db: Db,
  folder: string,
  progress: (line: string) => void,
): Promise<ImportCounts> {
  let names: string[];
  try {
    names = (await readdir(folder, { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  } catch (error) {
    throw new TableFormatError(`cannot read the folder ${folder}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  const rows = new Map<string, CodeRow>();
  for (const name of names.sort()) {
    const kind = tableKindOf(name);
    if (kind === null) {
      progress(`${name}: skipped (not a table of the portal by its name)`);
      continue;
    }
    const read = parseTable(name, kind, decodeTable(await readFile(path.join(folder, name))));
    for (const row of read) rows.set(`${row.kind} ${row.code}`, row);
    const byKind = countByKind(read);
    progress(
      `${name}: ${Object.entries(byKind)
        .filter(([, n]) => n > 0)
        .map(([k, n]) => `${n} ${k.replace('_', ' ')} codes`)
        .join(', ')}`,
    );
  }
  const all = [...rows.values()];
  const counts = countByKind(all);
  const absent = (['comune', 'state', 'document'] as const).filter((k) => counts[k] === 0);
  if (absent.length > 0)
    throw new TableFormatError(
      `${folder} has no ${absent.join(', ')} codes: put the portal's tables of places (comuni and states) ` +
        'and documents in it (file names with "comuni"/"stati"/"luoghi" and "documenti")',
    );
  if (counts.guest_type > 0)
    for (const code of ['16', '17', '18', '19', '20'])
      if (!rows.has(`guest_type ${code}`)) throw new TableFormatError(`the table of guest types has no code ${code}`);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('alloggiati_codes').execute();
    for (let i = 0; i < all.length; i += BATCH)
      await trx
        .insertInto('alloggiati_codes')
        .values(all.slice(i, i + BATCH))
        .execute();
  });
  return counts;
}

function countByKind(rows: readonly CodeRow[]): Record<AlloggiatiCodeKind, number> {
  const counts = { comune: 0, state: 0, document: 0, guest_type: 0 };
  for (const row of rows) counts[row.kind]++;
  return counts;
}

/** The stored tables; null when none were imported yet. */
export async function loadCodeTables(db: Executor): Promise<CodeTables | null> {
  const rows = await db
    .selectFrom('alloggiati_codes')
    .select(['kind', 'code', 'name', 'name_key', 'province', 'valid_until'])
    .where('kind', 'in', ['comune', 'state', 'document'])
    .execute();
  const of = (kind: AlloggiatiCodeKind) => rows.filter((r) => r.kind === kind);
  const tables = { comuni: of('comune'), states: of('state'), documents: of('document') };
  return tables.states.length === 0 || tables.documents.length === 0 ? null : tables;
}

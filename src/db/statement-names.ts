/**
 * Statements that run again and again become named prepared statements, which PostgreSQL
 * parses and plans once per connection instead of on every call. A data statement (select,
 * insert, update, delete) with parameters is named the second time its text is seen; the hot
 * queries of db/prepared.ts are named at once (db/shaped-statement.ts). Both maps are bounded, so the statements each
 * connection keeps stay few (Kysely produces one text per query shape).
 */
const MAX_NAMED = 300;
const MAX_TRACKED = 5000;
const statementNames = new Map<string, string>();
const seenOnce = new Set<string>();
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

export function nameStatement(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MAX_NAMED) {
    name = `staydesk_${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

export function statementName(text: string): string | undefined {
  const name = statementNames.get(text);
  if (name !== undefined || !DATA_STATEMENT.test(text)) return name;
  if (seenOnce.has(text)) return nameStatement(text);
  if (seenOnce.size >= MAX_TRACKED) seenOnce.clear();
  seenOnce.add(text);
  return undefined;
}

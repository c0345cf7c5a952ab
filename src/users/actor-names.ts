import type { Executor } from '../db/store.ts';
import { userNames } from './user-repository.ts';

/**
 * The console user a change's actor reference names: `console_user:<id>` in a booking's history,
 * `host:console_user:<id>` on a recorded payment; null for any other actor.
 */
export function consoleUserIdOf(ref: string | null): number | null {
  const match = /(?:^|:)console_user:([0-9]{1,12})$/.exec(ref ?? '');
  return match?.[1] === undefined ? null : Number(match[1]);
}

/** The names of the console users these references name, by reference (history names who made each change). */
export async function actorNames(db: Executor, refs: readonly (string | null)[]): Promise<Map<string, string>> {
  const ids = refs.flatMap((ref) => {
    const id = consoleUserIdOf(ref);
    return id === null || ref === null ? [] : [[ref, id] as const];
  });
  const names = await userNames(
    db,
    ids.map(([, id]) => id),
  );
  return new Map(ids.map(([ref, id]) => [ref, names.get(id) ?? `a removed user (#${id})`]));
}

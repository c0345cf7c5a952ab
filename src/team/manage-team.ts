import type { AppContext } from '../app-context.ts';
import type { ConsoleRole } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { countOwners, createConsoleUser, listTeam, setUserHomes, type TeamMember } from '../users/user-repository.ts';

/**
 * Adding and changing the console's users (owner only: the admin API's host keys and
 * the console's Settings for an owner). Each change commits whole or not at all.
 */

export interface TeamMemberInput {
  login: string;
  name: string;
  role: ConsoleRole;
  email?: string | null | undefined;
  accommodation_ids?: readonly number[] | undefined;
}

function userNotFound(id: number) {
  return notFound('user_not_found', `Console user ${id} not found.`, { parameter: 'id', received: id });
}

/** Homes are given to cleaners only; each must exist. */
async function checkHomes(db: Executor, role: ConsoleRole, ids: readonly number[] | undefined): Promise<void> {
  if (ids === undefined || ids.length === 0) return;
  if (role !== 'cleaner')
    throw badRequest('homes_for_cleaners', 'Only a cleaner is given homes: the other roles see every home.', {
      field: 'accommodation_ids',
      expected: "role 'cleaner'",
      received: role,
    });
  const found = await db
    .selectFrom('accommodations')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  const known = new Set(found.map((a) => a.id));
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined)
    throw notFound('accommodation_not_found', `Accommodation ${missing} not found.`, {
      field: 'accommodation_ids',
      received: missing,
    });
}

async function memberOrThrow(db: Executor, id: number): Promise<TeamMember> {
  const [member] = await listTeam(db, [id]);
  if (member === undefined) throw userNotFound(id);
  return member;
}

/** A new console user with a generated password, shown this once. */
export async function addTeamMember(
  ctx: AppContext,
  input: TeamMemberInput,
): Promise<TeamMember & { password: string }> {
  return ctx.db.transaction().execute(async (trx) => {
    await checkHomes(trx, input.role, input.accommodation_ids);
    const { id, password } = await createConsoleUser(
      trx,
      {
        login: input.login.trim(),
        name: input.name.trim() === '' ? input.login.trim() : input.name.trim(),
        role: input.role,
        email: input.email ?? null,
        accommodationIds: input.accommodation_ids ?? [],
      },
      ctx.now(),
    );
    return { ...(await memberOrThrow(trx, id)), password };
  });
}

/** Changes a user's name, role, e-mail or homes; the last owner keeps their role. */
export async function changeTeamMember(
  ctx: AppContext,
  id: number,
  input: Partial<Omit<TeamMemberInput, 'login'>>,
): Promise<TeamMember> {
  return ctx.db.transaction().execute(async (trx) => {
    const member = await memberOrThrow(trx, id);
    const role = input.role ?? member.role;
    if (member.role === 'owner' && role !== 'owner' && (await countOwners(trx)) <= 1)
      throw conflict('last_owner', 'The last owner keeps the owner role: make someone else owner first.', {
        field: 'role',
      });
    await checkHomes(trx, role, input.accommodation_ids);
    await trx
      .updateTable('users')
      .set({
        role,
        ...(input.name !== undefined && { display_name: input.name.trim() }),
        ...(input.email !== undefined && { email: input.email }),
      })
      .where('id', '=', id)
      .execute();
    // A role that is not a cleaner's sees every home: the homes given before go.
    if (input.accommodation_ids !== undefined || role !== 'cleaner')
      await setUserHomes(trx, id, role === 'cleaner' ? (input.accommodation_ids ?? member.accommodation_ids) : []);
    return memberOrThrow(trx, id);
  });
}

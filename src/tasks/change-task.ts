import type { Db } from '../db/store.ts';
import { lockRows } from '../db/row-locks.ts';
import { conflict, notFound } from '../http/errors.ts';
import { may } from '../users/permissions.ts';
import { findTask, taskView, type TaskView } from './task-repository.ts';

/** Who changes a task: a host key (the owner) or a signed-in console user. */
export type TaskActor = { kind: 'host' } | { kind: 'console'; userId: number; role: string };

export interface TaskChange {
  /** null: no one's. */
  assignee_id?: number | null | undefined;
  state?: 'open' | 'done' | undefined;
}

function taskNotFound(id: number) {
  return notFound('task_not_found', `Task ${id} not found.`, { parameter: 'id', received: id });
}

/**
 * Assigns a task or ticks it done (or open again). A cancelled task (its stay went) stays
 * cancelled; the assignee must be a console user whose role does tasks, and a cleaner must have
 * been given the task's home. A console user without `tasks.all` may change only a task assigned
 * to them in a home given to them (anything else is no task of theirs: 404); whether they may
 * assign is their route's permission (`tasks.assign`).
 */
export async function changeTask(
  db: Db,
  id: number,
  change: TaskChange,
  actor: TaskActor,
  now: Date,
): Promise<TaskView> {
  return db.transaction().execute(async (trx) => {
    const task = await lockRows(trx, trx.selectFrom('tasks').select('id').where('id', '=', id)).executeTakeFirst();
    const row = task === undefined ? undefined : await findTask(trx, id);
    if (row === undefined) throw taskNotFound(id);
    if (actor.kind === 'console' && !may(actor.role, 'tasks.all')) {
      const mine =
        row.assignee_id === actor.userId &&
        (await trx
          .selectFrom('user_homes')
          .select('user_id')
          .where('user_id', '=', actor.userId)
          .where('accommodation_id', '=', row.accommodation_id)
          .executeTakeFirst()) !== undefined;
      if (!mine) throw taskNotFound(id);
    }
    if (row.state === 'cancelled' && (change.state !== undefined || change.assignee_id !== undefined))
      throw conflict('task_cancelled', `Task ${id} was cancelled with its stay; it cannot change.`, {
        field: 'state',
      });
    if (change.assignee_id !== undefined && change.assignee_id !== null)
      await checkAssignee(trx, change.assignee_id, row.accommodation_id);
    await trx
      .updateTable('tasks')
      .set({
        ...(change.assignee_id !== undefined && { assignee_id: change.assignee_id }),
        ...(change.state !== undefined && { state: change.state }),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .execute();
    const changed = await findTask(trx, id);
    if (changed === undefined) throw taskNotFound(id);
    return taskView(changed);
  });
}

async function checkAssignee(db: Parameters<typeof findTask>[0], userId: number, accommodationId: number) {
  const user = await db.selectFrom('users').select(['id', 'role']).where('id', '=', userId).executeTakeFirst();
  const refuse = (why: string) => conflict('assignee_not_allowed', why, { field: 'assignee_id', received: userId });
  if (user === undefined || !may(user.role, 'tasks')) throw refuse(`User ${userId} is not someone who does tasks.`);
  if (user.role !== 'cleaner') return;
  const given = await db
    .selectFrom('user_homes')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('accommodation_id', '=', accommodationId)
    .executeTakeFirst();
  if (given === undefined) throw refuse(`User ${userId} is a cleaner not given this task's home.`);
}

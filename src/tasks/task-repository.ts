import type { Selectable } from 'kysely';
import type { Executor } from '../db/store.ts';
import type { TasksTable } from '../db/schema.ts';
import { isSameDay } from './turnover-plan.ts';

export type TaskRow = Selectable<TasksTable>;

/** A task as the admin API, the console and the feed show it. */
export interface TaskView {
  id: number;
  kind: 'turnover';
  accommodation_id: number;
  booking_id: number | null;
  imported_stay_id: number | null;
  departure_on: string;
  due_from: string;
  due_by: string;
  same_day: boolean;
  next_arrival_on: string | null;
  next_guest_count: number | null;
  assignee_id: number | null;
  state: TaskRow['state'];
  updated_at: string;
}

export function taskView(t: TaskRow): TaskView {
  return {
    id: t.id,
    kind: t.kind,
    accommodation_id: t.accommodation_id,
    booking_id: t.booking_id,
    imported_stay_id: t.external_reservation_id,
    departure_on: t.departure_on,
    due_from: t.due_from,
    due_by: t.due_by,
    same_day: isSameDay(t),
    next_arrival_on: t.next_arrival_on,
    next_guest_count: t.next_guest_count,
    assignee_id: t.assignee_id,
    state: t.state,
    updated_at: t.updated_at,
  };
}

export interface TaskFilter {
  /** Departures from `from` through `to`, both `YYYY-MM-DD` and included. */
  from: string;
  to: string;
  assigneeId?: number | undefined;
  /** Only these homes (a cleaner's). */
  accommodationIds?: readonly number[] | undefined;
  /** Leave out cancelled tasks (what a page shows). */
  live?: boolean;
}

/** Tasks whose departure falls in the range, soonest first. */
export async function listTasks(db: Executor, filter: TaskFilter): Promise<TaskView[]> {
  if (filter.accommodationIds?.length === 0) return [];
  let query = db
    .selectFrom('tasks')
    .selectAll()
    .where('departure_on', '>=', filter.from)
    .where('departure_on', '<=', filter.to)
    .orderBy('due_from')
    .orderBy('id');
  if (filter.assigneeId !== undefined) query = query.where('assignee_id', '=', filter.assigneeId);
  if (filter.accommodationIds !== undefined)
    query = query.where('accommodation_id', 'in', [...filter.accommodationIds]);
  if (filter.live === true) query = query.where('state', '<>', 'cancelled');
  return (await query.execute()).map(taskView);
}

export function findTask(db: Executor, id: number): Promise<TaskRow | undefined> {
  return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

import { sql, type Insertable } from 'kysely';
import type { TaskState, TasksTable } from '../db/schema.ts';
import { isPostgres } from '../db/dialect.ts';
import { runShaped, StatementValues } from '../db/shaped-statement.ts';
import type { Executor } from '../db/store.ts';

/** A new task, as inserted. */
export type NewTask = Insertable<TasksTable>;

/** A turnover task as a planning leaves it: its stay and kind stay as they were. */
export interface ChangedTurnover {
  id: number;
  accommodation_id: number;
  departure_on: string;
  due_from: string;
  due_by: string;
  next_arrival_on: string | null;
  next_guest_count: number | null;
  state: TaskState;
}

/**
 * Writes a planning's tasks: the changed ones in one statement of one text whatever their number
 * (the tasks as arrays of columns on PostgreSQL, as a JSON array on SQLite), then the new ones in
 * one insert. A calendar pull that moves the arrivals of a home's hundred stays changes a hundred
 * tasks; one `UPDATE` each made it a hundred round trips (docs/benchmarks.md, "Channel sync"). On
 * PostgreSQL, when there are both, the update is a data-modifying CTE of the insert: one round
 * trip for the two (the update changes existing tasks, the insert adds others, so neither needs to
 * see what the other wrote).
 */
export async function writeTurnoverTasks(
  db: Executor,
  changed: readonly ChangedTurnover[],
  added: readonly NewTask[],
  at: string,
): Promise<void> {
  if (isPostgres(db)) {
    if (added.length > 0) {
      // Compiled once per shape (db/shaped-statement.ts): a planning runs after each new booking.
      const values = new StatementValues();
      const rows = added.map((row) => values.row(row));
      if (changed.length === 0)
        await runShaped(db, 'turnover-tasks-insert', values, () => db.insertInto('tasks').values(rows));
      else {
        const update = updateOnPostgres(changed, at, values);
        await runShaped(db, 'turnover-tasks-write', values, () =>
          db
            // Kysely writes a raw CTE as it is: the parentheses are the statement's own.
            .with('changed', () => sql<{ id: number }>`(${update})`)
            .insertInto('tasks')
            .values(rows),
        );
      }
    } else if (changed.length > 0) await updateOnPostgres(changed, at).execute(db);
    return;
  }
  if (changed.length > 0)
    await sql`update tasks
      set accommodation_id = v.value ->> 'accommodation_id', departure_on = v.value ->> 'departure_on',
        due_from = v.value ->> 'due_from', due_by = v.value ->> 'due_by',
        next_arrival_on = v.value ->> 'next_arrival_on', next_guest_count = v.value ->> 'next_guest_count',
        state = v.value ->> 'state', updated_at = ${at}
      from json_each(${JSON.stringify(changed)}) as v
      where tasks.id = v.value ->> 'id'`.execute(db);
  if (added.length > 0) await db.insertInto('tasks').values(added).execute();
}

/** The update of changed tasks; given `values`, with their stand-ins (db/shaped-statement.ts). */
function updateOnPostgres(changed: readonly ChangedTurnover[], at: string, values?: StatementValues) {
  const column = <K extends keyof ChangedTurnover>(key: K): ChangedTurnover[K][] => {
    const list = changed.map((t) => t[key]);
    return values === undefined ? list : values.value(list);
  };
  return sql<{ id: number }>`update tasks as t
    set accommodation_id = v.accommodation_id, departure_on = v.departure_on, due_from = v.due_from,
      due_by = v.due_by, next_arrival_on = v.next_arrival_on, next_guest_count = v.next_guest_count,
      state = v.state, updated_at = ${values === undefined ? at : values.value(at)}
    from unnest(${column('id')}::integer[], ${column('accommodation_id')}::integer[],
      ${column('departure_on')}::date[], ${column('due_from')}::timestamptz[], ${column('due_by')}::timestamptz[],
      ${column('next_arrival_on')}::date[], ${column('next_guest_count')}::integer[], ${column('state')}::text[])
      as v(id, accommodation_id, departure_on, due_from, due_by, next_arrival_on, next_guest_count, state)
    where t.id = v.id
    returning t.id`;
}

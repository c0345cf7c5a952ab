import { sql } from 'kysely';
import type { TaskState } from '../db/schema.ts';
import { isPostgres } from '../db/dialect.ts';
import type { Executor } from '../db/store.ts';

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
 * Writes the changed turnover tasks of one planning in one statement of one text whatever their
 * number: the tasks as arrays of columns on PostgreSQL, as a JSON array on SQLite. A calendar
 * pull that moves the arrivals of a home's hundred stays changes a hundred tasks; one `UPDATE`
 * each made it a hundred round trips (docs/benchmarks.md, "Channel sync").
 */
export async function updateTurnoverTasks(
  db: Executor,
  changed: readonly ChangedTurnover[],
  at: string,
): Promise<void> {
  if (changed.length === 0) return;
  if (isPostgres(db)) {
    const column = <K extends keyof ChangedTurnover>(key: K): ChangedTurnover[K][] => changed.map((t) => t[key]);
    await sql`update tasks as t
      set accommodation_id = v.accommodation_id, departure_on = v.departure_on, due_from = v.due_from,
        due_by = v.due_by, next_arrival_on = v.next_arrival_on, next_guest_count = v.next_guest_count,
        state = v.state, updated_at = ${at}
      from unnest(${column('id')}::integer[], ${column('accommodation_id')}::integer[],
        ${column('departure_on')}::date[], ${column('due_from')}::timestamptz[], ${column('due_by')}::timestamptz[],
        ${column('next_arrival_on')}::date[], ${column('next_guest_count')}::integer[], ${column('state')}::text[])
        as v(id, accommodation_id, departure_on, due_from, due_by, next_arrival_on, next_guest_count, state)
      where t.id = v.id`.execute(db);
    return;
  }
  await sql`update tasks
    set accommodation_id = v.value ->> 'accommodation_id', departure_on = v.value ->> 'departure_on',
      due_from = v.value ->> 'due_from', due_by = v.value ->> 'due_by',
      next_arrival_on = v.value ->> 'next_arrival_on', next_guest_count = v.value ->> 'next_guest_count',
      state = v.value ->> 'state', updated_at = ${at}
    from json_each(${JSON.stringify(changed)}) as v
    where tasks.id = v.value ->> 'id'`.execute(db);
}

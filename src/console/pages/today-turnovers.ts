import type { AppContext } from '../../app-context.ts';
import type { Accommodation } from '../../db/schema.ts';
import { html, type Html } from '../../shared/html.ts';
import { listTasks } from '../../tasks/task-repository.ts';
import { may } from '../../users/permissions.ts';
import { userNames } from '../../users/user-repository.ts';
import type { ConsoleUser } from '../session-repository.ts';
import type { Formatter } from '../format.ts';
import { stackTable } from '../layout.ts';

/** Today's turnovers and who does them (for the roles that see tasks); nothing for the others. */
export async function todayTurnovers(
  ctx: AppContext,
  user: ConsoleUser,
  today: string,
  homes: readonly Pick<Accommodation, 'id' | 'name' | 'timezone'>[],
  f: Formatter,
): Promise<Html> {
  if (!may(user.role, 'tasks.all')) return html``;
  const tasks = await listTasks(ctx.db, { from: today, to: today, live: true });
  const names = await userNames(
    ctx.db,
    tasks.flatMap((t) => (t.assignee_id === null ? [] : [t.assignee_id])),
  );
  const home = new Map(homes.map((h) => [h.id, h]));
  const table = stackTable(['Home', 'Between', 'Who', 'State'], tasks, (t) => [
    html`${home.get(t.accommodation_id)?.name ?? `#${t.accommodation_id}`}${
      t.same_day ? html` <span class="badge status-draft">same day</span>` : ''
    }`,
    `${f.instant(t.due_from, home.get(t.accommodation_id)?.timezone)} – ` +
      f.instant(t.due_by, home.get(t.accommodation_id)?.timezone),
    t.assignee_id === null ? html`<span class="error">no one yet</span>` : (names.get(t.assignee_id) ?? ''),
    t.state,
  ]);
  return html`<h2>Turnovers today</h2>
${tasks.length === 0 ? html`<p class="muted">No turnovers today.</p>` : table}
<p><a href="/admin/tasks">All tasks of the coming days</a></p>`;
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppContext, FeatureRoutes } from '../../app-context.ts';
import { listAccommodations } from '../../accommodations/accommodation-repository.ts';
import { isAppError } from '../../http/errors.ts';
import { attributes, html, type Html } from '../../shared/html.ts';
import { changeTask, type TaskChange } from '../../tasks/change-task.ts';
import { earliestToday } from '../../tasks/task-day.ts';
import { taskRange } from '../../tasks/task-range.ts';
import { listTasks, type TaskView } from '../../tasks/task-repository.ts';
import { newTasksFeedToken, tasksFeedUrl } from '../../team/feed-tokens.ts';
import { may } from '../../users/permissions.ts';
import { listTeam, userHomes, type TeamMember } from '../../users/user-repository.ts';
import { PAGES, pageUrl } from '../console-pages.ts';
import { fmt, seeOther, sendPage, session } from '../console-request.ts';
import { IdParams, notices, sessionRoute, Text } from '../console-schemas.ts';
import type { Formatter } from '../format.ts';
import { csrfField, notice } from '../layout.ts';
import { redirectWith } from '../flash.ts';
import { toId } from '../../http/ids.ts';
import { secretBox } from './settings-parts.ts';

/**
 * /admin/tasks: the turnovers due from today through 7 days ahead (or `?from&to`), each a card
 * a cleaner reads on a phone: the home, when (from checkout to the next check-in), whether it is a
 * same-day turnover, how many come next, who does it; a button to tick it done, and for those
 * who may, a choice of who does it. A cleaner sees only the tasks given to them in their homes.
 */

const NOTICES = notices({
  done: 'The task is ticked done.',
  reopened: 'The task is open again.',
  assigned: 'The task is assigned.',
});

const DateText = Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }));
const TasksQuery = Type.Object({ from: DateText, to: DateText, done: NOTICES.query });
const AssignForm = Type.Object({ assignee_id: Text(12) });

function when(task: TaskView, f: Formatter, zone: string): Html {
  return html`<p><span class="muted">From</span> ${f.instant(task.due_from, zone)}
<span class="muted">to</span> ${f.instant(task.due_by, zone)}</p>`;
}

interface Card {
  task: TaskView;
  home: string;
  zone: string;
  assignee: string;
}

function taskCard(card: Card, f: Formatter, csrf: string, team: readonly TeamMember[] | null): Html {
  const { task } = card;
  const next =
    task.next_arrival_on === null
      ? 'No arrival known yet'
      : `Next guests arrive ${f.date(task.next_arrival_on)}` +
        (task.next_guest_count === null ? '' : ` · ${task.next_guest_count} guest(s)`);
  const tick =
    task.state === 'open'
      ? html`<form method="post" action="/admin/tasks/${task.id}/done">${csrfField(csrf)}
<button type="submit">Done: ${card.home}</button></form>`
      : task.state === 'done'
        ? html`<form method="post" action="/admin/tasks/${task.id}/reopen">${csrfField(csrf)}
<button type="submit" class="secondary">Not done yet: ${card.home}</button></form>`
        : '';
  const choices =
    team === null
      ? ''
      : html`<form method="post" action="/admin/tasks/${task.id}/assign" class="row">${csrfField(csrf)}
<div class="field"><label for="assign-${task.id}">Who does it</label>
<select id="assign-${task.id}" name="assignee_id"><option value="">No one yet</option>${team.map(
          (u) =>
            html`<option${attributes({ value: String(u.id), selected: u.id === task.assignee_id })}>${u.name}</option>`,
        )}</select></div>
<button type="submit" class="secondary">Assign</button></form>`;
  const state = task.state === 'done' ? html` <span class="badge status-confirmed">done</span>` : '';
  return html`<li class="task${task.state === 'done' ? ' done' : ''}">
<h3>${card.home}${task.same_day ? html` <span class="badge status-draft">same day</span>` : ''}${state}</h3>
${when(task, f, card.zone)}
<p>${next}</p>
<p><span class="muted">Who:</span> ${card.assignee}</p>
${task.state === 'cancelled' ? '' : html`${tick}${task.state === 'open' ? choices : ''}`}
</li>`;
}

async function tasksPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  query: Static<typeof TasksQuery>,
): Promise<FastifyReply> {
  const f = fmt(request);
  const { user, csrf } = session(request);
  const all = may(user.role, 'tasks.all');
  let range: { from: string; to: string };
  try {
    range = taskRange(query, await earliestToday(ctx.db, ctx.now()));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return sendPage(
      request,
      reply,
      'Tasks',
      'tasks',
      html`<div class="error" role="alert">${error.message}</div>`,
      400,
    );
  }
  const [tasks, homes, team] = await Promise.all([
    all
      ? listTasks(ctx.db, { ...range, live: true })
      : listTasks(ctx.db, {
          ...range,
          live: true,
          assigneeId: user.userId,
          accommodationIds: await userHomes(ctx.db, user.userId),
        }),
    listAccommodations(ctx.db),
    listTeam(ctx.db),
  ]);
  const homeOf = new Map(homes.map((h) => [h.id, h]));
  const nameOf = new Map(team.map((u) => [u.id, u.name]));
  const doers = team.filter((u) => may(u.role, 'tasks'));
  const assignable = (task: TaskView) =>
    may(user.role, 'tasks.assign')
      ? doers.filter((u) => u.role !== 'cleaner' || u.accommodation_ids.includes(task.accommodation_id))
      : null;
  const byDay = new Map<string, TaskView[]>();
  for (const task of tasks) byDay.set(task.departure_on, [...(byDay.get(task.departure_on) ?? []), task]);
  const days = [...byDay.entries()].map(
    ([day, list]) => html`<section aria-labelledby="day-${day}"><h2 id="day-${day}">${f.date(day)}</h2>
<ul class="tasks">${list.map((task) => {
      const home = homeOf.get(task.accommodation_id);
      const card = {
        task,
        home: home?.name ?? `Home ${task.accommodation_id}`,
        zone: home?.timezone ?? 'UTC',
        assignee: task.assignee_id === null ? 'no one yet' : (nameOf.get(task.assignee_id) ?? 'someone removed'),
      };
      return taskCard(card, f, csrf, assignable(task));
    })}</ul></section>`,
  );
  const secret = request.consoleFlash?.secret;
  const body = html`${notice(NOTICES.text(query.done))}
${secret === undefined ? '' : secretBox(secret)}
<p class="muted">Turnovers after each departure from ${f.date(range.from)} through ${f.date(range.to)}${
    all ? '' : ', given to you'
  }.</p>
<form method="get" action="/admin/tasks" class="row">
<div class="field"><label for="f-from">From</label><input id="f-from" name="from" type="date" value="${range.from}"></div>
<div class="field"><label for="f-to">To</label><input id="f-to" name="to" type="date" value="${range.to}"></div>
<button type="submit" class="secondary">Show</button></form>
${tasks.length === 0 ? html`<p>No tasks in these days.</p>` : days}
<h2>Your tasks in your calendar</h2>
<p>A private address your phone's calendar can subscribe to: it lists the tasks given to you.
Making a new one stops the old one.</p>
<form method="post" action="/admin/tasks/feed">${csrfField(csrf)}
<button type="submit" class="secondary">Make my calendar address</button></form>`;
  return sendPage(request, reply, 'Tasks', 'tasks', body);
}

export const tasksPages: FeatureRoutes = async (app, { ctx }) => {
  app.get(PAGES.tasks.path, sessionRoute('tasks', { querystring: TasksQuery }), (request, reply) =>
    tasksPage(ctx, request, reply, request.query),
  );

  const change = async (request: FastifyRequest, id: string, what: TaskChange) => {
    const { user } = session(request);
    await changeTask(ctx.db, toId(id), what, { kind: 'console', userId: user.userId, role: user.role }, ctx.now());
  };
  app.post('/tasks/:id/done', sessionRoute('tasks', { params: IdParams }), async (request, reply) => {
    await change(request, request.params.id, { state: 'done' });
    return seeOther(reply, `${pageUrl('tasks')}?done=done`);
  });
  app.post('/tasks/:id/reopen', sessionRoute('tasks', { params: IdParams }), async (request, reply) => {
    await change(request, request.params.id, { state: 'open' });
    return seeOther(reply, `${pageUrl('tasks')}?done=reopened`);
  });
  app.post(
    '/tasks/:id/assign',
    sessionRoute('tasks.assign', { params: IdParams, body: AssignForm }),
    async (request, reply) => {
      const raw = (request.body.assignee_id ?? '').trim();
      await change(request, request.params.id, { assignee_id: /^[0-9]{1,9}$/.test(raw) ? Number(raw) : null });
      return seeOther(reply, `${pageUrl('tasks')}?done=assigned`);
    },
  );
  app.post('/tasks/feed', sessionRoute('tasks', {}), async (request, reply) => {
    const token = await newTasksFeedToken(ctx.db, session(request).user.userId);
    const value = tasksFeedUrl(ctx.config.publicBaseUrl, ctx.config.slug, token);
    return redirectWith(
      request,
      reply,
      pageUrl('tasks'),
      { secret: { label: 'Your tasks calendar address', value } },
      ctx.config.publicBaseUrl,
    );
  });
};

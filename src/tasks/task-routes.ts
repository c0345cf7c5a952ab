import { Type } from 'typebox';
import type { FeatureRoutes } from '../app-context.ts';
import { adminRoute, IdParams, toId } from '../http/admin-params.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { changeTask } from './change-task.ts';
import { earliestToday } from './task-day.ts';
import { taskRange } from './task-range.ts';
import { listTasks } from './task-repository.ts';
import { TaskChangeBody, TaskQuery, TaskSchema } from './task-schemas.ts';

/** Turnover tasks in the admin API: list by departure date, assign, tick done. Host keys act as the owner. */
export const taskRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/tasks',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Turnover tasks whose departure falls from `from` (default today) through `to` (default 7 days later)',
        querystring: TaskQuery,
        response: { 200: Envelope(Type.Array(TaskSchema)), ...commonErrorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const range = taskRange(q, await earliestToday(ctx.db, ctx.now()));
      const tasks = await listTasks(ctx.db, {
        ...range,
        assigneeId: q.assignee_id === undefined ? undefined : toId(q.assignee_id),
      });
      return ok(tasks, requestMetadata(request.id));
    },
  );

  app.patch(
    '/tasks/:id',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Assign a task (`assignee_id`, null for no one) or tick it done (`state`)',
        params: IdParams,
        body: TaskChangeBody,
        response: { 200: Envelope(TaskSchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const task = await changeTask(ctx.db, toId(request.params.id), request.body, { kind: 'host' }, ctx.now());
      return ok(task, requestMetadata(request.id));
    },
  );
};

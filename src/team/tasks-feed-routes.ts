import { Type } from 'typebox';
import type { FeatureRoutes } from '../app-context.ts';
import { listAccommodations } from '../accommodations/accommodation-repository.ts';
import { ErrorEnvelopeSchema } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { addDays } from '../shared/dates.ts';
import { earliestToday } from '../tasks/task-day.ts';
import { listTasks } from '../tasks/task-repository.ts';
import { userHomes } from '../users/user-repository.ts';
import { may } from '../users/permissions.ts';
import { findFeedUser } from './feed-tokens.ts';
import { tasksCalendar } from './tasks-calendar.ts';

/** How far a tasks feed reaches: from yesterday through this many days ahead. */
const FEED_DAYS_AHEAD = 60;

/**
 * GET /<slug>/tasks/<token>.ics: the tasks assigned to one console user, for their own calendar
 * app (the token in the URL is the credential; the Tasks page makes it). A cleaner's feed holds
 * only tasks in the homes given to them; cancelled tasks leave the feed.
 */
export const tasksFeedRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/:file',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['ical'],
        summary: "A console user's turnover tasks as iCalendar (the token in the URL is the credential)",
        params: Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_-]{43}\\.ics$' }) }),
        response: {
          200: { description: 'The calendar', content: { 'text/calendar': { schema: Type.String() } } },
          400: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const token = request.params.file.slice(0, -'.ics'.length);
      const user = await findFeedUser(ctx.db, token);
      if (user === undefined || !may(user.role, 'tasks'))
        throw notFound('calendar_not_found', 'No calendar at this address.');
      const now = ctx.now();
      const from = addDays(await earliestToday(ctx.db, now), -1);
      const tasks = await listTasks(ctx.db, {
        from,
        to: addDays(from, FEED_DAYS_AHEAD + 1),
        assigneeId: user.id,
        live: true,
        ...(may(user.role, 'tasks.all') ? {} : { accommodationIds: await userHomes(ctx.db, user.id) }),
      });
      const homes = new Map((await listAccommodations(ctx.db)).map((a) => [a.id, a.name]));
      const host = new URL(ctx.config.publicBaseUrl).hostname;
      return reply
        .header('cache-control', 'private, max-age=300')
        .type('text/calendar; charset=utf-8')
        .send(tasksCalendar(tasks, homes, { name: `Tasks of ${user.display_name}`, stamp: now, host }));
    },
  );
};

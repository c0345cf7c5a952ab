import type { FeatureRoutes } from '../app-context.ts';
import { adminRoute, IdParams, toId } from '../http/admin-params.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { Type } from 'typebox';
import { listTeam } from '../users/user-repository.ts';
import { addTeamMember, changeTeamMember } from './manage-team.ts';
import { ChangeUserBody, CreateUserBody, NewTeamMemberSchema, TeamMemberSchema } from './team-schemas.ts';

/** The console's users: list, add (the password shown once), change. Host keys act as the owner. */
export const teamRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/users',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: "The console's users and their roles (never a password)",
        response: { 200: Envelope(Type.Array(TeamMemberSchema)), ...commonErrorResponses },
      },
    },
    async (request) => ok(await listTeam(ctx.db), requestMetadata(request.id)),
  );

  app.post(
    '/users',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Add a console user with a role; the answer shows their generated password once',
        body: CreateUserBody,
        response: { 201: Envelope(NewTeamMemberSchema), ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const created = await addTeamMember(ctx, request.body);
      return reply.code(201).send(ok(created, requestMetadata(request.id)));
    },
  );

  app.patch(
    '/users/:id',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: "Change a console user's name, role, e-mail or homes",
        params: IdParams,
        body: ChangeUserBody,
        response: { 200: Envelope(TeamMemberSchema), ...commonErrorResponses },
      },
    },
    async (request) =>
      ok(await changeTeamMember(ctx, toId(request.params.id), request.body), requestMetadata(request.id)),
  );
};

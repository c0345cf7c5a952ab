import { Type } from 'typebox';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { adminRoute, IdParams, NullableString, page, PageQueryFields, toId } from '../http/admin-params.ts';
import { findOutboxMessage, listOutbox } from './outbox-queries.ts';

/** `test`: a test booking's mail, kept to be read and never sent. */
const Status = Type.Union([
  Type.Literal('pending'),
  Type.Literal('sent'),
  Type.Literal('failed'),
  Type.Literal('test'),
]);

const outboxFields = {
  id: Type.Integer(),
  kind: Type.String(),
  template: Type.String(),
  booking_id: Type.Union([Type.Integer(), Type.Null()]),
  recipient: Type.String(),
  subject: Type.String(),
  status: Status,
  attempts: Type.Integer(),
  next_attempt_at: Type.String(),
  last_error: NullableString,
  created_at: Type.String(),
  sent_at: NullableString,
};
const OutboxEntrySchema = Type.Object(outboxFields);
const OutboxMessageSchema = Type.Object({ ...outboxFields, body_text: Type.String(), body_html: Type.String() });

/** Outbound messages and their delivery state. */
export const outboxRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/outbox',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Outbound messages, newest first, without their bodies',
        querystring: Type.Object(
          { status: Type.Optional(Status), ...PageQueryFields },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(Type.Array(OutboxEntrySchema)), ...commonErrorResponses },
      },
    },
    async (request) => {
      const { status } = request.query;
      const rows = await listOutbox(ctx.db, { ...(status === undefined ? {} : { status }), ...page(request.query) });
      return ok(rows, requestMetadata(request.id));
    },
  );

  app.get(
    '/outbox/:id',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'One outbound message with its bodies',
        params: IdParams,
        response: { 200: Envelope(OutboxMessageSchema), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = toId(request.params.id);
      const message = await findOutboxMessage(ctx.db, id);
      if (message === undefined)
        throw notFound('message_not_found', `No outbound message with id ${id}.`, {
          parameter: 'id',
          expected: 'id of an outbox message',
          received: id,
        });
      return ok(message, requestMetadata(request.id));
    },
  );
};

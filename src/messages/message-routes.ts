import { Type } from 'typebox';
import { adminRoute, DeletedSchema, IdParams, toId } from '../http/admin-params.ts';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import type { RoutesWith } from '../http/types.ts';
import {
  bookingMessages,
  createRule,
  createTemplate,
  editRule,
  editTemplate,
  getRule,
  getTemplate,
  previewTemplate,
  removeRule,
  removeTemplate,
  sendNow,
  skipMessage,
  type MessageContext,
} from './manage-messages.ts';
import { listRules, listTemplates, ruleJson, type MessageTemplate } from './message-repository.ts';
import {
  MessageParams,
  PreviewBody,
  PreviewSchema,
  RuleBody,
  RulePatchBody,
  RuleSchema,
  ScheduledMessageSchema,
  TemplateBody,
  TemplatePatchBody,
  TemplateSchema,
  type ScheduledMessageJson,
  type TemplateJson,
} from './message-schemas.ts';

/** Guest messages in the admin API (docs/api.md#guest-messages): templates, rules, a booking's messages. */

const json = ({ texts: _, ...t }: MessageTemplate): TemplateJson => t;

const route = <S extends object>(summary: string, extra: S) => ({
  config: { auth: 'admin' as const },
  schema: { ...adminRoute, summary, ...extra },
});

export const messageRoutes: RoutesWith<MessageContext> = async (app, { ctx }) => {
  const respond = { response: { 200: Envelope(TemplateSchema), ...commonErrorResponses } };
  app.get(
    '/message-templates',
    route('Guest message templates', {
      response: { 200: Envelope(Type.Array(TemplateSchema)), ...commonErrorResponses },
    }),
    async (request) => ok((await listTemplates(ctx.db)).map(json), requestMetadata(request.id)),
  );
  app.post(
    '/message-templates',
    route('Create a guest message template (checked: languages, variables)', {
      body: TemplateBody,
      response: { 201: Envelope(TemplateSchema), ...commonErrorResponses },
    }),
    async (request, reply) =>
      reply.code(201).send(ok(json(await createTemplate(ctx, request.body)), requestMetadata(request.id))),
  );
  app.get(
    '/message-templates/:id',
    route('A guest message template', { params: IdParams, ...respond }),
    async (request) => ok(json(await getTemplate(ctx, toId(request.params.id))), requestMetadata(request.id)),
  );
  app.patch(
    '/message-templates/:id',
    route('Change a guest message template', { params: IdParams, body: TemplatePatchBody, ...respond }),
    async (request) =>
      ok(json(await editTemplate(ctx, toId(request.params.id), request.body)), requestMetadata(request.id)),
  );
  app.delete(
    '/message-templates/:id',
    route('Delete a guest message template no rule sends', {
      params: IdParams,
      response: { 200: Envelope(DeletedSchema), ...commonErrorResponses },
    }),
    async (request) => {
      const id = toId(request.params.id);
      await removeTemplate(ctx, id);
      return ok({ deleted: true as const, id }, requestMetadata(request.id));
    },
  );
  app.post(
    '/message-templates/:id/preview',
    route("A guest message template rendered with a booking's values", {
      params: IdParams,
      body: PreviewBody,
      response: { 200: Envelope(PreviewSchema), ...commonErrorResponses },
    }),
    async (request) =>
      ok(await previewTemplate(ctx, toId(request.params.id), request.body), requestMetadata(request.id)),
  );

  const ruleResponse = { response: { 200: Envelope(RuleSchema), ...commonErrorResponses } };
  app.get(
    '/message-rules',
    route('Guest message rules', { response: { 200: Envelope(Type.Array(RuleSchema)), ...commonErrorResponses } }),
    async (request) => ok((await listRules(ctx.db)).map(ruleJson), requestMetadata(request.id)),
  );
  app.post(
    '/message-rules',
    route('Create a guest message rule: its messages are scheduled for bookings whose time is still to come', {
      body: RuleBody,
      response: { 201: Envelope(RuleSchema), ...commonErrorResponses },
    }),
    async (request, reply) =>
      reply.code(201).send(ok(ruleJson(await createRule(ctx, request.body)), requestMetadata(request.id))),
  );
  app.get('/message-rules/:id', route('A guest message rule', { params: IdParams, ...ruleResponse }), async (request) =>
    ok(ruleJson(await getRule(ctx, toId(request.params.id))), requestMetadata(request.id)),
  );
  app.patch(
    '/message-rules/:id',
    route('Change, pause or resume a guest message rule (for sends still to come)', {
      params: IdParams,
      body: RulePatchBody,
      ...ruleResponse,
    }),
    async (request) =>
      ok(ruleJson(await editRule(ctx, toId(request.params.id), request.body)), requestMetadata(request.id)),
  );
  app.delete(
    '/message-rules/:id',
    route('Delete a guest message rule that has sent nothing, with its messages', {
      params: IdParams,
      response: { 200: Envelope(DeletedSchema), ...commonErrorResponses },
    }),
    async (request) => {
      const id = toId(request.params.id);
      await removeRule(ctx, id);
      return ok({ deleted: true as const, id }, requestMetadata(request.id));
    },
  );

  const messagesResponse = { response: { 200: Envelope(Type.Array(ScheduledMessageSchema)), ...commonErrorResponses } };
  app.get(
    '/bookings/:id/messages',
    route("A booking's guest messages: scheduled, sent, skipped and failed", { params: IdParams, ...messagesResponse }),
    async (request) => ok(await bookingMessages(ctx, toId(request.params.id)), requestMetadata(request.id)),
  );
  const one = async (bookingId: number, messageId: number): Promise<ScheduledMessageJson> => {
    const all = await bookingMessages(ctx, bookingId);
    const found = all.find((m) => m.id === messageId);
    if (found === undefined) throw new Error(`message ${messageId} vanished`);
    return found;
  };
  const singleResponse = { response: { 200: Envelope(ScheduledMessageSchema), ...commonErrorResponses } };
  app.post(
    '/bookings/:id/messages/:mid/send-now',
    route('Send a guest message now (one not sent yet)', { params: MessageParams, ...singleResponse }),
    async (request) => {
      const [id, mid] = [toId(request.params.id), toId(request.params.mid)];
      await sendNow(ctx, id, mid);
      return ok(await one(id, mid), requestMetadata(request.id));
    },
  );
  app.post(
    '/bookings/:id/messages/:mid/skip',
    route('Skip a scheduled guest message: it is never sent', { params: MessageParams, ...singleResponse }),
    async (request) => {
      const [id, mid] = [toId(request.params.id), toId(request.params.mid)];
      await skipMessage(ctx, id, mid);
      return ok(await one(id, mid), requestMetadata(request.id));
    },
  );
};

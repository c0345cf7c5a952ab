import type { FastifyRequest } from 'fastify';
import { ErrorEnvelopeSchema } from '../http/envelope.ts';
import { forbidden } from '../http/errors.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { applyBookingWebhook, type Delivery } from './apply-booking-webhook.ts';
import { syncCalendarWebhook } from './sync-calendar-webhook.ts';
import { SIGNATURE_HEADER } from './signature.ts';
import { readJsonBodiesRaw } from '../http/strict-json.ts';
import { lenientBody } from '../http/lenient-body.ts';
import { deliveryKey, verifyServiceWebhook } from './verify-service-webhook.ts';
import {
  CalendarSyncBodySchema,
  CalendarSyncResultSchema,
  UpdateBodySchema,
  UpdateErrorSchema,
  UpdateResultSchema,
  WebhookTestSchema,
} from './webhook-schemas.ts';
import { webhookSignaturesEnabled } from './webhook-secret.ts';

const signed = { tags: ['webhooks'], security: [{ serviceSignature: [] }] };
const errors = { 401: ErrorEnvelopeSchema, 413: ErrorEnvelopeSchema, 500: ErrorEnvelopeSchema };

/** signed service webhooks under /<slug>/webhook (docs/api.md#webhooks). */
export const webhookRoutes: FeatureRoutes = async (app, { ctx }) => {
  // The key identifying a delivery is the hash of its exact bytes, taken while they are at hand.
  const deliveries = new WeakMap<FastifyRequest, Delivery>();
  // After the signature has been checked over the bytes: null optional fields mean absent.
  app.addHook('preValidation', lenientBody);
  readJsonBodiesRaw(app, async (request, raw) => {
    try {
      const verified = await verifyServiceWebhook(ctx.db, raw, request.headers[SIGNATURE_HEADER], ctx.now(), {
        allowMissingTimestamp: ctx.config.webhookAllowMissingTimestamp,
      });
      deliveries.set(request, {
        key: deliveryKey(raw),
        retentionMs: verified.retentionMs,
        signed: verified.signed,
        apiKeyId: verified.apiKeyId,
      });
      return verified.body;
    } catch (error) {
      ctx.metrics.webhooksReceived.labels('service', 'rejected').inc();
      throw error;
    }
  });

  app.post(
    '/update',
    {
      // Callers read `updated` on every answer, refusals (401, 400) included.
      config: { auth: 'signature', errorBody: { updated: false } },
      schema: {
        ...signed,
        summary: 'Modify or cancel a booking',
        description:
          'booking_updated and modified apply new_data (dates and guests are checked like a new stay and re-priced) ' +
          'and answer new_status "modified", and leave the booking modified, also when new_data changed nothing ' +
          '(a confirmed booking then becomes modified with nothing else changed; ' +
          'one already modified answers updated false). ' +
          'Null optional fields are absent. ' +
          'A draft awaiting card payment is not modified: its payment is for the quoted total, ' +
          'so the answer is a 409 booking_not_confirmed with new_status "draft". ' +
          'cancelled frees the nights. The guest is mailed. ' +
          'With signatures on, the body must carry a timestamp within 5 minutes of now. ' +
          'The same bytes delivered again while remembered ' +
          '(15 minutes; 24 hours for bodies without a checked timestamp) ' +
          'change nothing and get the first answer, refusals included.',
        body: UpdateBodySchema,
        response: {
          200: UpdateResultSchema,
          400: UpdateErrorSchema,
          404: UpdateErrorSchema,
          409: UpdateErrorSchema,
          ...errors,
          401: UpdateErrorSchema,
          413: UpdateErrorSchema,
        },
      },
    },
    async (request) => {
      const delivery = deliveries.get(request);
      if (delivery === undefined) throw new Error('webhook body was not read by the raw parser');
      return applyBookingWebhook(ctx, request.body, delivery);
    },
  );

  app.post(
    '/calendar_sync',
    {
      config: { auth: 'signature' },
      schema: {
        ...signed,
        summary: "Synchronise one accommodation's calendar now",
        description:
          'Pulls every external calendar of the accommodation before answering what changed per feed. ' +
          'Only the global webhook secret may sign it: ' +
          "a body signed with an API key's own secret is a 403 secret_scope and pulls nothing. " +
          'With signatures on, the body must carry a timestamp within 5 minutes of now. ' +
          'With a webhook secret set, the same bytes delivered again while remembered ' +
          '(15 minutes; 24 hours under WEBHOOK_ALLOW_MISSING_TIMESTAMP for bodies without a timestamp) ' +
          "pull nothing and get the first answer, an unknown accommodation's 404 included; " +
          'a fresh timestamp is a new delivery. ' +
          'Without a secret every call pulls.',
        body: CalendarSyncBodySchema,
        response: {
          200: CalendarSyncResultSchema,
          400: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
          404: ErrorEnvelopeSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const delivery = deliveries.get(request);
      if (delivery === undefined) throw new Error('webhook body was not read by the raw parser');
      // A key's own secret reaches that key's bookings only; calendars (and their feeds' errors) are the host's.
      if (delivery.apiKeyId !== null) {
        ctx.metrics.webhooksReceived.labels('service', 'rejected').inc();
        throw forbidden(
          'secret_scope',
          'calendar_sync must be signed with the global webhook secret: ' +
            "an API key's own secret signs /webhook/update for its bookings only.",
          { parameter: 'X-Service-Signature', expected: 'signature made with the global webhook secret' },
        );
      }
      const { result, pulled } = await syncCalendarWebhook(ctx, request.body.accommodation_id, delivery);
      if (pulled) {
        for (const r of result.results.filter((x) => x.outcome === 'failed'))
          request.log.warn({ feed_id: r.feed_id, feed: r.feed, error: r.error }, 'external calendar pull failed');
      }
      return result;
    },
  );

  app.get(
    '/test',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['webhooks'],
        summary: 'Webhook endpoint reachability (no authentication)',
        response: { 200: WebhookTestSchema, 500: ErrorEnvelopeSchema },
      },
    },
    async () => {
      const enabled = await webhookSignaturesEnabled(ctx.db);
      return {
        success: true as const,
        status: 'ok' as const,
        message: enabled
          ? 'Staydesk webhook endpoint is reachable. ' +
            'Signatures are ON: sign each body with X-Service-Signature: sha256=<hex HMAC-SHA256>.'
          : 'Staydesk webhook endpoint is reachable. ' +
            'Signatures are OFF: no webhook secret is configured and unsigned calls are accepted.',
        signatures_enabled: enabled,
        signature_header: 'X-Service-Signature',
        timestamp: ctx.now().toISOString(),
      };
    },
  );
};

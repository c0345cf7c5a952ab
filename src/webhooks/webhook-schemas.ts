import { Type, type Static } from 'typebox';
import { BOOKING_STATUSES } from '../db/schema.ts';
import { ErrorBodySchema, MetadataSchema } from '../http/envelope.ts';
import { IdInteger } from '../http/ids.ts';

/** Wire shapes of the service webhooks (docs/api.md#webhooks). */

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Timestamp = Type.String({
  description:
    'ISO 8601 (without a zone it is UTC); with signatures on it is required, ' +
    'and more than 5 minutes from now is refused as a possible replay',
});

export const UpdateBodySchema = Type.Object(
  {
    event_type: Type.Enum(['booking_updated', 'modified', 'cancelled']),
    booking_id: IdInteger,
    new_data: Type.Optional(
      Type.Object(
        {
          checkin_date: Type.Optional(Day),
          checkout_date: Type.Optional(Day),
          guest_count: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 1000, description: 'adults + children; babies are not counted' }),
          ),
          notes: Type.Optional(Type.String({ maxLength: 5000 })),
        },
        { additionalProperties: false },
      ),
    ),
    reason: Type.Optional(Type.String({ maxLength: 1000 })),
    timestamp: Type.Optional(Timestamp),
  },
  // Unknown top-level fields are ignored, as in v1 bodies (docs/api.md#input); new_data stays closed.
  { description: 'Unknown top-level fields are ignored.' },
);
export type UpdateBody = Static<typeof UpdateBodySchema>;

const Status = Type.Enum(BOOKING_STATUSES);

export const UpdateResultSchema = Type.Object({
  success: Type.Literal(true),
  updated: Type.Boolean({
    description: 'false when this call changed nothing (already cancelled, nothing new, or a repeated delivery)',
  }),
  message: Type.String(),
  booking_id: Type.Integer(),
  new_status: Status,
});
export type UpdateResult = Static<typeof UpdateResultSchema>;

/**
 * The error envelope with `updated: false`, plus the webhook's own fields where the booking is known
 * (404, 409, 400 on new_data).
 */
export const UpdateErrorSchema = Type.Object({
  success: Type.Literal(false),
  updated: Type.Optional(Type.Literal(false)),
  message: Type.Optional(Type.String()),
  booking_id: Type.Optional(Type.Integer()),
  new_status: Type.Optional(Type.Union([Status, Type.Null()])),
  error: ErrorBodySchema,
  metadata: MetadataSchema,
});

export const CalendarSyncBodySchema = Type.Object(
  {
    accommodation_id: IdInteger,
    action: Type.Optional(Type.Literal('sync')),
    timestamp: Type.Optional(Timestamp),
  },
  { description: 'Unknown top-level fields are ignored.' },
);

export const CalendarSyncResultSchema = Type.Object({
  success: Type.Literal(true),
  accommodation_id: Type.Integer(),
  action: Type.Literal('sync'),
  message: Type.String(),
  feeds: Type.Integer({ description: 'external calendars configured for the accommodation' }),
  imported: Type.Integer({ description: 'stays added or changed by this run, over all feeds' }),
  details: Type.Array(Type.String()),
  results: Type.Array(
    Type.Object({
      feed_id: Type.Integer(),
      feed: Type.String(),
      outcome: Type.Union([
        Type.Literal('updated'),
        Type.Literal('not_modified'),
        Type.Literal('held'),
        Type.Literal('failed'),
      ]),
      added: Type.Integer(),
      changed: Type.Integer(),
      removed: Type.Integer(),
      error: Type.Union([Type.String(), Type.Null()]),
    }),
    { description: 'what the pull of each feed changed; a failed pull changed nothing' },
  ),
});
export type CalendarSyncResult = Static<typeof CalendarSyncResultSchema>;

export const WebhookTestSchema = Type.Object({
  success: Type.Literal(true),
  status: Type.Literal('ok'),
  message: Type.String(),
  signatures_enabled: Type.Boolean(),
  signature_header: Type.String(),
  timestamp: Type.String({ format: 'date-time' }),
});

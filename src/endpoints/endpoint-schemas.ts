import { Type } from 'typebox';
import { EVENT_TYPES } from '../events/event-types.ts';

const Nullable = Type.Union([Type.String(), Type.Null()]);

const EventTypes = Type.Array(Type.Union(EVENT_TYPES.map((t) => Type.Literal(t))), {
  minItems: 1,
  maxItems: EVENT_TYPES.length,
  uniqueItems: true,
  description:
    `event types sent to the endpoint; default every booking event (${EVENT_TYPES.slice(0, -1).join(', ')}); ` +
    'calendar.changed only when listed',
});

export const NewEndpointBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2000, description: 'public http(s) URL that receives the events' }),
    events: Type.Optional(EventTypes),
  },
  { additionalProperties: false },
);

export const AdminNewEndpointBody = Type.Object(
  {
    ...NewEndpointBody.properties,
    api_key_id: Type.Integer({ minimum: 1, description: 'the API key whose events the endpoint receives' }),
  },
  { additionalProperties: false },
);

export const EndpointSchema = Type.Object({
  id: Type.Integer(),
  api_key_id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  status: Type.Union([Type.Literal('active'), Type.Literal('paused'), Type.Literal('disabled')]),
  failing_since: Nullable,
  previous_secret_until: Type.Union([Type.String(), Type.Null()], {
    description: 'after a rotation: until when the previous secret still signs beside the new one',
  }),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const NewEndpointSchema = Type.Object({
  ...EndpointSchema.properties,
  secret: Type.String({ description: 'whsec_ + base64: the signing secret, shown this once' }),
});

export const DeliverySchema = Type.Object({
  id: Type.Integer(),
  event_id: Type.String(),
  type: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  next_attempt_at: Type.String(),
  last_status: Type.Union([Type.Integer(), Type.Null()]),
  last_response: Type.Union([Type.String(), Type.Null()], { description: 'the start of the last answer body' }),
  last_error: Nullable,
  created_at: Type.String(),
  delivered_at: Nullable,
});

export const EventSchema = Type.Object({
  id: Type.String({ description: 'evt_<n>: also the webhook-id header of its deliveries' }),
  type: Type.String(),
  timestamp: Type.String(),
  livemode: Type.Boolean({ description: "false for a test key's events (docs/partners.md#test-mode)" }),
  data: Type.Unknown({ description: "the booking as this key's GET /bookings/:id shows it" }),
});

/** The most events one page of the catch-up feed holds. */
export const MAX_CATCH_UP = 500;

export const EventsQuery = Type.Object(
  {
    after: Type.Optional(
      Type.String({ maxLength: 40, description: 'an event id (next_cursor of the previous page); absent: oldest' }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_CATCH_UP, default: 100, description: 'events per page, 1–500' }),
    ),
  },
  { additionalProperties: false },
);

export const EventsPage = Type.Object({
  events: Type.Array(EventSchema),
  next_cursor: Type.Union([Type.String(), Type.Null()], {
    description: 'pass as `after` to read on; the same cursor again when there was nothing new',
  }),
});

export const EndpointIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,10}$' }) });
export const DeliveryParams = Type.Object({
  id: Type.String({ pattern: '^[0-9]{1,10}$' }),
  delivery_id: Type.String({ pattern: '^[0-9]{1,10}$' }),
});

/** The answer to "send a test event": the sample event's id (its webhook-id) and its delivery. */
export const TestEventSent = Type.Object({
  event_id: Type.String({ description: 'evt_<n>: the webhook-id of the test delivery' }),
  delivery_id: Type.Integer({ description: "the delivery, in the endpoint's delivery log" }),
});

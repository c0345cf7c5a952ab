import { Type, type Static } from 'typebox';
import { IdInteger, IdString } from '../http/ids.ts';
import { PAYMENT_STATES } from '../pricing/payment-summary.ts';
import { GUEST_LANGUAGES } from '../shared/guest-language.ts';
import { MESSAGE_EVENTS } from './message-schedule.ts';

/** Guest messages in the admin API (docs/api.md#guest-messages, docs/messages.md). */

const Texts = (what: string, maxLength: number) =>
  Type.Record(Type.String(), Type.String({ minLength: 1, maxLength }), {
    description:
      `${what} per language (${GUEST_LANGUAGES.join(', ')}): {"en": "..."}; ` + 'the same languages as the other part',
    minProperties: 1,
  });

export const TemplateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    subject: Texts('the subject', 500),
    body: Texts('the text, with {{ variables }}', 20_000),
  },
  { additionalProperties: false },
);
export type TemplateInput = Static<typeof TemplateBody>;

export const TemplatePatchBody = Type.Partial(TemplateBody, { additionalProperties: false });

export const TemplateSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  subject: Type.Record(Type.String(), Type.String()),
  body: Type.Record(Type.String(), Type.String()),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type TemplateJson = Static<typeof TemplateSchema>;

export const PreviewBody = Type.Object(
  {
    booking_id: IdInteger,
    language: Type.Optional(Type.Enum(GUEST_LANGUAGES, { description: 'default: as the message would be sent' })),
  },
  { additionalProperties: false },
);

export const PreviewSchema = Type.Object({
  language: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.String(),
});

const TIME = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

const Trigger = Type.Object(
  {
    event: Type.Enum(MESSAGE_EVENTS),
    offset_days: Type.Integer({
      minimum: 0,
      maximum: 365,
      description: 'days from the event: before it for before_*, balance_due; after it for the others',
    }),
    at: Type.Union([Type.String({ pattern: TIME }), Type.Null()], {
      description:
        "HH:MM in the home's time zone; null: at the event's instant (booking_confirmed, booking_cancelled) or 10:00",
    }),
  },
  { additionalProperties: false },
);

const Conditions = Type.Object(
  {
    accommodation_ids: Type.Array(IdInteger, { maxItems: 1000, description: 'empty: every home' }),
    sources: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      maxItems: 100,
      description: "bookings' sources; empty: every source",
    }),
    min_nights: Type.Union([Type.Integer({ minimum: 1, maximum: 3650 }), Type.Null()]),
    payment_states: Type.Array(Type.Enum(PAYMENT_STATES), {
      maxItems: 4,
      description: 'checked when the message is due (else skipped `payment_state`); empty: any',
    }),
  },
  { additionalProperties: false },
);

export const RuleBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    template_id: IdInteger,
    trigger: Trigger,
    conditions: Type.Optional(Conditions),
    active: Type.Optional(Type.Boolean({ description: 'default true; false: paused' })),
  },
  { additionalProperties: false },
);
export type RuleInput = Static<typeof RuleBody>;

export const RulePatchBody = Type.Partial(RuleBody, { additionalProperties: false });
export type RulePatch = Static<typeof RulePatchBody>;

export const RuleSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  template_id: Type.Integer(),
  trigger: Trigger,
  conditions: Conditions,
  active: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type RuleJson = Static<typeof RuleSchema>;

export const ScheduledMessageSchema = Type.Object({
  id: Type.Integer(),
  rule_id: Type.Integer(),
  rule_name: Type.String(),
  send_at: Type.String({ format: 'date-time' }),
  state: Type.Enum(['scheduled', 'sent', 'skipped', 'failed'] as const),
  reason: Type.Union([Type.String(), Type.Null()], {
    description: 'why it was skipped or failed (docs/messages.md#what-happens-on-each-change); null otherwise',
  }),
  sent_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ScheduledMessageJson = Static<typeof ScheduledMessageSchema>;

export const MessageParams = Type.Object({ id: IdString, mid: IdString });

import type { Config } from '../config/config.ts';
import { lockRows } from '../db/row-locks.ts';
import type { Db, Executor } from '../db/store.ts';
import { inUnit } from '../db/unit-of-work.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { readHostIdentity } from '../settings/host-identity.ts';
import { guestLanguageOf, type GuestLanguage } from '../shared/guest-language.ts';
import { applyRule } from './keep-messages-true.ts';
import { messageValues, readMessageBookings } from './message-facts.ts';
import {
  deleteRuleIfUnsent,
  deleteTemplate,
  findRule,
  findTemplate,
  insertRule,
  insertTemplate,
  listBookingMessages,
  templateUsed,
  updateRule,
  updateTemplate,
  type MessageRule,
  type MessageTemplate,
  type RuleFields,
} from './message-repository.ts';
import type { RuleInput, RulePatch, ScheduledMessageJson, TemplateInput } from './message-schemas.ts';
import { sendOne } from './send-messages.ts';
import {
  checkMessageText,
  messageLanguage,
  renderMessage,
  type MessageTexts,
  type RenderedMessage,
} from './message-text.ts';

/** The use cases of guest messages: templates, rules, a booking's messages (docs/messages.md). */

/** What they need of the app: the store and the clock. */
export interface MessageContext {
  readonly db: Db;
  /** Where the guest's page is (`{{guest_page_url}}`). */
  readonly config: Pick<Config, 'publicBaseUrl'>;
  now(): Date;
}

const noTemplate = (id: number) =>
  notFound('template_not_found', `Message template ${id} not found.`, { parameter: 'id', received: id });
const noRule = (id: number) =>
  notFound('rule_not_found', `Message rule ${id} not found.`, { parameter: 'id', received: id });

/** A template's texts, checked: offered languages, the same in subject and body, valid Liquid with known variables. */
async function checkedTexts(subject: Record<string, string>, body: Record<string, string>): Promise<MessageTexts> {
  const texts: MessageTexts = { subject: {}, body: {} };
  for (const [part, given] of [
    ['subject', subject],
    ['body', body],
  ] as const) {
    for (const [tag, text] of Object.entries(given)) {
      const language = guestLanguageOf(tag);
      if (language !== tag)
        throw badRequest('unknown_language', `${part}.${tag}: not an offered language.`, {
          parameter: `${part}.${tag}`,
          expected: 'en, de, fr, es or it',
          received: tag,
        });
      await checkMessageText(text, `${part}.${tag}`);
      texts[part][language] = text;
    }
  }
  const languages = (o: Record<string, string>) => Object.keys(o).sort().join(',');
  if (languages(subject) !== languages(body))
    throw badRequest('unknown_language', 'subject and body must have the same languages.', {
      parameter: 'body',
      expected: languages(subject),
      received: languages(body),
    });
  return texts;
}

function nonBlank(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '')
    throw badRequest('blank', 'name must not be blank.', {
      parameter: 'name',
      expected: 'non-blank string',
      received: name,
    });
  return trimmed;
}

export async function createTemplate(ctx: MessageContext, input: TemplateInput): Promise<MessageTemplate> {
  const texts = await checkedTexts(input.subject, input.body);
  return insertTemplate(ctx.db, { name: nonBlank(input.name), texts }, ctx.now().toISOString());
}

export async function editTemplate(
  ctx: MessageContext,
  id: number,
  input: Partial<TemplateInput>,
): Promise<MessageTemplate> {
  const current = await findTemplate(ctx.db, id);
  if (current === undefined) throw noTemplate(id);
  const texts = await checkedTexts(input.subject ?? current.subject, input.body ?? current.body);
  const name = input.name === undefined ? current.name : nonBlank(input.name);
  const updated = await updateTemplate(ctx.db, id, { name, texts }, ctx.now().toISOString());
  return updated ?? noTemplateThrown(id);
}

function noTemplateThrown(id: number): never {
  throw noTemplate(id);
}

export async function getTemplate(ctx: MessageContext, id: number): Promise<MessageTemplate> {
  return (await findTemplate(ctx.db, id)) ?? noTemplateThrown(id);
}

export async function removeTemplate(ctx: MessageContext, id: number): Promise<void> {
  await inUnit(ctx.db, ctx.now(), async ({ trx }) => {
    if ((await findTemplate(trx, id)) === undefined) throw noTemplate(id);
    if (await templateUsed(trx, id))
      throw conflict('template_in_use', `Message template ${id} is sent by a rule: delete or change the rule first.`, {
        parameter: 'id',
        received: id,
      });
    await deleteTemplate(trx, id);
  });
}

/** A template rendered with a booking's values, in the language it would be sent in unless one is asked for. */
export async function previewTemplate(
  ctx: MessageContext,
  id: number,
  input: { booking_id: number; language?: GuestLanguage },
): Promise<RenderedMessage> {
  return previewTexts(ctx, (await getTemplate(ctx, id)).texts, input);
}

/** Texts not saved yet (the console's form), checked as a save would and rendered with a booking's values. */
export async function previewTexts(
  ctx: MessageContext,
  given: MessageTexts,
  input: { booking_id: number; language?: GuestLanguage },
): Promise<RenderedMessage> {
  const template = { texts: await checkedTexts(given.subject, given.body) };
  const [booking] = await readMessageBookings(ctx.db, [input.booking_id]);
  if (booking === undefined || booking.mode !== 'live')
    throw notFound('booking_not_found', `Booking ${input.booking_id} not found.`, {
      parameter: 'booking_id',
      received: input.booking_id,
    });
  const language =
    input.language !== undefined && template.texts.body[input.language] !== undefined
      ? input.language
      : messageLanguage(template.texts, input.language ?? booking.language, booking.accommodation_language);
  const host = await readHostIdentity(ctx.db);
  return renderMessage(template.texts, language, messageValues(booking, host, language, ctx.config));
}

function ruleFields(input: RuleInput): RuleFields {
  return {
    name: nonBlank(input.name),
    template_id: input.template_id,
    event: input.trigger.event,
    offset_days: input.trigger.offset_days,
    at: input.trigger.at,
    conditions: input.conditions ?? { accommodation_ids: [], sources: [], min_nights: null, payment_states: [] },
    active: input.active ?? true,
  };
}

/** A rule made: its messages are scheduled for the bookings whose time is still to come. */
export async function createRule(ctx: MessageContext, input: RuleInput): Promise<MessageRule> {
  return inUnit(ctx.db, ctx.now(), async ({ trx, now }) => {
    if ((await findTemplate(trx, input.template_id)) === undefined)
      throw notFound('template_not_found', `Message template ${input.template_id} not found.`, {
        parameter: 'template_id',
        received: input.template_id,
      });
    const rule = await insertRule(trx, ruleFields(input), now.toISOString());
    await applyRule(trx, rule, now);
    return rule;
  });
}

/** A rule changed (or paused, or resumed): its messages still to come follow it. */
export async function editRule(ctx: MessageContext, id: number, patch: RulePatch): Promise<MessageRule> {
  return inUnit(ctx.db, ctx.now(), async ({ trx, now }) => {
    const current = await lockRows(
      trx,
      trx.selectFrom('message_rules').select('id').where('id', '=', id),
    ).executeTakeFirst();
    const rule = current === undefined ? undefined : await findRule(trx, id);
    if (rule === undefined) throw noRule(id);
    if (patch.template_id !== undefined && (await findTemplate(trx, patch.template_id)) === undefined)
      throw notFound('template_not_found', `Message template ${patch.template_id} not found.`, {
        parameter: 'template_id',
        received: patch.template_id,
      });
    const fields = ruleFields({
      name: patch.name ?? rule.name,
      template_id: patch.template_id ?? rule.template_id,
      trigger: patch.trigger ?? { event: rule.event, offset_days: rule.offset_days, at: rule.at },
      conditions: patch.conditions ?? rule.conditions,
      active: patch.active ?? rule.state === 'active',
    });
    const updated = await updateRule(trx, id, fields, now.toISOString());
    await applyRule(trx, updated, now);
    return updated;
  });
}

export async function getRule(ctx: MessageContext, id: number): Promise<MessageRule> {
  const rule = await findRule(ctx.db, id);
  if (rule === undefined) throw noRule(id);
  return rule;
}

export async function removeRule(ctx: MessageContext, id: number): Promise<void> {
  await inUnit(ctx.db, ctx.now(), async ({ trx }) => {
    if ((await findRule(trx, id)) === undefined) throw noRule(id);
    if (!(await deleteRuleIfUnsent(trx, id)))
      throw conflict('rule_in_use', `Message rule ${id} has sent messages: pause it instead.`, {
        parameter: 'id',
        received: id,
      });
  });
}

async function bookingMustExist(ctx: MessageContext, bookingId: number): Promise<void> {
  const row = await ctx.db
    .selectFrom('bookings')
    .select('id')
    .where('id', '=', bookingId)
    .where('mode', '=', 'live')
    .executeTakeFirst();
  if (row === undefined)
    throw notFound('booking_not_found', `Booking ${bookingId} not found.`, { parameter: 'id', received: bookingId });
}

export async function bookingMessages(ctx: MessageContext, bookingId: number): Promise<ScheduledMessageJson[]> {
  await bookingMustExist(ctx, bookingId);
  return listBookingMessages(ctx.db, bookingId);
}

/** One of a booking's messages, locked, or the 404 that names what is missing. */
async function onLockedMessage<T>(
  ctx: MessageContext,
  bookingId: number,
  messageId: number,
  work: (trx: Executor, state: string, now: Date) => Promise<T>,
): Promise<T> {
  await bookingMustExist(ctx, bookingId);
  return inUnit(ctx.db, ctx.now(), async ({ trx, now }) => {
    const row = await lockRows(
      trx,
      trx
        .selectFrom('scheduled_messages')
        .select(['id', 'state'])
        .where('id', '=', messageId)
        .where('booking_id', '=', bookingId),
    ).executeTakeFirst();
    if (row === undefined)
      throw notFound('scheduled_message_not_found', `Booking ${bookingId} has no message ${messageId}.`, {
        parameter: 'mid',
        received: messageId,
      });
    return work(trx, row.state, now);
  });
}

/** The host sends a message now (scheduled, skipped or failed; never one already sent). */
export async function sendNow(ctx: MessageContext, bookingId: number, messageId: number): Promise<void> {
  await onLockedMessage(ctx, bookingId, messageId, async (trx, state, now) => {
    if (state === 'sent')
      throw conflict('message_not_scheduled', `Message ${messageId} was sent already.`, {
        parameter: 'mid',
        received: messageId,
      });
    const row = await trx
      .selectFrom('scheduled_messages')
      .select(['id', 'rule_id', 'booking_id'])
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    const outcome = await sendOne(trx, row, now, { byHost: true, config: ctx.config });
    if (outcome === 'skipped')
      throw conflict('guest_without_email', `Booking ${bookingId}'s guest has no e-mail address.`, {
        parameter: 'id',
        received: bookingId,
      });
  });
}

/** The host skips a scheduled message: it is never sent, whatever the booking does next. */
export async function skipMessage(ctx: MessageContext, bookingId: number, messageId: number): Promise<void> {
  await onLockedMessage(ctx, bookingId, messageId, async (trx, state, now) => {
    if (state !== 'scheduled')
      throw conflict('message_not_scheduled', `Message ${messageId} is ${state}, not scheduled.`, {
        parameter: 'mid',
        received: messageId,
      });
    await trx
      .updateTable('scheduled_messages')
      .set({ state: 'skipped', reason: 'skipped_by_host', updated_at: now.toISOString() })
      .where('id', '=', messageId)
      .execute();
  });
}

/** Bookings a template can be previewed with: the live ones whose stay ends latest, first. */
export function bookingsToPreview(ctx: MessageContext, limit = 30) {
  return ctx.db
    .selectFrom('bookings')
    .select(['id', 'confirmation_code', 'guest_first_name', 'guest_last_name', 'checkin'])
    .where('mode', '=', 'live')
    .orderBy('checkout', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

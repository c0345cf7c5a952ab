import { sql, type Selectable } from 'kysely';
import type { MessageRulesTable, MessageTemplatesTable, ScheduledMessagesTable } from '../db/schema.ts';
import { isPostgres } from '../db/dialect.ts';
import { prepared } from '../db/prepared.ts';
import type { Executor } from '../db/store.ts';
import { PAYMENT_STATES, type PaymentState } from '../pricing/payment-summary.ts';
import { GUEST_LANGUAGES, type GuestLanguage } from '../shared/guest-language.ts';
import { storedObject } from '../shared/stored-json.ts';
import { MESSAGE_EVENTS, type MessageEvent, type RuleConditions, type ScheduledRule } from './message-schedule.ts';
import type { RuleJson, ScheduledMessageJson, TemplateJson } from './message-schemas.ts';
import type { MessageTexts } from './message-text.ts';

/** The rows of guest messages: templates, rules and scheduled messages, read into their domain shapes. */

type TemplateRow = Selectable<MessageTemplatesTable>;
type RuleRow = Selectable<MessageRulesTable>;

function textsOf(stored: string): Partial<Record<GuestLanguage, string>> {
  const o = storedObject(stored);
  const out: Partial<Record<GuestLanguage, string>> = {};
  for (const l of GUEST_LANGUAGES) if (typeof o[l] === 'string') out[l] = o[l];
  return out;
}

export interface MessageTemplate extends TemplateJson {
  texts: MessageTexts;
}

function templateOf(row: TemplateRow): MessageTemplate {
  const subject = textsOf(row.subject);
  const body = textsOf(row.body);
  return { ...row, subject, body, texts: { subject, body } };
}

export async function listTemplates(db: Executor): Promise<MessageTemplate[]> {
  return (await db.selectFrom('message_templates').selectAll().orderBy('id').execute()).map(templateOf);
}

export async function findTemplate(db: Executor, id: number): Promise<MessageTemplate | undefined> {
  const row = await db.selectFrom('message_templates').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : templateOf(row);
}

export async function insertTemplate(
  db: Executor,
  t: { name: string; texts: MessageTexts },
  now: string,
): Promise<MessageTemplate> {
  const row = await db
    .insertInto('message_templates')
    .values({
      name: t.name,
      subject: JSON.stringify(t.texts.subject),
      body: JSON.stringify(t.texts.body),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return templateOf(row);
}

export async function updateTemplate(
  db: Executor,
  id: number,
  t: { name: string; texts: MessageTexts },
  now: string,
): Promise<MessageTemplate | undefined> {
  const row = await db
    .updateTable('message_templates')
    .set({
      name: t.name,
      subject: JSON.stringify(t.texts.subject),
      body: JSON.stringify(t.texts.body),
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? undefined : templateOf(row);
}

export async function deleteTemplate(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('message_templates').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function templateUsed(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('message_rules').select('id').where('template_id', '=', id).executeTakeFirst();
  return row !== undefined;
}

function conditionsOf(stored: string): RuleConditions {
  const o = storedObject(stored);
  const numbers = (v: unknown) => (Array.isArray(v) ? v.filter((n): n is number => Number.isSafeInteger(n)) : []);
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
  return {
    accommodation_ids: numbers(o.accommodation_ids),
    sources: strings(o.sources),
    min_nights: typeof o.min_nights === 'number' ? o.min_nights : null,
    payment_states: strings(o.payment_states).filter((s): s is PaymentState =>
      (PAYMENT_STATES as readonly string[]).includes(s),
    ),
  };
}

export interface MessageRule extends ScheduledRule {
  name: string;
  template_id: number;
  updated_at: string;
}

function ruleOf(row: RuleRow): MessageRule {
  const event = (MESSAGE_EVENTS as readonly string[]).includes(row.event) ? (row.event as MessageEvent) : null;
  if (event === null) throw new Error(`message rule ${row.id} has an unknown event ${row.event}`);
  return { ...row, event, conditions: conditionsOf(row.conditions) };
}

export function ruleJson(rule: MessageRule): RuleJson {
  return {
    id: rule.id,
    name: rule.name,
    template_id: rule.template_id,
    trigger: { event: rule.event, offset_days: rule.offset_days, at: rule.at },
    conditions: rule.conditions,
    active: rule.state === 'active',
    created_at: rule.created_at,
    updated_at: rule.updated_at,
  };
}

/** Every rule, read after each new booking: compiled once (db/prepared.ts). */
const allRules = prepared((db) => db.selectFrom('message_rules').selectAll().orderBy('id'));

export async function listRules(db: Executor): Promise<MessageRule[]> {
  return (await allRules(db)).map(ruleOf);
}

export async function findRule(db: Executor, id: number): Promise<MessageRule | undefined> {
  const row = await db.selectFrom('message_rules').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : ruleOf(row);
}

/** A rule's columns, as written. */
export interface RuleFields {
  name: string;
  template_id: number;
  event: MessageEvent;
  offset_days: number;
  at: string | null;
  conditions: RuleConditions;
  active: boolean;
}

function ruleColumns(r: RuleFields) {
  return {
    name: r.name,
    template_id: r.template_id,
    event: r.event,
    offset_days: r.offset_days,
    at: r.at,
    conditions: JSON.stringify(r.conditions),
    state: r.active ? ('active' as const) : ('paused' as const),
  };
}

export async function insertRule(db: Executor, r: RuleFields, now: string): Promise<MessageRule> {
  const row = await db
    .insertInto('message_rules')
    .values({ ...ruleColumns(r), created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return ruleOf(row);
}

export async function updateRule(db: Executor, id: number, r: RuleFields, now: string): Promise<MessageRule> {
  const row = await db
    .updateTable('message_rules')
    .set({ ...ruleColumns(r), updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return ruleOf(row);
}

/**
 * Deletes a rule with its messages that were never sent; false when it has sent or failed ones
 * (their history stays).
 */
export async function deleteRuleIfUnsent(db: Executor, id: number): Promise<boolean> {
  const kept = await db
    .selectFrom('scheduled_messages')
    .select('id')
    .where('rule_id', '=', id)
    .where('state', 'in', ['sent', 'failed'])
    .executeTakeFirst();
  if (kept !== undefined) return false;
  await db.deleteFrom('scheduled_messages').where('rule_id', '=', id).execute();
  await db.deleteFrom('message_rules').where('id', '=', id).execute();
  return true;
}

export type ScheduledMessage = Selectable<ScheduledMessagesTable>;

/** A booking's messages, by time, with their rule's name. */
export function listBookingMessages(db: Executor, bookingId: number): Promise<ScheduledMessageJson[]> {
  return db
    .selectFrom('scheduled_messages as m')
    .innerJoin('message_rules as r', 'r.id', 'm.rule_id')
    .select(['m.id', 'm.rule_id', 'r.name as rule_name', 'm.send_at', 'm.state', 'm.reason', 'm.sent_at'])
    .where('m.booking_id', '=', bookingId)
    .orderBy('m.send_at')
    .orderBy('m.id')
    .execute();
}

export function rowsOfBookings(db: Executor, bookingIds: readonly number[]): Promise<ScheduledMessage[]> {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('scheduled_messages').selectAll().where('booking_id', 'in', bookingIds).execute();
}

export async function rowsOfRule(
  db: Executor,
  ruleId: number,
  bookingIds: readonly number[],
): Promise<ScheduledMessage[]> {
  if (bookingIds.length === 0) return [];
  // A range of the (rule_id, booking_id) key rather than a list of a thousand ids: PostgreSQL
  // reads a range through the key's index, where a long IN list was planned as a scan of the
  // table that compared every row with every id.
  const wanted = new Set(bookingIds);
  const rows = await db
    .selectFrom('scheduled_messages')
    .selectAll()
    .where('rule_id', '=', ruleId)
    .where('booking_id', '>=', Math.min(...bookingIds))
    .where('booking_id', '<=', Math.max(...bookingIds))
    .execute();
  return rows.filter((r) => wanted.has(r.booking_id));
}

/** Bookings with a row of this rule still waiting (the rule's reach also covers these, wherever their stay is). */
export async function bookingsScheduledBy(db: Executor, ruleId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('scheduled_messages')
    .select('booking_id')
    .where('rule_id', '=', ruleId)
    .where('state', 'in', ['scheduled', 'skipped'])
    .execute();
  return rows.map((r) => r.booking_id);
}

export interface PlannedRow {
  rule_id: number;
  booking_id: number;
  send_at: string;
  state: 'scheduled' | 'skipped';
  reason: string | null;
}

/** Writes new rows (in chunks) and changed ones. */
export async function writePlannedRows(
  db: Executor,
  inserts: readonly PlannedRow[],
  updates: readonly (PlannedRow & { id: number })[],
  now: string,
): Promise<void> {
  const CHUNK = 500;
  for (let i = 0; i < inserts.length; i += CHUNK) {
    await db
      .insertInto('scheduled_messages')
      .values(
        inserts
          .slice(i, i + CHUNK)
          .map((r) => ({ ...r, sent_at: null, outbox_id: null, created_at: now, updated_at: now })),
      )
      .execute();
  }
  await updatePlannedRows(db, updates, now);
}

/**
 * Writes the changed rows in one statement of one text whatever their number: arrays of columns
 * on PostgreSQL, a JSON array on SQLite. A rule retimed over a thousand bookings changes a
 * thousand rows; one `UPDATE` each made it a thousand round trips.
 */
async function updatePlannedRows(db: Executor, updates: readonly (PlannedRow & { id: number })[], now: string) {
  if (updates.length === 0) return;
  if (isPostgres(db)) {
    await sql`update scheduled_messages as m
      set send_at = v.send_at, state = v.state, reason = v.reason, updated_at = ${now}
      from unnest(${updates.map((u) => u.id)}::integer[], ${updates.map((u) => u.send_at)}::timestamptz[],
        ${updates.map((u) => u.state)}::text[], ${updates.map((u) => u.reason)}::text[])
        as v(id, send_at, state, reason)
      where m.id = v.id`.execute(db);
    return;
  }
  const rows = updates.map((u) => ({ id: u.id, send_at: u.send_at, state: u.state, reason: u.reason }));
  await sql`update scheduled_messages
    set send_at = v.value ->> 'send_at', state = v.value ->> 'state', reason = v.value ->> 'reason',
      updated_at = ${now}
    from json_each(${JSON.stringify(rows)}) as v
    where scheduled_messages.id = v.value ->> 'id'`.execute(db);
}

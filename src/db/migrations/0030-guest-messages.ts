import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.ts';

/**
 * Guest messages on autopilot (docs/messages.md): templates (subject and body per language, JSON
 * text), rules (which template, when, for which bookings, active or paused), and one scheduled
 * message per rule and booking, which the scheduler claims by (state, send_at) once due. The
 * accommodation's facts the messages quote (address, arrival instructions, door code, Wi-Fi), and
 * the Reply-To of an outbox mail (a guest message's replies go to the host).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  for (const name of ['address', 'arrival_instructions', 'door_code', 'wifi_name', 'wifi_password']) {
    await db.schema.alterTable('accommodations').addColumn(name, 'text').execute();
  }
  await db.schema.alterTable('outbox').addColumn('reply_to', 'text').execute();

  await t
    .addId(db.schema.createTable('message_templates'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await t
    .addId(db.schema.createTable('message_rules'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('template_id', 'integer', (c) => c.notNull().references('message_templates.id'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('offset_days', 'integer', (c) => c.notNull())
    .addColumn('at', 'text')
    .addColumn('conditions', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_rules_template').on('message_rules').column('template_id').execute();

  await t
    .addId(db.schema.createTable('scheduled_messages'))
    .addColumn('rule_id', 'integer', (c) => c.notNull().references('message_rules.id'))
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id'))
    .addColumn('send_at', t.timestamp, (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('sent_at', t.timestamp)
    .addColumn('outbox_id', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('scheduled_messages_rule_booking', ['rule_id', 'booking_id'])
    .execute();
  // The scheduler's scan: due rows of one state, oldest first.
  await db.schema
    .createIndex('scheduled_messages_due')
    .on('scheduled_messages')
    .columns(['state', 'send_at'])
    .execute();
  // A booking's timeline.
  await db.schema.createIndex('scheduled_messages_booking').on('scheduled_messages').column('booking_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['scheduled_messages', 'message_rules', 'message_templates']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('outbox').dropColumn('reply_to').execute();
  for (const name of ['wifi_password', 'wifi_name', 'door_code', 'arrival_instructions', 'address']) {
    await db.schema.alterTable('accommodations').dropColumn(name).execute();
  }
}

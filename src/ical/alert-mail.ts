import type { Executor } from '../db/store.ts';
import { html } from '../shared/html.ts';
import { getSetting } from '../settings/settings-repository.ts';
import type { NewAlert } from './overbooking-alerts.ts';

/**
 * Tells the host about a new overbooking, in the pull's transaction (the outbox delivers it).
 * No host address in settings: the alert is still listed in the admin API.
 */
export async function queueAlertMail(db: Executor, alert: NewAlert, now: Date): Promise<void> {
  const recipient = await getSetting(db, 'host_email');
  if (recipient === null) return;
  const row = await db
    .selectFrom('external_reservations as r')
    .innerJoin('external_feeds as f', 'f.id', 'r.feed_id')
    .innerJoin('accommodations as a', 'a.id', 'r.accommodation_id')
    .select(['a.name as accommodation', 'f.name as feed', 'r.start_date', 'r.end_date', 'r.summary'])
    .where('r.id', '=', alert.reservationId)
    .executeTakeFirst();
  if (row === undefined) return;
  const other =
    alert.otherKey === 'block'
      ? 'a blocked period'
      : alert.otherKey.startsWith('booking:')
        ? `booking #${alert.otherKey.slice(8)}`
        : 'a stay imported from another channel';
  const subject = `Overbooking: ${row.accommodation}, ${row.feed} stay from ${row.start_date}`;
  const text = [
    `The calendar imported from "${row.feed}" has a stay (${row.summary}) from ${row.start_date} to ${row.end_date} at ${row.accommodation}.`,
    `${alert.nights} of its nights, from ${alert.firstNight}, are already held by ${other}.`,
    'Resolve it on one of the two sides; the alert clears when either side goes away.',
  ].join('\n\n');
  const at = now.toISOString();
  await db
    .insertInto('outbox')
    .values({
      kind: 'host',
      template: 'overbooking_alert',
      booking_id: null,
      recipient,
      subject,
      body_text: text,
      body_html: html`${text.split('\n\n').map((p) => html`<p>${p}</p>`)}`.text,
      status: 'pending',
      next_attempt_at: at,
      locked_until: null,
      locked_by: null,
      last_error: null,
      created_at: at,
      sent_at: null,
    })
    .execute();
}

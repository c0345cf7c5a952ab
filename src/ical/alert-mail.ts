import type { Executor } from '../db/store.ts';
import { queueHostMail } from '../mail/host-mail.ts';
import type { NewAlert } from './overbooking-alerts.ts';

/**
 * The host's mails about a pull, written in the pull's transaction (the outbox delivers them):
 * at most one per accommodation per pull. No host address in settings: nothing is mailed, and
 * the alerts are still listed in the admin API and the console.
 */

/** How many alerts a digest lists one by one; the rest are counted. */
const LISTED = 20;

function otherSide(otherKey: string): string {
  if (otherKey === 'block') return 'a blocked period';
  if (otherKey.startsWith('booking:')) return `booking #${otherKey.slice(8)}`;
  return 'a stay imported from another channel';
}

/** One mail for the new overbooking alerts of a pull, however many there are. */
export async function queueAlertDigest(
  db: Executor,
  feed: { id: number; name: string; accommodation_id: number },
  alerts: readonly NewAlert[],
  now: Date,
): Promise<void> {
  if (alerts.length === 0) return;
  const accommodation = await db
    .selectFrom('accommodations')
    .select('name')
    .where('id', '=', feed.accommodation_id)
    .executeTakeFirst();
  if (accommodation === undefined) return;
  const stays = await db
    .selectFrom('external_reservations')
    .select(['id', 'start_date', 'end_date', 'summary'])
    .where(
      'id',
      'in',
      alerts.slice(0, LISTED).map((a) => a.reservationId),
    )
    .execute();
  const byId = new Map(stays.map((s) => [s.id, s]));
  const lines = alerts.slice(0, LISTED).map((alert) => {
    const stay = byId.get(alert.reservationId);
    const what = stay === undefined ? 'A stay' : `${stay.summary} from ${stay.start_date} to ${stay.end_date}`;
    return (
      `- ${what}: ${alert.nights} night(s) from ${alert.firstNight} ` +
      `are already held by ${otherSide(alert.otherKey)}.`
    );
  });
  if (alerts.length > LISTED) lines.push(`- and ${alerts.length - LISTED} more.`);
  const first = alerts.map((a) => a.firstNight).sort()[0] ?? '';
  await queueHostMail(
    db,
    {
      template: 'overbooking_alert',
      subject:
        alerts.length === 1
          ? `Overbooking: ${accommodation.name}, ${feed.name} stay from ${first}`
          : `Overbooking: ${accommodation.name}, ${alerts.length} ${feed.name} stays from ${first}`,
      paragraphs: [
        `The calendar imported from "${feed.name}" has ${alerts.length === 1 ? 'a stay' : `${alerts.length} stays`} ` +
          `at ${accommodation.name} over nights that are already taken:`,
        lines.join('\n'),
        'Resolve each on one of the two sides; an alert clears when either side goes away. ' +
          'The console and GET /admin/api/accommodations/:id/overbooking-alerts list them all.',
      ],
    },
    now,
  );
}

/** The feed came back empty while it had stays: they are kept until the next pull confirms it. */
export async function queueEmptyFeedMail(
  db: Executor,
  feed: { id: number; name: string; accommodation_id: number },
  stays: number,
  now: Date,
): Promise<void> {
  const accommodation = await db
    .selectFrom('accommodations')
    .select('name')
    .where('id', '=', feed.accommodation_id)
    .executeTakeFirst();
  if (accommodation === undefined) return;
  await queueHostMail(
    db,
    {
      template: 'ical_feed_empty',
      subject: `Calendar came back empty: ${accommodation.name}, ${feed.name}`,
      paragraphs: [
        `The calendar imported from "${feed.name}" for ${accommodation.name} came back with no events at all, ` +
          `although it had ${stays} stay(s).`,
        'Channels sometimes answer an empty calendar by mistake, so those stays keep their nights for now. ' +
          'If the next pull is empty too, they are removed and their nights become free; ' +
          'if the channel really has no more stays, nothing else needs doing.',
      ],
    },
    now,
  );
}

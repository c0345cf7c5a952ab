import type { Config } from '../config/config.ts';
import { claimRows } from '../db/row-locks.ts';
import type { Db, Executor } from '../db/store.ts';
import { queueGuestMessage } from '../mail/guest-message-mail.ts';
import { readHostIdentity, type HostIdentity } from '../settings/host-identity.ts';
import { bookingPayment, messageValues, readMessageBookings, type MessageBooking } from './message-facts.ts';
import { findRule, findTemplate, type MessageRule, type ScheduledMessage } from './message-repository.ts';
import type { SkipReason } from './message-schedule.ts';
import { messageLanguage, renderMessage } from './message-text.ts';

/**
 * Sends guest messages: the scheduler's claim of due messages, and one message sent at once by
 * the host. A message is rendered and queued into the mail outbox, and marked sent, in one
 * transaction; one that cannot be rendered is marked failed with the reason, and the others go on.
 */

export type SendOutcome = 'sent' | 'skipped' | 'failed';

/** Why a due message is not sent after all, checked when it is due (its booking may have changed). */
function skipReason(rule: MessageRule, b: MessageBooking): SkipReason | null {
  if (b.mode !== 'live') return 'not_matching';
  if (b.status === 'cancelled' && rule.event !== 'booking_cancelled') return 'booking_cancelled';
  if (b.guest_email === '') return 'no_email';
  const payment = bookingPayment(b);
  const states = rule.conditions.payment_states;
  if (states.length > 0 && !states.includes(payment.state)) return 'payment_state';
  if (rule.event === 'balance_due' && payment.balance <= 0) return 'paid_in_full';
  return null;
}

/** The reason of a failed message: what went wrong, on one line. */
function failure(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  return `render_failed: ${text}`.slice(0, 500);
}

async function mark(
  db: Executor,
  id: number,
  set: { state: SendOutcome; reason: string | null; sent_at?: string; outbox_id?: number },
  now: string,
): Promise<void> {
  await db
    .updateTable('scheduled_messages')
    .set({ ...set, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Sends one message in the caller's transaction. `byHost`: the host's "send now", which sends
 * whatever the booking's state, as long as the guest has an address.
 */
export async function sendOne(
  db: Executor,
  message: Pick<ScheduledMessage, 'id' | 'rule_id' | 'booking_id'>,
  now: Date,
  options: { host?: HostIdentity; byHost?: boolean; config: Pick<Config, 'publicBaseUrl'> },
): Promise<SendOutcome> {
  const at = now.toISOString();
  const rule = await findRule(db, message.rule_id);
  const [booking] = await readMessageBookings(db, [message.booking_id]);
  if (rule === undefined || booking === undefined)
    throw new Error(`scheduled message ${message.id} lost its rule or booking`);
  const reason = options.byHost === true ? (booking.guest_email === '' ? 'no_email' : null) : skipReason(rule, booking);
  if (reason !== null) {
    await mark(db, message.id, { state: 'skipped', reason }, at);
    return 'skipped';
  }
  const host = options.host ?? (await readHostIdentity(db));
  let rendered;
  try {
    const template = await findTemplate(db, rule.template_id);
    if (template === undefined) throw new Error(`template ${rule.template_id} not found`);
    const language = messageLanguage(template.texts, booking.language, booking.accommodation_language);
    rendered = await renderMessage(template.texts, language, messageValues(booking, host, language, options.config));
  } catch (error) {
    await mark(db, message.id, { state: 'failed', reason: failure(error) }, at);
    return 'failed';
  }
  const outboxId = await queueGuestMessage(
    db,
    { bookingId: booking.id, recipient: booking.guest_email, ...rendered },
    host,
    now,
  );
  await mark(db, message.id, { state: 'sent', reason: null, sent_at: at, outbox_id: outboxId }, at);
  return 'sent';
}

/**
 * Claims up to `limit` due messages and sends them, in one transaction: on PostgreSQL the claim
 * skips rows another process holds (`FOR UPDATE SKIP LOCKED`), and each claimed row leaves the
 * `scheduled` state before the commit, so every due message is sent by one process, once.
 */
export async function sendDueMessages(
  db: Db,
  config: Pick<Config, 'publicBaseUrl'>,
  now: Date,
  limit: number,
): Promise<Record<SendOutcome, number>> {
  const counts: Record<SendOutcome, number> = { sent: 0, skipped: 0, failed: 0 };
  await db.transaction().execute(async (trx) => {
    const due = await claimRows(
      trx,
      trx
        .selectFrom('scheduled_messages')
        .select(['id', 'rule_id', 'booking_id'])
        .where('state', '=', 'scheduled')
        .where('send_at', '<=', now.toISOString())
        .orderBy('send_at')
        .limit(limit),
    ).execute();
    if (due.length === 0) return;
    const host = await readHostIdentity(trx);
    for (const message of due) counts[await sendOne(trx, message, now, { host, config })]++;
  });
  return counts;
}

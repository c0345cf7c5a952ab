import type { Executor } from '../db/store.ts';
import { getSetting } from '../settings/settings-repository.ts';
import type { HostIdentity } from '../settings/host-identity.ts';

/**
 * Writes a guest message (docs/messages.md) to the outbox, in the caller's transaction: the mail
 * worker sends it with the row's stable Message-ID (deliver-mail.ts). The guest's answer goes to
 * the host: Reply-To is the business e-mail (settings `business.email`), else `host_email`, else
 * none (the answer goes to MAIL_FROM). Returns the outbox row's id.
 */
export async function queueGuestMessage(
  db: Executor,
  mail: { bookingId: number; recipient: string; subject: string; text: string; html: string },
  host: HostIdentity,
  now: Date,
): Promise<number> {
  const replyTo = host.business?.email ?? (await getSetting(db, 'host_email'));
  const at = now.toISOString();
  const row = await db
    .insertInto('outbox')
    .values({
      kind: 'mail',
      template: 'guest_message',
      booking_id: mail.bookingId,
      recipient: mail.recipient,
      subject: mail.subject,
      body_text: mail.text,
      body_html: mail.html,
      status: 'pending',
      next_attempt_at: at,
      locked_until: null,
      locked_by: null,
      last_error: null,
      created_at: at,
      sent_at: null,
      reply_to: replyTo,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

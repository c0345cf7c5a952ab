import type { Executor } from '../db/store.ts';
import { html } from '../shared/html.ts';

/** The template name of the host's test mail, which the set-up steps look for. */
export const TEST_MAIL = 'test_mail';

/**
 * Queues a test mail to the host: the outbox delivers it like any other, so its state on the
 * Outbox page says whether mail goes out (SMTP_URL set, the server answering).
 */
export async function queueTestMail(db: Executor, recipient: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const text = 'This is a test mail from Staydesk. If it reached you, guest mails reach your guests too.';
  await db
    .insertInto('outbox')
    .values({
      kind: 'mail',
      template: TEST_MAIL,
      booking_id: null,
      recipient,
      subject: 'Staydesk test mail',
      body_text: `${text}\n`,
      body_html: html`<p>${text}</p>`.text,
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

/** Whether any mail has gone out at all (a test mail or a guest's). */
export async function anyMailSent(db: Executor): Promise<boolean> {
  const sent = await db.selectFrom('outbox').select('id').where('status', '=', 'sent').limit(1).execute();
  return sent.length > 0;
}

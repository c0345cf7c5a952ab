import type { Executor } from '../db/store.ts';
import { html } from '../shared/html.ts';
import { getSetting } from '../settings/settings-repository.ts';

/**
 * Writes a mail to the host into the outbox, in the caller's transaction (the mail worker
 * delivers it): the paragraphs as plain text and as HTML. No host address in settings: nothing
 * is written.
 */
export async function queueHostMail(
  db: Executor,
  mail: { template: string; subject: string; paragraphs: string[] },
  now: Date,
): Promise<void> {
  const recipient = await getSetting(db, 'host_email');
  if (recipient === null) return;
  const at = now.toISOString();
  await db
    .insertInto('outbox')
    .values({
      // The mail worker delivers every row of kind 'mail' (outbox-repository.ts), the host's too.
      kind: 'mail',
      template: mail.template,
      booking_id: null,
      recipient,
      subject: mail.subject,
      body_text: mail.paragraphs.join('\n\n'),
      body_html: html`${mail.paragraphs.map(
        (p) => html`<p>${p.split('\n').map((line, i) => (i === 0 ? line : html`<br>${line}`))}</p>`,
      )}`.text,
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

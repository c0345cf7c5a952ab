import type { Executor } from '../db/store.ts';
import { html } from '../shared/html.ts';

/** Whether mail goes out, as the console tells the host on every page. */
export type MailHealth =
  | { state: 'ok' }
  /** No SMTP_URL: every mail waits in the outbox. */
  | { state: 'not_configured'; waiting: number }
  /** The last attempts to send failed; `error` is the newest one's. */
  | { state: 'failing'; error: string; waiting: number };

/** How many of the newest attempted mails are looked at: all of them failing means mail is failing. */
const RECENT = 3;

/**
 * Reads the outbox: with no mail server configured every mail waits; otherwise mail is failing
 * when none of the newest attempted mails was sent and the newest carries an error.
 */
export async function mailHealth(db: Executor, smtpUrl: string | null): Promise<MailHealth> {
  const waiting = async () =>
    Number(
      (
        await db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('kind', '=', 'mail')
          .where('status', '=', 'pending')
          .executeTakeFirst()
      )?.n ?? 0,
    );
  if (smtpUrl === null) return { state: 'not_configured', waiting: await waiting() };
  const recent = await db
    .selectFrom('outbox')
    .select(['status', 'last_error'])
    .where('kind', '=', 'mail')
    .where((eb) => eb.or([eb('attempts', '>', 0), eb('status', '=', 'sent')]))
    .orderBy('id', 'desc')
    .limit(RECENT)
    .execute();
  const newest = recent[0];
  if (newest === undefined || newest.last_error === null || recent.some((m) => m.status === 'sent'))
    return { state: 'ok' };
  return { state: 'failing', error: newest.last_error, waiting: await waiting() };
}

/**
 * Queues a test mail to `recipient` through the outbox, as every mail goes: the mail worker sends
 * it with the others, so its state in the outbox says whether mail really goes out.
 */
export async function queueTestMail(db: Executor, recipient: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const text = 'This is a test mail from Staydesk. If it arrived, mails to your guests go out too.';
  const row = await db
    .insertInto('outbox')
    .values({
      kind: 'mail',
      template: 'test',
      booking_id: null,
      recipient,
      subject: 'Staydesk test mail',
      body_text: text,
      body_html: html`<p>${text}</p>`.text,
      status: 'pending',
      next_attempt_at: at,
      locked_until: null,
      locked_by: null,
      last_error: null,
      created_at: at,
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What mail has gone out (a test mail or a guest's) and what waits: a step of the first run. */
export interface MailSent {
  /** Whether any mail has been sent at all. */
  sent: boolean;
  /** When the newest sent mail went out, when known. */
  lastSentAt: string | null;
  /** Mails queued and not sent yet. */
  waiting: number;
}

export async function mailSent(db: Executor): Promise<MailSent> {
  const [sent, waiting] = await Promise.all([
    db
      .selectFrom('outbox')
      .select('sent_at')
      .where('kind', '=', 'mail')
      .where('status', '=', 'sent')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('kind', '=', 'mail')
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  return { sent: sent !== undefined, lastSentAt: sent?.sent_at ?? null, waiting: Number(waiting.n) };
}

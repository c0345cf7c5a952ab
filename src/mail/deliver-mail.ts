import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { scrubAddresses } from '../shared/scrub-addresses.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/store.ts';
import type { Metrics } from '../ops/metrics.ts';
import { afterFailure } from './backoff.ts';
import {
  claimDueMails,
  markMailFailedAttempt,
  markMailSent,
  pendingMailsAfter,
  releaseMails,
  renewMailLease,
} from './outbox-repository.ts';
import { SMTP_TIMEOUTS, smtpSender, type MailSender } from './smtp-sender.ts';

export interface MailDeliveryDeps {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
  metrics: Pick<Metrics, 'mailsSent'>;
  /** debug, when the logger has it, is the only level that sees a guest's address. */
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> & { debug?: FastifyBaseLogger['info'] };
  now(): Date;
  /** Names this process in outbox.locked_by. */
  worker: string;
  /** Replaces the SMTP transport (tests); by default one is built from config.smtpUrl. */
  sender?: MailSender;
  /**
   * How long a claimed batch is leased, renewed every third of it while the worker sends
   * (default 90 s). Tests shorten it to watch a slow send outlive several leases.
   */
  leaseMs?: number;
}

export interface MailDelivery {
  /**
   * Delivers what is due now; resolves when this round is done. Once `signal` is aborted it starts
   * no other mail: the mails of its batch it has not started are given back.
   */
  run(signal?: AbortSignal): Promise<{ sent: number; failed: number }>;
  close(): void;
}

const BATCH = 5;
const MAX_BATCHES_PER_RUN = 20;
// A claimed batch is leased for a short time and the lease renewed every third of it while the
// worker sends, so that a worker that dies gives its mails up within a minute and a half; one mail hitting
// all of nodemailer's timeouts still ends within a lease.
const LEASE_MS = 90_000;
const SMTP_WORST_MS = SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;
if (SMTP_WORST_MS + LEASE_MS / 3 >= LEASE_MS) throw new Error('a mail could outlive its lease');
/** The longest wait between two tries of marking a sent mail sent. */
const MARK_RETRY_MAX_MS = 5000;

/**
 * The Message-ID of an outbox mail: the same at every attempt, so that a receiver drops a mail
 * sent again after a crash, and unique to the row (its id and the instant it was queued), on the
 * sender's domain.
 */
export function outboxMessageId(mail: { id: number; created_at: string }, mailFrom: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
  const tag = createHash('sha256').update(`${mail.id}:${mail.created_at}`).digest('hex').slice(0, 16);
  return `<outbox-${mail.id}.${tag}@${domain}>`;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code =
      (error as { responseCode?: unknown; code?: unknown }).responseCode ?? (error as { code?: unknown }).code;
    return typeof code === 'string' || typeof code === 'number' ? `${String(code)}: ${error.message}` : error.message;
  }
  return String(error);
}

/**
 * The mail worker. With SMTP_URL unset, mails stay `pending` in the outbox (nothing is lost and
 * they go out once a server is configured) and each is logged once, at info level, with its
 * outbox id and subject. A guest's address is personal data: it is logged only at debug level;
 * at info and above the outbox id leads to it (GET /admin/api/outbox/:id).
 */
export function createMailDelivery(deps: MailDeliveryDeps): MailDelivery {
  const sender = deps.sender ?? (deps.config.smtpUrl === null ? null : smtpSender(deps.config.smtpUrl));
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  let loggedUpTo = 0;

  async function logUndelivered(): Promise<void> {
    for (;;) {
      const pending = await pendingMailsAfter(deps.db, loggedUpTo, 100);
      for (const m of pending) {
        deps.log.info(
          { outbox_id: m.id, subject: m.subject, template: m.template },
          'mail kept in the outbox: SMTP_URL is not set',
        );
        deps.log.debug?.({ outbox_id: m.id, to: m.recipient }, 'recipient of the mail kept in the outbox');
        loggedUpTo = m.id;
      }
      if (pending.length < 100) return;
    }
  }

  /**
   * A mail handed to SMTP is marked sent, however long the store takes to accept the mark (the
   * lease is renewed meanwhile, so no other worker sends it). Only a stopping worker gives up: the
   * mail is then sent again once its lease has run out, with the same Message-ID.
   */
  async function markSentUntilItLands(id: number, signal: AbortSignal | undefined): Promise<void> {
    for (let wait = 100, tries = 1; ; wait = Math.min(wait * 2, MARK_RETRY_MAX_MS), tries++) {
      try {
        await markMailSent(deps.db, id, deps.worker, deps.now());
        if (tries > 1) deps.log.info({ outbox_id: id, tries }, 'mail marked sent after the store came back');
        return;
      } catch (error) {
        if (tries === 1)
          deps.log.warn(
            { outbox_id: id, err: describe(error) },
            'mail sent but not marked sent yet: retrying the mark',
          );
        if (signal?.aborted === true) {
          deps.log.warn(
            { outbox_id: id },
            'stopping before the mail was marked sent: it may go again, same Message-ID',
          );
          return;
        }
        await sleep(wait, undefined, { signal }).catch(() => undefined);
      }
    }
  }

  async function deliverOne(
    sender: MailSender,
    mail: Awaited<ReturnType<typeof claimDueMails>>[number],
    signal: AbortSignal | undefined,
  ): Promise<boolean> {
    try {
      await sender.send({
        messageId: outboxMessageId(mail, deps.config.mailFrom),
        from: deps.config.mailFrom,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body_text,
        html: mail.body_html,
        ...(mail.reply_to === null ? {} : { replyTo: mail.reply_to }),
      });
    } catch (error) {
      const attempts = mail.attempts + 1;
      const decision = afterFailure(attempts, deps.now());
      await markMailFailedAttempt(deps.db, mail.id, deps.worker, { attempts, error: describe(error), decision });
      deps.metrics.mailsSent.labels(decision.status === 'failed' ? 'failed' : 'retry').inc();
      deps.log.warn(
        {
          outbox_id: mail.id,
          attempts,
          next_attempt_at: decision.status === 'pending' ? decision.nextAttemptAt.toISOString() : null,
          // SMTP refusals quote recipients: addresses only at debug level.
          err: scrubAddresses(describe(error)),
        },
        decision.status === 'failed' ? 'mail delivery failed for good' : 'mail delivery failed; will retry',
      );
      deps.log.debug?.({ outbox_id: mail.id, err: describe(error) }, 'mail delivery failure as the server wrote it');
      return false;
    }
    // A crash right here would send the mail again once the lease runs out (at least once, never
    // lost), with the same Message-ID.
    await markSentUntilItLands(mail.id, signal);
    deps.metrics.mailsSent.labels('sent').inc();
    deps.log.info({ outbox_id: mail.id, subject: mail.subject }, 'mail sent');
    deps.log.debug?.({ outbox_id: mail.id, to: mail.recipient }, 'recipient of the mail sent');
    return true;
  }

  return {
    run: async (signal) => {
      if (sender === null) {
        await logUndelivered();
        return { sent: 0, failed: 0 };
      }
      let sent = 0;
      let failed = 0;
      const stopping = (): boolean => signal?.aborted === true;
      for (let round = 0; round < MAX_BATCHES_PER_RUN && !stopping(); round++) {
        const batch = await claimDueMails(deps.db, {
          worker: deps.worker,
          now: deps.now(),
          leaseMs,
          limit: BATCH,
        });
        const held = new Set(batch.map((m) => m.id));
        const renew = setInterval(() => {
          const until = new Date(deps.now().getTime() + leaseMs);
          renewMailLease(deps.db, [...held], deps.worker, until).catch(() => undefined);
        }, leaseMs / 3);
        renew.unref();
        try {
          for (const mail of batch) {
            if (stopping()) break;
            if (await deliverOne(sender, mail, signal)) sent++;
            else failed++;
            held.delete(mail.id);
          }
        } finally {
          clearInterval(renew);
          // Stopping: what was not started goes back to the outbox, for another worker now.
          if (held.size > 0) await releaseMails(deps.db, [...held], deps.worker);
        }
        if (batch.length < BATCH) break;
      }
      return { sent, failed };
    },
    close: () => sender?.close(),
  };
}

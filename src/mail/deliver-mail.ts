import { scrubAddresses } from '../shared/scrub-addresses.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/store.ts';
import type { Metrics } from '../ops/metrics.ts';
import { afterFailure } from './backoff.ts';
import { claimDueMails, markMailFailedAttempt, markMailSent, pendingMailsAfter } from './outbox-repository.ts';
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
}

export interface MailDelivery {
  /** Delivers what is due now; resolves when this round is done. */
  run(): Promise<{ sent: number; failed: number }>;
  close(): void;
}

const BATCH = 5;
const MAX_BATCHES_PER_RUN = 20;
// A claimed batch must be sent well within its lease, or a second worker could send it again:
// the lease covers every mail of the batch hitting all of nodemailer's timeouts.
const LEASE_MS =
  BATCH * (SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout) * 2;

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

  async function deliverOne(
    sender: MailSender,
    mail: Awaited<ReturnType<typeof claimDueMails>>[number],
  ): Promise<boolean> {
    try {
      await sender.send({
        from: deps.config.mailFrom,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body_text,
        html: mail.body_html,
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
    // A crash right here would send the mail again once the lease runs out: at least once, never lost.
    await markMailSent(deps.db, mail.id, deps.worker, deps.now());
    deps.metrics.mailsSent.labels('sent').inc();
    deps.log.info({ outbox_id: mail.id, subject: mail.subject }, 'mail sent');
    deps.log.debug?.({ outbox_id: mail.id, to: mail.recipient }, 'recipient of the mail sent');
    return true;
  }

  return {
    run: async () => {
      if (sender === null) {
        await logUndelivered();
        return { sent: 0, failed: 0 };
      }
      let sent = 0;
      let failed = 0;
      for (let round = 0; round < MAX_BATCHES_PER_RUN; round++) {
        const batch = await claimDueMails(deps.db, {
          worker: deps.worker,
          now: deps.now(),
          leaseMs: LEASE_MS,
          limit: BATCH,
        });
        for (const mail of batch) {
          if (await deliverOne(sender, mail)) sent++;
          else failed++;
        }
        if (batch.length < BATCH) break;
      }
      return { sent, failed };
    },
    close: () => sender?.close(),
  };
}

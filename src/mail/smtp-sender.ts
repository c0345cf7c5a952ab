import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  /** `<...@domain>`, the same at every attempt of one outbox row. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the recipient's answer goes, when not to `from` (a guest message: the host). */
  replyTo?: string;
}

/** Sends one mail or throws; the worker decides about retries. */
export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Delivery to SMTP_URL with nodemailer. Every wait is bounded, so a mail server that accepts the
 * connection and then stalls cannot hold a claimed mail past its lease (see deliver-mail.ts).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

export function smtpSender(smtpUrl: string): MailSender {
  // nodemailer (about 30 MB and a tenth of a second to load) is loaded with the first mail, not
  // at start-up: a small host without SMTP_URL, or with little mail, never pays for it.
  let transport: Promise<Transporter> | null = null;
  let closed = false;
  const open = (): Promise<Transporter> =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }),
    ));
  return {
    send: async (mail) => {
      if (closed) throw new Error('the mail sender is closed');
      await (await open()).sendMail(mail);
    },
    close: () => {
      closed = true;
      void transport?.then((t) => {
        t.close();
      });
    },
  };
}

import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
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
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    send: async (mail) => {
      await transport.sendMail(mail);
    },
    close: () => {
      transport.close();
    },
  };
}

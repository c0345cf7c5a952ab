import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { EVENT_TIMEOUT_MS } from './timeouts.ts';

/** A real SMTP server in the test process, recording every mail it accepts. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  raw: string;
}

export interface SmtpListener {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Resolves once `count` mails have arrived; rejects after EVENT_TIMEOUT_MS. */
  waitFor(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function headerValue(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? '' : line.slice(name.length + 1).trim();
}

/**
 * Listens on 127.0.0.1 (port 0 picks a free one); no TLS and no auth, like a local relay.
 * `delayMs`: how long it takes to accept each mail once received (a slow relay); `holdUntil`: each
 * mail is accepted only once that promise settles (a relay that answers when the test says so).
 */
export async function startSmtpListener(
  port = 0,
  options: { delayMs?: number; holdUntil?: Promise<void> } = {},
): Promise<SmtpListener> {
  const messages: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address;
        messages.push({
          from,
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: headerValue(raw, 'subject'),
          messageId: headerValue(raw, 'message-id'),
          raw,
        });
        for (const w of waiters.filter((w) => messages.length >= w.count)) w.resolve();
        if (options.holdUntil !== undefined)
          void options.holdUntil.then(() => {
            callback();
          });
        else if (options.delayMs === undefined) callback();
        else setTimeout(callback, options.delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve();
    });
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    waitFor: (count) => {
      if (messages.length >= count) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`expected ${count} mails within ${EVENT_TIMEOUT_MS} ms, got ${messages.length}`));
        }, EVENT_TIMEOUT_MS);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(messages);
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

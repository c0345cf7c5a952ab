import { once, EventEmitter } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { eventually } from './timeouts.ts';

/**
 * A loopback receiver of partner events: it records every request (headers and raw body) and
 * answers with the status `answer` gives for it (200 by default). Waits end on the request itself.
 */

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

export interface EventReceiver {
  url: string;
  received: Received[];
  /** The status of the next answers: called with the request's index. */
  answer: (index: number, request: Received) => number;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startEventReceiver(): Promise<EventReceiver> {
  const arrivals = new EventEmitter();
  const receiver: EventReceiver = {
    url: '',
    received: [],
    answer: () => 200,
    waitFor: async (count) => {
      while (receiver.received.length < count)
        await eventually(`request ${count} at the receiver`, once(arrivals, 'request'));
      return receiver.received.slice(0, count);
    },
    close: () =>
      new Promise((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '' };
      const status = receiver.answer(receiver.received.length, request);
      receiver.received.push(request);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : 'not now');
      arrivals.emit('request');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

/** The event a request carries, verified with the reference Standard Webhooks verifier (throws when it is not). */
export function verified(
  secret: string,
  request: Received,
): { id: string; type: string; timestamp: string; data: Record<string, unknown> } {
  const headers: Record<string, string> = {};
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'])
    headers[name] = String(request.headers[name]);
  return new Webhook(secret).verify(request.body, headers) as {
    id: string;
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };
}

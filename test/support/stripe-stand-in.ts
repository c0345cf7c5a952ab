import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the card processor's API: it answers `POST /v1/payment_intents` as the
 * processor does (the fields the official `stripe` package reads), and remembers each intent.
 * `stripe` is the official package pointed at it (host, port, protocol).
 */
export interface StripeStandIn {
  stripe: Stripe;
  /** Where the stand-in listens (for a process of its own to point its `stripe` package at). */
  url: string;
  intents: { id: string; amount: number; currency: string; metadata: Record<string, string> }[];
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents: StripeStandIn['intents'] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/payment_intents') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not here"}}');
        return;
      }
      const form = new URLSearchParams(raw);
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m?.[1] !== undefined) metadata[m[1]] = v;
      }
      const id = `pi_standin_${intents.length + 1}`;
      const intent = { id, amount: Number(form.get('amount')), currency: String(form.get('currency')), metadata };
      intents.push(intent);
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${id}` }).end(
        JSON.stringify({
          ...intent,
          object: 'payment_intent',
          client_secret: `${id}_secret_x`,
          status: 'requires_payment_method',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stripe = new Stripe('sk_test_stand_in', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  return {
    stripe,
    url: `http://127.0.0.1:${port}`,
    intents,
    close: () =>
      new Promise((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}

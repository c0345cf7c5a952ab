import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A stand-in for the card processor, on this machine. It answers the two calls a card payment
 * makes of Stripe, in Stripe's shapes:
 *
 * - `POST /v1/payment_intents` from the partner's server (the official `stripe` package, pointed
 *   here with host, port and protocol, as the booking proxy calls it), which remembers the intent;
 * - `POST /v1/payment_intents/:id/confirm` from the browser (what Stripe.js does with the client
 *   secret), with a card number: `4242 4242 4242 4242` is accepted, `4000 0000 0000 0002` is
 *   declined, as with Stripe's test cards.
 *
 * Then, as Stripe does, it sends Staydesk's payment webhook `payment_intent.succeeded` (or
 * `payment_intent.payment_failed`), signed with the webhook secret in a `Stripe-Signature` header.
 */

export interface CardProcessor {
  url: string;
  /** The official package, pointed at this stand-in. */
  stripe: Stripe;
  close(): Promise<void>;
}

interface Intent {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  status: 'requires_payment_method' | 'succeeded';
}

const ACCEPTED = '4242424242424242';

// The browser calls the confirm route from the partner's page, another origin.
const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', ...CORS }).end(JSON.stringify(body));
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
      if (raw.length > 100_000) req.destroy(new Error('body too large'));
    });
    req.on('end', () => {
      resolve(new URLSearchParams(raw));
    });
    req.on('error', reject);
  });
}

export async function startCardProcessor(options: {
  /** Where Staydesk takes payment events: `<base>/<slug>/api/payment/webhook`. */
  webhookUrl: string;
  webhookSecret: string;
  log?: (line: string) => void;
}): Promise<CardProcessor> {
  const intents = new Map<string, Intent>();
  const log = options.log ?? (() => undefined);

  async function notify(type: string, intent: Intent, extra: Record<string, unknown> = {}): Promise<void> {
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-27',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: {
        object: {
          id: intent.id,
          object: 'payment_intent',
          amount: intent.amount,
          currency: intent.currency,
          metadata: intent.metadata,
          status: intent.status,
          ...extra,
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    try {
      const res = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      log(`card processor: ${type} for ${intent.id} → Staydesk answered ${res.status}`);
    } catch (error) {
      log(`card processor: could not deliver ${type} for ${intent.id}: ${String(error)}`);
    }
  }

  async function create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    const metadata: Record<string, string> = {};
    for (const [k, v] of form) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m?.[1] !== undefined) metadata[m[1]] = v;
    }
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const intent: Intent = {
      id,
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      amount: Number(form.get('amount')),
      currency: String(form.get('currency')),
      metadata,
      status: 'requires_payment_method',
    };
    intents.set(id, intent);
    send(res, 200, { ...intent, object: 'payment_intent' });
  }

  async function confirm(id: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    const intent = intents.get(id);
    if (intent === undefined || form.get('client_secret') !== intent.client_secret) {
      send(res, 404, { error: { type: 'invalid_request_error', message: 'No such payment intent.' } });
      return;
    }
    const card = (form.get('card_number') ?? '').replace(/\D/g, '');
    if (card !== ACCEPTED) {
      const message = 'Your card was declined.';
      send(res, 402, { error: { type: 'card_error', code: 'card_declined', message } });
      void notify('payment_intent.payment_failed', intent, {
        last_payment_error: { code: 'card_declined', message },
      });
      return;
    }
    intent.status = 'succeeded';
    send(res, 200, { id, object: 'payment_intent', status: intent.status });
    // Stripe tells the service after it answered the browser; the widget polls until confirmed.
    void notify('payment_intent.succeeded', intent, { amount_received: intent.amount });
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const confirmMatch = /^\/v1\/payment_intents\/(pi_[a-f0-9]+)\/confirm$/.exec(path);
    let handled: Promise<void> | null = null;
    if (req.method === 'OPTIONS') res.writeHead(204, CORS).end();
    else if (req.method === 'POST' && path === '/v1/payment_intents') handled = create(req, res);
    else if (req.method === 'POST' && confirmMatch?.[1] !== undefined) handled = confirm(confirmMatch[1], req, res);
    else send(res, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } });
    handled?.catch((error: unknown) => {
      send(res, 500, { error: { type: 'api_error', message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stripe: new Stripe('sk_test_example_stand_in', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentIntentEvent, stripeSignature } from './payment-client.ts';

/**
 * A local stand-in for the card processor's Checkout (docs/guest-page.md#paying-the-balance-by-card):
 * it answers `POST /v1/checkout/sessions` as the processor does (the fields the official `stripe`
 * package reads), remembers each request's form fields as the package sent them, and serves the
 * session's page. Paying there (`POST /c/pay/<id>`) does what the processor does: it sends the
 * signed `payment_intent.succeeded` event, with the intent's metadata from the session, to the
 * payment webhook, then sends the guest back to the session's `success_url` (303).
 */
export interface CheckoutStandIn {
  /** STRIPE_API_BASE for the app under test. */
  url: string;
  sessions: { id: string; form: Record<string, string> }[];
  /** Where paying sends the event, and the signing secret; set once the app's address is known. */
  webhook: { url: string; secret: string } | null;
  /** The answers of the payment webhook to the events sent. */
  delivered: { status: number; body: string }[];
  close(): Promise<void>;
}

function readBody(req: import('node:http').IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      resolve(raw);
    });
  });
}

export async function startCheckoutStandIn(): Promise<CheckoutStandIn> {
  const standIn: CheckoutStandIn = {
    url: '',
    sessions: [],
    webhook: null,
    delivered: [],
    close: () => Promise.resolve(),
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const page = /^\/c\/pay\/(cs_[a-z0-9_]+)$/.exec(req.url ?? '');
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const form = Object.fromEntries(new URLSearchParams(raw));
        const id = `cs_standin_${standIn.sessions.length + 1}`;
        standIn.sessions.push({ id, form });
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${id}` }).end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            mode: form.mode,
            status: 'open',
            url: `${standIn.url}/c/pay/${id}`,
          }),
        );
        return;
      }
      const session = standIn.sessions.find((s) => s.id === page?.[1]);
      if (session !== undefined && req.method === 'GET') {
        const amount = session.form['line_items[0][price_data][unit_amount]'];
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><html lang="en"><head><title>Pay</title><link rel="icon" href="data:,"></head><body><main><h1>Pay ${amount}</h1>` +
              `<form method="post"><button type="submit">Pay now</button></form></main></body></html>`,
          );
        return;
      }
      if (session !== undefined && req.method === 'POST' && standIn.webhook !== null) {
        const f = session.form;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(f)) {
          const m = /^payment_intent_data\[metadata\]\[(.+)\]$/.exec(k);
          if (m?.[1] !== undefined) metadata[m[1]] = v;
        }
        const event = paymentIntentEvent('payment_intent.succeeded', {
          id: `pi_${session.id}`,
          amount: Number(f['line_items[0][price_data][unit_amount]']),
          amount_received: Number(f['line_items[0][price_data][unit_amount]']),
          currency: f['line_items[0][price_data][currency]'],
          metadata,
        });
        const payload = JSON.stringify(event);
        const answer = await fetch(standIn.webhook.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': stripeSignature(payload, standIn.webhook.secret),
          },
          body: payload,
        });
        standIn.delivered.push({ status: answer.status, body: await answer.text() });
        res.writeHead(303, { location: f.success_url ?? '/' }).end();
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not here"}}');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.url = `http://127.0.0.1:${port}`;
  standIn.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        resolve();
      });
    });
  return standIn;
}

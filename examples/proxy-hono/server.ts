/**
 * The booking proxy of @staydesk/client mounted on Hono: the browser calls /book/availability,
 * /book/bookings and /book/bookings/:id on this server, which holds the Staydesk API key and the
 * card processor's secret key; neither ever reaches the browser.
 *
 *   STAYDESK_URL=… STAYDESK_API_KEY=… [STRIPE_SECRET_KEY=…] [PORT=8080] node server.ts
 *
 * Hono hands routes the web-standard Request, so the proxy is mounted as it is.
 */
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createClient } from '@staydesk/client';
import { createBookingProxy } from '@staydesk/client/proxy';
import { Hono } from 'hono';
import Stripe from 'stripe';

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
}

/** STRIPE_API_BASE points the stripe package at another host, e.g. a local mock (http://localhost:12111). */
function stripeHost(base: string | undefined): Stripe.StripeConfig {
  if (base === undefined || base === '') return {};
  const url = new URL(base);
  return { host: url.hostname, port: url.port, protocol: url.protocol === 'http:' ? 'http' : 'https' };
}

const client = createClient({ baseUrl: required('STAYDESK_URL'), apiKey: required('STAYDESK_API_KEY') });
const stripeKey = process.env.STRIPE_SECRET_KEY;
const stripe =
  stripeKey === undefined || stripeKey === ''
    ? undefined
    : new Stripe(stripeKey, stripeHost(process.env.STRIPE_API_BASE));

// The proxy limits requests per browser address; this server answers browsers directly, so the
// address is the connection's (behind one load balancer, leave clientAddress out: the last
// X-Forwarded-For entry, the one the load balancer appended).
const addresses = new WeakMap<Request, string>();
const proxy = createBookingProxy({ client, stripe, clientAddress: (request) => addresses.get(request) });

const app = new Hono();
app.all('/book/*', (c) => {
  const address = getConnInfo(c).remote.address;
  if (address !== undefined) addresses.set(c.req.raw, address);
  return proxy(c.req.raw);
});

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 8080), hostname: '127.0.0.1' }, (info) => {
  console.log(`Booking proxy (Hono) listening on http://127.0.0.1:${info.port}/book`);
});

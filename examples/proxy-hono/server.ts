/**
 * The booking proxy of @staydesk/client mounted on Hono: the browser calls /book/availability,
 * /book/calendar, /book/bookings and /book/bookings/:id on this server, which holds the Staydesk
 * API key and the card processor's secret key; neither ever reaches the browser.
 *
 *   STAYDESK_URL=… STAYDESK_API_KEY=… [STRIPE_SECRET_KEY=…] [STATUS_SECRET=…] [PORT=8080] node server.ts
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

// The proxy counts each visitor's requests and card drafts by address. This server answers
// browsers directly, so the visitor's address is the connection's, handed to the proxy with each
// request. Behind a load balancer of your own, add `trustedProxies: 1` (the X-Forwarded-For entry
// it appends); set STATUS_SECRET when several instances share the work.
const proxy = createBookingProxy({ client, stripe, statusSecret: process.env.STATUS_SECRET });

const app = new Hono();
app.all('/book/*', (c) => proxy(c.req.raw, { address: getConnInfo(c).remote.address }));

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 8080), hostname: '127.0.0.1' }, (info) => {
  console.log(`Booking proxy (Hono) listening on http://127.0.0.1:${info.port}/book`);
});

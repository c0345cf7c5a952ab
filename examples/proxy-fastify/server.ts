/**
 * The booking proxy of @staydesk/client mounted on Fastify: the browser calls /book/availability,
 * /book/calendar, /book/bookings and /book/bookings/:id on this server, which holds the Staydesk
 * API key and the card processor's secret key; neither ever reaches the browser.
 *
 *   STAYDESK_URL=… STAYDESK_API_KEY=… [STRIPE_SECRET_KEY=…] [STATUS_SECRET=…] [PORT=8080] node server.ts
 *
 * Fastify has its own request and reply, so the route turns one into a web-standard Request and
 * the proxy's Response back into a reply.
 */
import { createClient } from '@staydesk/client';
import { createBookingProxy } from '@staydesk/client/proxy';
import Fastify from 'fastify';
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

// The proxy counts each visitor's requests and card drafts by address: the route hands it
// Fastify's request.ip, the connection's address (or, with Fastify's trustProxy option set behind
// a load balancer, the address it forwarded; the proxy's own trustedProxies then stays 0). Set
// STATUS_SECRET when several instances share the work.
const proxy = createBookingProxy({ client, stripe, statusSecret: process.env.STATUS_SECRET });

const app = Fastify();
await app.register(
  (scope, _options, done) => {
    // The proxy reads the body itself: hand it over unparsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, next) => {
      next(null, body);
    });
    scope.all('/*', async (request, reply) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
      const webRequest = new Request(`http://${request.host}${request.url}`, {
        method: request.method,
        headers,
        ...(hasBody ? { body: new Uint8Array(request.body as Buffer) } : {}),
      });
      const response = await proxy(webRequest, { address: request.ip });
      reply.code(response.status);
      for (const [name, value] of response.headers) void reply.header(name, value);
      return reply.send(await response.text());
    });
    done();
  },
  { prefix: '/book' },
);

const address = await app.listen({ port: Number(process.env.PORT ?? 8080), host: '127.0.0.1' });
console.log(`Booking proxy (Fastify) listening on ${address}/book`);

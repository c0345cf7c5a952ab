import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import type { TestApp } from './test-app.ts';

/** A card processor event in Stripe's format, around a payment intent. */
export function paymentIntentEvent(
  type: string,
  intent: Record<string, unknown>,
  id = `evt_${randomBytes(8).toString('hex')}`,
) {
  return {
    id,
    object: 'event',
    api_version: '2025-01-27',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: {
      object: { id: `pi_${randomBytes(8).toString('hex')}`, object: 'payment_intent', status: 'succeeded', ...intent },
    },
  };
}

/** Signs the exact bytes with Stripe's own test helper, as the processor would. */
export function stripeSignature(payload: string, secret: string, at: Date = new Date()): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(at.getTime() / 1000) });
}

export function postPaymentEvent(
  t: TestApp,
  event: unknown,
  options: { secret?: string; header?: string; raw?: string; at?: Date } = {},
): Promise<LightMyRequestResponse> {
  const payload = options.raw ?? JSON.stringify(event);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  const header =
    options.header ?? (options.secret === undefined ? undefined : stripeSignature(payload, options.secret, options.at));
  if (header !== undefined) headers['stripe-signature'] = header;
  return t.request({ method: 'POST', url: `/${t.config.slug}/api/payment/webhook`, headers, payload, key: null });
}

import type Stripe from 'stripe';
import type { Config } from '../config/config.ts';
import type { Executor } from '../db/store.ts';
import { stripeSecretKey } from '../settings/secret-status.ts';

/**
 * The guest paying their open balance by card on their page (docs/guest-page.md#paying-the-balance-by-card):
 * a Checkout Session of the card processor, made with the official `stripe` package and the
 * processor's secret API key (settings `stripe_secret_key`, else STRIPE_SECRET_KEY; never shown
 * or logged). Its payment intent carries `metadata.booking_reference` (the confirmation code) and
 * `metadata.payment_for = balance`, so that the processor's signed `payment_intent.succeeded`
 * event, through the payment webhook, records it on the booking as a card payment of its balance.
 */

/** `metadata.payment_for` of a payment a guest started on their page. */
export const BALANCE_PAYMENT = 'balance';

export interface BalanceCheckout {
  /** The booking's confirmation code: the intent's `metadata.booking_reference`. */
  confirmationCode: string;
  /** The open balance, minor units of `currency`. */
  amount: number;
  currency: string;
  /** What the guest reads on the processor's page. */
  description: string;
  /** Where the processor sends the guest back, paid or not: the guest's page. */
  returnUrl: string;
  email: string | null;
  /** The processor's page in the guest's language. */
  language: string;
}

type StripeApi = Pick<Config, 'stripeSecretKey' | 'stripeApiBase'>;

let client: { key: string; stripe: Stripe } | null = null;

/** The `stripe` package (loaded on first use) with this key, pointed at STRIPE_API_BASE when set. */
async function stripeClient(key: string, config: StripeApi): Promise<Stripe> {
  if (client?.key === key) return client.stripe;
  const { default: StripeClass } = await import('stripe');
  const base = config.stripeApiBase;
  const stripe = new StripeClass(key, {
    ...(base === null ? {} : { host: base.host, port: base.port, protocol: base.protocol }),
    maxNetworkRetries: 1,
    timeout: 10_000,
  });
  client = { key, stripe };
  return stripe;
}

/** Whether guests can pay by card: the processor's secret API key is set. */
export async function cardPaymentsReady(db: Executor, config: StripeApi): Promise<boolean> {
  return (await stripeSecretKey(db, config)) !== null;
}

/** Why a checkout could not be started (the guest is told to try again later). */
export class CheckoutUnavailableError extends Error {
  override readonly name = 'CheckoutUnavailableError';
}

/**
 * A Checkout Session for the balance; returns the processor's page to send the guest to.
 * Throws CheckoutUnavailableError when no key is set or the processor refuses or cannot be reached.
 */
export async function createBalanceCheckout(
  db: Executor,
  config: StripeApi,
  checkout: BalanceCheckout,
): Promise<string> {
  const key = await stripeSecretKey(db, config);
  if (key === null) throw new CheckoutUnavailableError('no card processor key is set');
  const stripe = await stripeClient(key.value, config);
  const metadata = { booking_reference: checkout.confirmationCode, payment_for: BALANCE_PAYMENT };
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: checkout.currency.toLowerCase(),
            unit_amount: checkout.amount,
            product_data: { name: checkout.description },
          },
        },
      ],
      payment_intent_data: { metadata, description: checkout.description },
      metadata,
      client_reference_id: checkout.confirmationCode,
      ...(checkout.email === null || checkout.email === '' ? {} : { customer_email: checkout.email }),
      locale: checkout.language,
      success_url: `${checkout.returnUrl}?paid=1`,
      cancel_url: checkout.returnUrl,
    });
  } catch (error) {
    // The processor's message may quote the request; only its kind is kept.
    throw new CheckoutUnavailableError(`the card processor refused the checkout (${errorKind(error)})`);
  }
  if (typeof session.url !== 'string' || !/^https?:\/\//.test(session.url))
    throw new CheckoutUnavailableError('the card processor answered without a checkout page');
  return session.url;
}

function errorKind(error: unknown): string {
  return error instanceof Error ? error.name : 'unknown error';
}

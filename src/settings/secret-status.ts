import type { Config } from '../config/config.ts';
import type { Executor } from '../db/store.ts';
import { getSetting } from './settings-repository.ts';

/**
 * Where each signing secret comes from. The card processor's secret may be set in settings or
 * in PAYMENT_WEBHOOK_SECRET; the one set in settings wins, so an operator can rotate it without
 * a restart. The processor's secret API key (guests paying their balance on their page) is kept
 * the same way: settings `stripe_secret_key`, else STRIPE_SECRET_KEY.
 */

export type PaymentSecretSource = 'settings' | 'environment';

export async function paymentWebhookSecret(
  db: Executor,
  config: Pick<Config, 'paymentWebhookSecret'>,
): Promise<{ value: string; source: PaymentSecretSource } | null> {
  const stored = await getSetting(db, 'payment_webhook_secret');
  if (stored !== null) return { value: stored, source: 'settings' };
  if (config.paymentWebhookSecret !== null) return { value: config.paymentWebhookSecret, source: 'environment' };
  return null;
}

/** The card processor's secret API key, from settings or the environment, or null when neither has one. */
export async function stripeSecretKey(
  db: Executor,
  config: Pick<Config, 'stripeSecretKey'>,
): Promise<{ value: string; source: PaymentSecretSource } | null> {
  const stored = await getSetting(db, 'stripe_secret_key');
  if (stored !== null) return { value: stored, source: 'settings' };
  if (config.stripeSecretKey !== null) return { value: config.stripeSecretKey, source: 'environment' };
  return null;
}

export interface SecretStatus {
  webhook_secret: { set: boolean };
  payment_webhook_secret: { set: boolean; source: PaymentSecretSource | null };
  stripe_secret_key: { set: boolean; source: PaymentSecretSource | null };
  /** Not a secret: where overbooking alerts are mailed. */
  host_email: string | null;
}

/** Whether each secret is set, never its value; the host's alert address. */
export async function secretStatus(
  db: Executor,
  config: Pick<Config, 'paymentWebhookSecret' | 'stripeSecretKey'>,
): Promise<SecretStatus> {
  const payment = await paymentWebhookSecret(db, config);
  const key = await stripeSecretKey(db, config);
  return {
    webhook_secret: { set: (await getSetting(db, 'webhook_secret')) !== null },
    payment_webhook_secret: { set: payment !== null, source: payment?.source ?? null },
    stripe_secret_key: { set: key !== null, source: key?.source ?? null },
    host_email: await getSetting(db, 'host_email'),
  };
}

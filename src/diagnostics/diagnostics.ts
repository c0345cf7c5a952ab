import type { AppContext } from '../app-context.ts';
import { failingFeeds } from '../ical/feed-health.ts';
import { paymentWebhookSecret } from '../settings/secret-status.ts';
import { webhookSignaturesEnabled } from '../webhooks/webhook-secret.ts';

export const SERVICE_VERSION = '1.0.0';

async function signatures(ctx: AppContext): Promise<'on' | 'off'> {
  return (await webhookSignaturesEnabled(ctx.db)) ? 'on' : 'off';
}

/** Store round trip and whether webhook signatures are checked; never a secret. */
export async function calendarHealth(ctx: AppContext) {
  const started = performance.now();
  let status = 'ok';
  try {
    await ctx.store.ping();
  } catch {
    status = 'degraded';
  }
  const latency = Math.round((performance.now() - started) * 1000) / 1000;
  return {
    status,
    version: SERVICE_VERSION,
    store: ctx.store.kind,
    store_latency_ms: latency,
    webhook_signatures: await signatures(ctx),
    timestamp: new Date().toISOString(),
  };
}

/** A connectivity answer that, like every diagnostic answer, says when signatures are off. */
export async function calendarTest(ctx: AppContext) {
  const webhook_signatures = await signatures(ctx);
  return {
    status: 'ok',
    message:
      webhook_signatures === 'on'
        ? 'The calendar service is reachable.'
        : 'The calendar service is reachable. Webhook signatures are off: unsigned webhook calls are accepted.',
    webhook_signatures,
    timestamp: new Date().toISOString(),
  };
}

async function count(
  ctx: AppContext,
  table: 'accommodations' | 'bookings' | 'guests' | 'external_feeds' | 'outbox',
): Promise<number> {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Diagnostics for integrators. Configuration is listed only by what is safe to show: whether
 * a secret or SMTP server is configured, never its value; the store without credentials.
 */
export async function calendarDebug(ctx: AppContext) {
  const accommodations = await ctx.db
    .selectFrom('accommodations')
    .select(['id', 'name', 'currency', 'timezone'])
    .where('archived_at', 'is', null)
    .orderBy('id')
    .limit(100)
    .execute();
  const statuses = await ctx.db
    .selectFrom('bookings')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('mode', '=', 'live')
    .groupBy('status')
    .execute();
  const paymentSecret = (await paymentWebhookSecret(ctx.db, ctx.config)) !== null;
  return {
    version: SERVICE_VERSION,
    api_version: '1.0',
    slug: ctx.config.slug,
    store: ctx.store.kind,
    node_version: process.version,
    uptime_seconds: Math.round(process.uptime()),
    accommodations,
    counts: {
      accommodations: await count(ctx, 'accommodations'),
      bookings: await count(ctx, 'bookings'),
      bookings_by_status: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
      partners: await count(ctx, 'guests'),
      external_feeds: await count(ctx, 'external_feeds'),
      outbox: await count(ctx, 'outbox'),
    },
    failing_feeds: await failingFeeds(ctx.db),
    configuration: {
      public_base_url: ctx.config.publicBaseUrl,
      draft_hold_seconds: ctx.config.draftHoldSeconds,
      ical_sync_interval_seconds: ctx.config.icalSyncIntervalSeconds,
      ical_allow_private_networks: ctx.config.allowPrivateNetworks,
      smtp_configured: ctx.config.smtpUrl !== null,
      mail_from: ctx.config.mailFrom,
      payment_webhook_secret_configured: paymentSecret,
      webhook_signatures: await signatures(ctx),
      log_level: ctx.config.logLevel,
    },
  };
}

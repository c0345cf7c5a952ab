import assert from 'node:assert/strict';
import { createCliStore, runCli, startCli, type CliStore, type RunningCli } from './cli.ts';
import { paymentIntentEvent, stripeSignature } from './payment-client.ts';

/**
 * The real `staydesk serve` process on a fresh store, as a partner meets it: an API key, the demo
 * accommodation (`seed-demo`) and a payment webhook secret, so that card payments can be confirmed
 * with events signed as the processor signs them.
 */
export interface RunningStaydesk {
  base: string;
  apiKey: string;
  accommodationId: number;
  store: CliStore;
  server: RunningCli;
  /** Posts a signed `payment_intent.succeeded` for this intent to the payment webhook; answers its body. */
  pay(intent: { amount: number; currency: string; metadata: Record<string, string> }): Promise<{ outcome: string }>;
  close(): Promise<void>;
}

const PAYMENT_SECRET = 'whsec_e2e_running_staydesk';

/** `env`: more settings for the `serve` process. */
export async function startStaydesk(env: Record<string, string> = {}): Promise<RunningStaydesk> {
  const store = await createCliStore();
  let server: RunningCli | undefined;
  try {
    const key = await runCli(['apikey', 'create', '--name', 'partner'], store.env);
    assert.equal(key.code, 0, key.stderr);
    const seeded = await runCli(['seed-demo'], store.env);
    assert.equal(seeded.code, 0, seeded.stderr);
    server = startCli(
      ['serve'],
      { ...store.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', PAYMENT_WEBHOOK_SECRET: PAYMENT_SECRET, ...env },
      { cwd: store.dir },
    );
    const line = await server.waitForLine((l) => l.includes('Staydesk listening on'));
    const base = /listening on (http:\/\/[^\s"]+)/.exec(line)?.[1];
    assert.ok(base, line);
    const running = server;
    return {
      base,
      apiKey: key.lastLine,
      accommodationId: Number(seeded.lastLine),
      store,
      server,
      pay: async (intent) => {
        const payload = JSON.stringify(
          paymentIntentEvent('payment_intent.succeeded', { ...intent, amount_received: intent.amount }),
        );
        const res = await fetch(`${base}/staydesk/api/payment/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, PAYMENT_SECRET) },
          body: payload,
        });
        const text = await res.text();
        assert.equal(res.status, 200, text);
        return JSON.parse(text) as { outcome: string };
      },
      close: async () => {
        running.kill();
        await store.cleanup();
      },
    };
  } catch (error) {
    server?.kill();
    await store.cleanup();
    throw error;
  }
}

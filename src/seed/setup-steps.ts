import type { AppContext } from '../app-context.ts';
import { accommodationHasBookings, deleteAccommodation } from '../accommodations/accommodation-repository.ts';
import type { StoreContext } from '../db/store.ts';
import { conflict } from '../http/errors.ts';
import { mailSent, type MailSent } from '../mail/mail-health.ts';
import { readHostIdentity } from '../settings/host-identity.ts';
import { paymentWebhookSecret } from '../settings/secret-status.ts';
import { DEMO_NAME } from './demo-accommodation.ts';
import { DEMO_KEY_NAME } from './first-run.ts';

/**
 * The set-up a new host goes through, step by step, each read from the store as it is (nothing
 * records that a step was "done": adding a home ticks its step, deleting it unticks it). The
 * console's Today page lists them until every one is done.
 *
 * The demo home and key are the ones the first start seeded (seed/first-run.ts), found by their
 * names: a demo home renamed is the host's own.
 */

export type SetupStepName = 'business' | 'home' | 'mail' | 'channel' | 'card' | 'partner_key' | 'demo';

export interface SetupFacts {
  businessSet: boolean;
  /** A home other than the demo: its id (the lowest), or null. */
  firstHomeId: number | null;
  smtpConfigured: boolean;
  /** What mail has gone out and what waits (the step's words follow it). */
  mail: MailSent;
  feedCount: number;
  cardSecretSet: boolean;
  partnerKeyCount: number;
  demo: { accommodationId: number | null; keyIds: number[] };
}

export interface SetupStep {
  name: SetupStepName;
  done: boolean;
}

/** The steps in the order a host takes them, each with its state. Pure. */
export function setupSteps(f: SetupFacts): SetupStep[] {
  return [
    { name: 'business', done: f.businessSet },
    { name: 'home', done: f.firstHomeId !== null },
    { name: 'mail', done: f.smtpConfigured && f.mail.sent },
    { name: 'channel', done: f.feedCount > 0 },
    { name: 'card', done: f.cardSecretSet },
    { name: 'partner_key', done: f.partnerKeyCount > 0 },
    { name: 'demo', done: f.demo.accommodationId === null && f.demo.keyIds.length === 0 },
  ];
}

export async function readSetupFacts(ctx: AppContext): Promise<SetupFacts> {
  const db = ctx.db;
  const [identity, homes, mail, feeds, secret, keys] = await Promise.all([
    readHostIdentity(db),
    db.selectFrom('accommodations').select(['id', 'name']).where('archived_at', 'is', null).orderBy('id').execute(),
    mailSent(db),
    db
      .selectFrom('external_feeds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    paymentWebhookSecret(db, ctx.config),
    db.selectFrom('api_keys').select(['id', 'name', 'scope']).where('revoked_at', 'is', null).execute(),
  ]);
  const demoHome = homes.find((h) => h.name === DEMO_NAME);
  const demoKeys = keys.filter((k) => k.name === DEMO_KEY_NAME);
  return {
    businessSet: identity.business !== null,
    firstHomeId: homes.find((h) => h.name !== DEMO_NAME)?.id ?? null,
    smtpConfigured: ctx.config.smtpUrl !== null,
    mail,
    feedCount: feeds.n,
    cardSecretSet: secret !== null,
    partnerKeyCount: keys.filter((k) => k.scope === 'api' && k.name !== DEMO_KEY_NAME).length,
    demo: { accommodationId: demoHome?.id ?? null, keyIds: demoKeys.map((k) => k.id) },
  };
}

/**
 * Removes what the first start seeded, in one transaction: the demo home (with its prices, blocks
 * and feeds) and the demo API key (revoked, so it stops working at once). A demo home with
 * bookings is refused (409 has_bookings): bookings are never deleted, so the host cancels them
 * or keeps the home under another name. A demo home archived already (deleted with bookings on
 * its own page) is left as it is.
 */
export async function removeDemo(ctx: StoreContext): Promise<{ accommodationId: number | null; keyIds: number[] }> {
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const home = await trx
      .selectFrom('accommodations')
      .select('id')
      .where('name', '=', DEMO_NAME)
      .where('archived_at', 'is', null)
      .executeTakeFirst();
    if (home !== undefined) {
      if (await accommodationHasBookings(trx, home.id))
        throw conflict(
          'has_bookings',
          `The demo home “${DEMO_NAME}” has bookings, so it cannot be removed: bookings are never deleted. ` +
            'Cancel them first, or rename the home to keep it as one of yours.',
          { parameter: 'id', received: home.id },
        );
      await deleteAccommodation(trx, home.id);
    }
    const keys = await trx
      .updateTable('api_keys')
      .set({ revoked_at: new Date().toISOString() })
      .where('name', '=', DEMO_KEY_NAME)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return { accommodationId: home?.id ?? null, keyIds: keys.map((k) => k.id) };
  });
  if (removed.accommodationId !== null)
    ctx.store.changes.committed({ table: 'accommodations', id: String(removed.accommodationId) });
  for (const id of removed.keyIds) ctx.store.changes.committed({ table: 'api_keys', id: String(id) });
  return removed;
}

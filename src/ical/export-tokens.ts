import { randomBytes } from 'node:crypto';
import type { Config } from '../config/config.ts';
import { requireAccommodation } from '../accommodations/manage-accommodations.ts';
import type { Db, Executor } from '../db/store.ts';

/**
 * The secret URLs of exported calendars. Each token is 256 random bits (43 base64url characters);
 * the URL is the credential, as for invoices, so the token is kept as an unguessable value (it
 * must be shown again in `ical_export_url`). One token per accommodation (every taken night) and
 * one per feed (every taken night but that feed's own imports). Rotating replaces them all.
 */

export function newExportToken(): string {
  return randomBytes(32).toString('base64url');
}

export function exportUrl(config: Pick<Config, 'publicBaseUrl' | 'slug'>, token: string): string {
  return `${config.publicBaseUrl}/${config.slug}/ical/${token}.ics`;
}

/** The accommodation's token, made on first use. */
export async function accommodationExportToken(db: Executor, accommodationId: number, now: Date): Promise<string> {
  const existing = await db
    .selectFrom('ical_exports')
    .select('token')
    .where('accommodation_id', '=', accommodationId)
    .executeTakeFirst();
  if (existing !== undefined) return existing.token;
  await db
    .insertInto('ical_exports')
    .values({ accommodation_id: accommodationId, token: newExportToken(), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('accommodation_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('ical_exports')
    .select('token')
    .where('accommodation_id', '=', accommodationId)
    .executeTakeFirstOrThrow();
  return row.token;
}

/** A feed's token, made on first use. */
export async function feedExportToken(db: Executor, feedId: number): Promise<string> {
  await db
    .updateTable('external_feeds')
    .set({ export_token: newExportToken() })
    .where('id', '=', feedId)
    .where('export_token', 'is', null)
    .execute();
  const row = await db
    .selectFrom('external_feeds')
    .select('export_token')
    .where('id', '=', feedId)
    .executeTakeFirstOrThrow();
  return row.export_token ?? '';
}

/** Rotates an accommodation's export URLs in one transaction (a 404 for an unknown one); returns its new token. */
export async function rotateExportUrls(db: Db, accommodationId: number, now: Date): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await requireAccommodation(trx, accommodationId);
    return rotateExportTokens(trx, accommodationId, now);
  });
}

/** New tokens for the accommodation and each of its feeds: every old export URL stops working. */
export async function rotateExportTokens(db: Executor, accommodationId: number, now: Date): Promise<string> {
  const token = newExportToken();
  await db
    .insertInto('ical_exports')
    .values({ accommodation_id: accommodationId, token, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('accommodation_id').doUpdateSet({ token, created_at: now.toISOString() }))
    .execute();
  const feeds = await db
    .selectFrom('external_feeds')
    .select('id')
    .where('accommodation_id', '=', accommodationId)
    .execute();
  for (const feed of feeds)
    await db.updateTable('external_feeds').set({ export_token: newExportToken() }).where('id', '=', feed.id).execute();
  return token;
}

export interface ExportTarget {
  accommodationId: number;
  /** The feed whose own imports are left out; null for the accommodation's full calendar. */
  excludeFeedId: number | null;
  /** The ETag last served at this URL and when it last changed (null before the first answer). */
  etag: string | null;
  modifiedAt: string | null;
}

export async function findExportTarget(db: Executor, token: string): Promise<ExportTarget | undefined> {
  const whole = await db
    .selectFrom('ical_exports')
    .select(['accommodation_id', 'etag', 'modified_at'])
    .where('token', '=', token)
    .executeTakeFirst();
  if (whole !== undefined)
    return {
      accommodationId: whole.accommodation_id,
      excludeFeedId: null,
      etag: whole.etag,
      modifiedAt: whole.modified_at,
    };
  const feed = await db
    .selectFrom('external_feeds')
    .select(['id', 'accommodation_id', 'export_etag', 'export_modified_at'])
    .where('export_token', '=', token)
    .executeTakeFirst();
  return feed === undefined
    ? undefined
    : {
        accommodationId: feed.accommodation_id,
        excludeFeedId: feed.id,
        etag: feed.export_etag,
        modifiedAt: feed.export_modified_at,
      };
}

/**
 * When the export at this URL last changed: the stored time while its ETag is the same, else now
 * (stored with the new ETag). The first answer with new content is the moment a channel can
 * have seen it, which is what echo detection asks (echoes.ts). A write only when the content
 * changed, so a channel polling an unchanged calendar costs no write.
 */
export async function exportVersionTime(db: Executor, target: ExportTarget, etag: string, now: Date): Promise<string> {
  if (target.etag === etag && target.modifiedAt !== null) return target.modifiedAt;
  const at = now.toISOString();
  if (target.excludeFeedId === null)
    await db
      .updateTable('ical_exports')
      .set({ etag, modified_at: at })
      .where('accommodation_id', '=', target.accommodationId)
      .execute();
  else
    await db
      .updateTable('external_feeds')
      .set({ export_etag: etag, export_modified_at: at })
      .where('id', '=', target.excludeFeedId)
      .execute();
  return at;
}

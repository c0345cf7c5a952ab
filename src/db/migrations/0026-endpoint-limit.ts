import { type Kysely } from 'kysely';

/**
 * `api_keys.endpoint_limit`: how many event endpoints the key may have, set by the host for one
 * key; null keeps the operator's ENDPOINTS_PER_KEY.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('endpoint_limit', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('endpoint_limit').execute();
}

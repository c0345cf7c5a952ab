import { MAX_AMOUNT_MINOR } from '../shared/money.ts';
import type { Executor } from '../db/store.ts';

/** Nightly price overrides (minor units); a night without a row costs the base price. */

export interface NightlyPrice {
  night: string;
  price: number;
}

/** Sets the price of each night, replacing any earlier override. */
export async function setNightlyPrices(
  db: Executor,
  accommodationId: number,
  nights: readonly string[],
  price: number,
): Promise<void> {
  if (nights.length === 0) return;
  await db
    .insertInto('nightly_prices')
    .values(nights.map((night) => ({ accommodation_id: accommodationId, night, price })))
    .onConflict((oc) =>
      oc.columns(['accommodation_id', 'night']).doUpdateSet((eb) => ({ price: eb.ref('excluded.price') })),
    )
    .execute();
}

/** Removes the overrides of the nights in [from, to); returns how many there were. */
export async function clearNightlyPrices(
  db: Executor,
  accommodationId: number,
  from: string,
  to: string,
): Promise<number> {
  const result = await db
    .deleteFrom('nightly_prices')
    .where('accommodation_id', '=', accommodationId)
    .where('night', '>=', from)
    .where('night', '<', to)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The overrides of the nights in [from, to), by night. */
export function listNightlyPrices(
  db: Executor,
  accommodationId: number,
  from: string,
  to: string,
): Promise<NightlyPrice[]> {
  return db
    .selectFrom('nightly_prices')
    .select(['night', 'price'])
    .where('accommodation_id', '=', accommodationId)
    .where('night', '>=', from)
    .where('night', '<', to)
    .orderBy('night')
    .execute();
}

/** The overrides of the nights in [from, to) as night → price (minor units). */
export async function nightlyPriceMap(
  db: Executor,
  accommodationId: number,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  return new Map((await listNightlyPrices(db, accommodationId, from, to)).map((p) => [p.night, p.price]));
}

/**
 * Re-expresses every override in another currency's minor units, keeping its major value.
 * Returns the first night whose price the new currency cannot hold, with too many decimals or
 * above MAX_AMOUNT_MINOR (nothing is changed then).
 */
export async function rescaleNightlyPrices(
  db: Executor,
  accommodationId: number,
  fromDecimals: number,
  toDecimals: number,
): Promise<NightlyPrice | null> {
  if (toDecimals > fromDecimals) {
    const factor = 10 ** (toDecimals - fromDecimals);
    const tooLarge = await db
      .selectFrom('nightly_prices')
      .select(['night', 'price'])
      .where('accommodation_id', '=', accommodationId)
      .where('price', '>', Math.floor(MAX_AMOUNT_MINOR / factor))
      .orderBy('night')
      .executeTakeFirst();
    if (tooLarge !== undefined) return tooLarge;
    await db
      .updateTable('nightly_prices')
      .set((eb) => ({ price: eb('price', '*', factor) }))
      .where('accommodation_id', '=', accommodationId)
      .execute();
  } else if (toDecimals < fromDecimals) {
    const factor = 10 ** (fromDecimals - toDecimals);
    const lossy = await db
      .selectFrom('nightly_prices')
      .select(['night', 'price'])
      .where('accommodation_id', '=', accommodationId)
      .where((eb) => eb(eb('price', '%', factor), '!=', 0))
      .orderBy('night')
      .executeTakeFirst();
    if (lossy !== undefined) return lossy;
    // Integer division on both stores; exact, since every price is a multiple of the factor.
    await db
      .updateTable('nightly_prices')
      .set((eb) => ({ price: eb('price', '/', factor) }))
      .where('accommodation_id', '=', accommodationId)
      .execute();
  }
  return null;
}

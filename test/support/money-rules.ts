import type { NewAccommodation } from '../../src/db/schema.ts';

/**
 * An accommodation's money columns as they are stored (minor units, parts per million, JSON
 * text), for makeAccommodation's overrides: tests set them directly, beside the admin API.
 */
export function moneyRules(rules: {
  /** Minor units. */
  deposit?: number;
  /** [days_before_checkin, fee as a fraction]. */
  policy?: [number, number][];
  terms?: { deposit_fraction: number; balance_days_before: number };
}): Partial<NewAccommodation> {
  const ppm = (fraction: number) => Math.round(fraction * 1_000_000);
  return {
    ...(rules.deposit === undefined ? {} : { damage_deposit: rules.deposit }),
    ...(rules.policy === undefined
      ? {}
      : {
          cancellation_policy: JSON.stringify(
            rules.policy.map(([days, fee]) => ({ days_before_checkin: days, fee_ppm: ppm(fee) })),
          ),
        }),
    ...(rules.terms === undefined
      ? {}
      : {
          payment_terms: JSON.stringify({
            deposit_ppm: ppm(rules.terms.deposit_fraction),
            balance_days_before: rules.terms.balance_days_before,
          }),
        }),
  };
}

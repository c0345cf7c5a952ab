import type { CancellationTier } from '../accommodations/money-rules.ts';
import { applyPpm } from '../shared/money.ts';

/**
 * The fee a cancellation keeps (pure; docs/money.md#cancellation-policy): the tier with the largest
 * `days_before_checkin` not above the days left applies its fraction to the total, rounded half
 * away from zero to the minor unit. No policy, no tier that applies, or a stay already begun with
 * no tier at 0 days: no fee. `daysLeft` is counted from today to check-in in the home's time zone
 * (negative once the stay has begun, which the 0-day tier covers).
 */
export function cancellationFee(tiers: readonly CancellationTier[] | null, total: number, daysLeft: number): number {
  if (tiers === null || total <= 0) return 0;
  let best: CancellationTier | null = null;
  for (const tier of tiers) {
    if (
      tier.days_before_checkin <= Math.max(daysLeft, 0) &&
      (best === null || tier.days_before_checkin > best.days_before_checkin)
    )
      best = tier;
  }
  return best === null ? 0 : applyPpm(total, best.fee_ppm);
}

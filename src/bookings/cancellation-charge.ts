import { readCancellationPolicy } from '../accommodations/money-rules.ts';
import type { Booking } from '../db/schema.ts';
import type { Unit } from '../db/unit-of-work.ts';
import { cancellationFee } from '../pricing/cancellation-fee.ts';
import { diffDays, todayIn } from '../shared/dates.ts';
import { formatMoney } from '../shared/money.ts';
import { isDraft } from './booking-transitions.ts';

/**
 * The fee a booking being cancelled keeps (docs/money.md#cancellation-policy), from its home's
 * cancellation policy as it is now and the days left until check-in in the home's time zone: 0
 * for a draft (nothing was agreed), when the home has no policy, when no tier applies, or when
 * the host waives it. `noted` is what the history says of it, null when there is nothing to say.
 */
export async function cancellationCharge(
  unit: Unit,
  booking: Pick<Booking, 'status' | 'total' | 'checkin' | 'currency' | 'accommodation_id'>,
  waived: boolean,
): Promise<{ fee: number; noted: string | null }> {
  if (isDraft(booking.status)) return { fee: 0, noted: null };
  const home = await unit.trx
    .selectFrom('accommodations')
    .select(['cancellation_policy', 'timezone'])
    .where('id', '=', booking.accommodation_id)
    .executeTakeFirstOrThrow();
  const daysLeft = diffDays(todayIn(home.timezone, unit.now), booking.checkin);
  const fee = cancellationFee(readCancellationPolicy(home.cancellation_policy), booking.total, daysLeft);
  if (fee === 0) return { fee: 0, noted: null };
  const amount = formatMoney(fee, booking.currency);
  const when = `${Math.max(daysLeft, 0)} days before check-in`;
  return waived
    ? { fee: 0, noted: `cancellation fee of ${amount} waived (${when})` }
    : { fee, noted: `cancellation fee of ${amount} kept (${when})` };
}

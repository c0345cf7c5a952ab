import { addDays } from '../shared/dates.ts';

/**
 * When the guest's page shows how to get in — the door code and the Wi-Fi (pure; docs/guest-page.md#the-door-code):
 * only for a booking that stands (confirmed, not a draft, not cancelled), from `door_code_days`
 * days before arrival (in the home's time zone) until the day of departure, and only when
 * nothing is due (the balance is 0 or less). Otherwise the page says when, or why not yet.
 */

export interface AccessFacts {
  /** The booking is confirmed (changed since or not): not a draft, not cancelled. */
  standing: boolean;
  checkin: string;
  checkout: string;
  /** Today where the home is, YYYY-MM-DD. */
  today: string;
  /** The home's `door_code_days`. */
  daysBefore: number;
  /** What is left to pay, minor units (0 or less: nothing due). */
  balance: number;
}

export type Access =
  /** Show the door code and the Wi-Fi. */
  | { kind: 'open' }
  /**
   * Not yet: `from` is the first day it shows (null when that day has come and only the balance
   * holds it back); `balanceDue` when the balance must be paid first.
   */
  | { kind: 'later'; from: string | null; balanceDue: boolean }
  /** Never on this page: the booking does not stand, or the stay is over. */
  | { kind: 'closed' };

export function accessOf(f: AccessFacts): Access {
  if (!f.standing || f.today > f.checkout) return { kind: 'closed' };
  const from = addDays(f.checkin, -f.daysBefore);
  const early = f.today < from;
  const balanceDue = f.balance > 0;
  if (!early && !balanceDue) return { kind: 'open' };
  return { kind: 'later', from: early ? from : null, balanceDue };
}

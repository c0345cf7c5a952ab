import { insertAccommodation } from '../../src/accommodations/accommodation-repository.ts';
import type { Accommodation, NewAccommodation } from '../../src/db/schema.ts';
import type { Executor } from '../../src/db/store.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';

/** The worked example of decisions.md section 3: 100/night, cleaning 50, tax 10 %, weekly 10 %, breakfast 12. */
export function makeAccommodation(db: Executor, overrides: Partial<NewAccommodation> = {}): Promise<Accommodation> {
  const now = new Date().toISOString();
  return insertAccommodation(db, {
    name: 'Test House',
    currency: 'EUR',
    timezone: 'UTC',
    base_price: 10000,
    cleaning_fee: 5000,
    tax_rate_ppm: 100000,
    weekly_discount_ppm: 100000,
    monthly_discount_ppm: 0,
    min_stay: 1,
    max_stay: 60,
    max_guests: 4,
    checkin_time: '15:00',
    checkout_time: '10:00',
    extra_breakfast: 1200,
    extra_linen: null,
    extra_late_checkin: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  });
}

let offset = 0;
/** A distinct future date range for each call, so tests never collide on nights. */
export function futureStay(nights: number, daysAhead?: number): { checkin: string; checkout: string } {
  offset += nights + 3;
  const checkin = addDays(todayIn('UTC'), daysAhead ?? 400 + offset);
  return { checkin, checkout: addDays(checkin, nights) };
}

export function bookingBody(
  accommodationId: number,
  stay: { checkin: string; checkout: string },
  overrides: { booking?: Record<string, unknown>; partner?: Record<string, unknown>; extras?: Record<string, boolean> } = {},
) {
  return {
    accommodation_id: accommodationId,
    partner_data: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+44 20 0000', ...overrides.partner },
    booking_data: {
      checkin_date: stay.checkin,
      checkout_date: stay.checkout,
      adults_count: 2,
      children_count: 0,
      babies_count: 0,
      payment_method: 'bank_transfer',
      payment_token: 'tok_test',
      ...overrides.booking,
    },
    ...(overrides.extras ? { extras: overrides.extras } : {}),
  };
}

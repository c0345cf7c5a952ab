import { insertAccommodation } from '../accommodations/accommodation-repository.ts';
import type { Accommodation } from '../db/schema.ts';
import type { Executor } from '../db/store.ts';

export const DEMO_NAME = 'Demo Seaside Cottage';

/** The demo accommodation: 100.00 EUR a night, the rules of the worked example in docs/api.md#pricing. */
export async function createDemoAccommodation(db: Executor): Promise<Accommodation> {
  const now = new Date().toISOString();
  return insertAccommodation(db, {
    name: DEMO_NAME,
    currency: 'EUR',
    timezone: 'UTC',
    base_price: 10000,
    cleaning_fee: 5000,
    tax_rate_ppm: 100000,
    weekly_discount_ppm: 100000,
    monthly_discount_ppm: 200000,
    min_stay: 2,
    max_stay: 30,
    max_guests: 4,
    checkin_time: '15:00',
    checkout_time: '10:00',
    extra_breakfast: 1200,
    extra_linen: 1500,
    extra_late_checkin: 2500,
    created_at: now,
    updated_at: now,
  });
}

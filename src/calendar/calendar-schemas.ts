import { Type, type Static } from 'typebox';
import { AccommodationId } from '../http/v1-fields.ts';
import { Nullable } from '../http/nullable.ts';

export const CalendarBody = Type.Object({
  accommodation_id: AccommodationId,
  month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
  year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2999 })),
});

export const CalendarBookingSchema = Type.Object({
  id: Type.Integer({
    description:
      'booking id; an imported stay (source = the feed name) has a negative id, minus its imported reservation id',
  }),
  confirmation_code: Nullable(
    Type.String({ description: "null on a stay the caller may not see (another key's, or imported)" }),
  ),
  title: Type.String(),
  start_date: Type.String(),
  end_date: Type.String(),
  nights: Type.Integer(),
  status: Type.String(),
  source: Type.String(),
  guest_count: Nullable(Type.Integer({ description: 'null on a stay the caller may not see' })),
  composition: Nullable(
    Type.Object(
      { adults: Type.Integer(), children: Type.Integer(), babies: Type.Integer() },
      { description: 'null on a stay the caller may not see' },
    ),
  ),
  total_amount: Nullable(Type.Number({ description: 'null on a stay the caller may not see' })),
  color_index: Type.Integer(),
  notes: Nullable(Type.String({ description: 'null on a stay the caller may not see' })),
});
export type CalendarBooking = Static<typeof CalendarBookingSchema>;

export const CalendarData = Type.Object({
  month: Type.Integer(),
  year: Type.Integer(),
  accommodation_id: Type.Integer(),
  accommodation_name: Type.String(),
  bookings: Type.Array(CalendarBookingSchema),
  blocked_dates: Type.Array(Type.String()),
  daily_prices: Type.Record(Type.String(), Type.Number()),
  availability_summary: Type.Object({
    available_nights: Type.Integer(),
    booked_nights: Type.Integer(),
    occupancy_rate: Type.Number(),
    next_available_date: Nullable(Type.String()),
  }),
  pricing_rules: Type.Object({
    base_price: Type.Number(),
    min_stay: Type.Integer(),
    max_stay: Type.Integer(),
    weekly_discount: Type.Number(),
    monthly_discount: Type.Number(),
    cleaning_fee: Type.Number(),
    tax_rate: Type.Number(),
  }),
});
export type CalendarView = Static<typeof CalendarData>;

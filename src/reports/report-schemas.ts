import { Type, type Static } from 'typebox';
import { DateString, IdString } from '../http/admin-params.ts';
import { GROUPINGS } from './report-periods.ts';

/** The request and answer of the occupancy report (docs/api.md#admin-reports). */

export const ReportQuery = Type.Object(
  {
    from: DateString,
    to: DateString,
    accommodation_id: Type.Optional(IdString),
    group: Type.Optional(Type.Enum(GROUPINGS, { description: 'adds `periods`: the range by month or by year' })),
  },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuery>;

const Count = (description: string) => Type.Integer({ minimum: 0, description });

const SourceSchema = Type.Object({
  source: Type.String({ description: '`direct`, another source a booking was made with, or a feed name' }),
  bookings: Count('stays from this source arriving in the period'),
  cancellations: Count('confirmed bookings from this source, arriving in the period, since cancelled'),
});

const figureFields = {
  nights: Count('nights in the period'),
  nights_blocked: Count('nights blocked by the host, here or on a channel (an imported "Not available" event)'),
  nights_available: Count('nights − nights_blocked'),
  nights_booked: Count('nights of confirmed and modified bookings'),
  nights_imported: Count("nights held by stays imported from channels' calendars (not their closed nights)"),
  occupancy_rate: Type.Number({
    description: '(booked + imported) / available, 4 decimals; 0 when nothing is available',
  }),
  revenue: Type.Number({ description: 'the shares of booked nights in the period, in major units' }),
  adr: Type.Number({ description: 'revenue / nights_booked, 2 decimals; 0 when nothing is booked' }),
  revpar: Type.Number({ description: 'revenue / nights_available, 2 decimals; 0 when nothing is available' }),
  bookings: Count('stays arriving in the period: confirmed and modified bookings, and imported stays'),
  cancellations: Count('confirmed bookings arriving in the period, since cancelled'),
  avg_lead_time_days: Type.Number({ description: 'days from booking to arrival, over the bookings; 2 decimals' }),
  avg_length_of_stay: Type.Number({ description: 'nights per stay, over the stays counted in bookings; 2 decimals' }),
  sources: Type.Array(SourceSchema, { description: 'bookings and cancellations by source, most bookings first' }),
};

const PeriodSchema = Type.Object({
  period: Type.String({ description: '`YYYY-MM` or `YYYY`' }),
  from: Type.String({ description: 'first night of the period in the range' }),
  to: Type.String({ description: 'the night after its last one in the range' }),
  ...figureFields,
});

const Periods = Type.Optional(Type.Array(PeriodSchema, { description: 'with `group` only: the range by period' }));

const AccommodationReportSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  currency: Type.String(),
  ...figureFields,
  periods: Periods,
});

const CurrencyTotalSchema = Type.Object({ currency: Type.String(), ...figureFields, periods: Periods });

export const OccupancyReportSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  group: Type.Union([Type.Enum(GROUPINGS), Type.Null()]),
  accommodations: Type.Array(AccommodationReportSchema),
  totals: Type.Array(CurrencyTotalSchema, { description: 'one per currency, in code order' }),
});
export type OccupancyReportJson = Static<typeof OccupancyReportSchema>;

import { Type } from 'typebox';
import { DateString } from '../http/admin-params.ts';
import { IdInteger, IdString } from '../http/ids.ts';

/** The admin API's shapes of turnover tasks (docs/team-and-tasks.md). */

const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);

export const TaskSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Literal('turnover'),
  accommodation_id: Type.Integer(),
  booking_id: Type.Union([Type.Integer(), Type.Null()], {
    description: 'the departing booking; null for an imported stay',
  }),
  imported_stay_id: Type.Union([Type.Integer(), Type.Null()], {
    description: 'the departing stay imported from a channel calendar; null for a booking',
  }),
  departure_on: Type.String({ description: 'the departure date, YYYY-MM-DD' }),
  due_from: Type.String({ description: "the departure's checkout time, an ISO instant" }),
  due_by: Type.String({
    description:
      "the next arrival's check-in time, or the end of the day after the departure when no one is known to arrive",
  }),
  same_day: Type.Boolean({ description: 'someone arrives on the day of the departure' }),
  next_arrival_on: Type.Union([Type.String(), Type.Null()]),
  next_guest_count: Type.Union([Type.Integer(), Type.Null()], {
    description: 'null when not known (an imported stay)',
  }),
  assignee_id: NullableInteger,
  state: Type.Union([Type.Literal('open'), Type.Literal('done'), Type.Literal('cancelled')]),
  updated_at: Type.String(),
});

export const TaskQuery = Type.Object(
  {
    from: Type.Optional(DateString),
    to: Type.Optional(DateString),
    assignee_id: Type.Optional(IdString),
  },
  { additionalProperties: false },
);

export const TaskChangeBody = Type.Object(
  {
    assignee_id: Type.Optional(Type.Union([IdInteger, Type.Null()], { description: 'null: no one' })),
    state: Type.Optional(
      Type.Union([Type.Literal('open'), Type.Literal('done')], {
        description: "a task is cancelled only when its stay goes; 'open' undoes a 'done'",
      }),
    ),
  },
  { additionalProperties: false },
);

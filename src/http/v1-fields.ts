import { Type } from 'typebox';
import { IdInteger } from './ids.ts';

/** Request fields several v1 bodies share (availability, bookings, calendar). */

export const ExtrasSchema = Type.Object(
  {
    breakfast: Type.Optional(Type.Boolean()),
    linen: Type.Optional(Type.Boolean()),
    late_checkin: Type.Optional(Type.Boolean()),
  },
  {
    // Any other name is accepted by the schema and refused as an extra that is not offered.
    additionalProperties: Type.Boolean(),
    description: 'Requested extras (breakfast, linen, late_checkin); true requests one',
  },
);

export const AccommodationId = IdInteger;
export const DateString = Type.String({ maxLength: 32, description: 'YYYY-MM-DD' });

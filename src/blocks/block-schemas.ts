import { Type } from 'typebox';
import { DateString } from '../http/admin-params.ts';

/** The body that blocks and unblocks nights, read by the admin API and the console's form alike. */

const Reason = Type.String({ maxLength: 200, description: 'why the nights are blocked (shown to the host)' });

// DELETE takes "the same body" as POST, so it accepts (and ignores) the reason too.
export const BlockBody = Type.Object(
  { from: DateString, to: DateString, reason: Type.Optional(Type.Union([Reason, Type.Null()])) },
  { additionalProperties: false },
);

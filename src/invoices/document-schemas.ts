import { Type, type Static } from 'typebox';
import { DateString } from '../http/admin-params.ts';

const Kind = Type.Union([Type.Literal('invoice'), Type.Literal('credit_note')]);

/** One issued document as a booking's list shows it. */
export const DocumentSchema = Type.Object({
  number: Type.String({ description: "from the host's one series, e.g. INV-2026-0001" }),
  kind: Kind,
  purpose: Type.Union([Type.Literal('stay'), Type.Literal('cancellation_fee')], {
    description: "'stay': the booking's price; 'cancellation_fee': the fee kept on cancelling",
  }),
  issued_on: DateString,
  total_amount: Type.Number({ description: "major units; a credit note's is negative" }),
  currency: Type.String(),
  corrects: Type.Union([Type.String(), Type.Null()], { description: 'the invoice number a credit note cancels' }),
  pdf_url: Type.String({ description: 'the PDF, every download byte for byte the same' }),
});

/** One row of the register: a document with its booking and recipient. */
export const RegisterRowSchema = Type.Object({
  ...DocumentSchema.properties,
  booking_id: Type.Integer(),
  confirmation_code: Type.String(),
  recipient: Type.String({ description: 'the guest (and company) billed' }),
  recipient_tax_id: Type.Union([Type.String(), Type.Null()]),
});

export const RegisterQuery = Type.Object(
  {
    from: Type.String({ ...DateString, description: 'first issue date, YYYY-MM-DD (inclusive)' }),
    to: Type.String({ ...DateString, description: 'last issue date, YYYY-MM-DD (inclusive)' }),
  },
  { additionalProperties: false },
);
export type RegisterQuery = Static<typeof RegisterQuery>;

export const NumberParams = Type.Object({
  number: Type.String({ pattern: '^[A-Za-z0-9._-]{1,40}$', description: 'the document number' }),
});

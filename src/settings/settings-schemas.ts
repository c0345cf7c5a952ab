import { Type } from 'typebox';
import { INVOICE_PREFIX_PATTERN } from './invoicing.ts';
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS } from './registration-retention.ts';

/** The body that changes the settings, read by the admin API and the console's forms alike. */

/** A signing secret shorter than 32 characters could be guessed offline from one signed request. */
export const MIN_SECRET_LENGTH = 32;

const Secret = (description: string) =>
  Type.Optional(
    Type.Union([Type.String({ minLength: MIN_SECRET_LENGTH, maxLength: 200 }), Type.Null()], {
      description: `${description}; at least ${MIN_SECRET_LENGTH} characters; null clears it`,
    }),
  );

const Optional = (max: number, description: string) =>
  Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()], { description }));

const EMAIL_PATTERN = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';

const BusinessBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, description: 'signs every guest mail; heads the invoice' }),
    address: Optional(500, 'postal address, lines separated by new lines'),
    tax_id: Optional(50, 'VAT or tax number printed on invoices'),
    email: Type.Optional(Type.Union([Type.String({ pattern: EMAIL_PATTERN, maxLength: 254 }), Type.Null()])),
    phone: Optional(50, 'contact phone number'),
  },
  { additionalProperties: false },
);

const BankDetailsBody = Type.Object(
  {
    account_holder: Type.String({ minLength: 1, maxLength: 200 }),
    iban: Type.String({ minLength: 15, maxLength: 42, description: 'checked with its ISO 13616 check digits' }),
    bic: Type.Optional(
      Type.Union([Type.String({ pattern: '^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$' }), Type.Null()]),
    ),
    bank_name: Optional(200, "the bank's name"),
  },
  { additionalProperties: false },
);

/** The invoice series (docs/money.md#invoices-and-credit-notes). */
export const InvoicingSchema = Type.Object(
  {
    prefix: Type.String({
      pattern: INVOICE_PREFIX_PATTERN,
      description: 'starts every invoice and credit note number; letters, digits and -_. (at most 20)',
    }),
    yearly_reset: Type.Boolean({
      description: 'true: INV-2026-0001, numbering again from 1 each year; false: INV-000001',
    }),
  },
  { additionalProperties: false },
);

export const SettingsBody = Type.Object(
  {
    webhook_secret: Secret('signing secret of /webhook/update and /webhook/calendar_sync'),
    payment_webhook_secret: Secret("card processor's signing secret (whsec_...)"),
    stripe_secret_key: Secret(
      "card processor's secret API key (sk_...), with which guests pay their balance by card on their page",
    ),
    host_email: Type.Optional(
      Type.Union([Type.String({ pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', maxLength: 254 }), Type.Null()], {
        description: 'address that overbooking alerts from imported calendars are mailed to; null clears it',
      }),
    ),
    business: Type.Optional(
      Type.Union([BusinessBody, Type.Null()], {
        description: "the host's business, replaced as a whole; null clears it",
      }),
    ),
    bank_details: Type.Optional(
      Type.Union([BankDetailsBody, Type.Null()], {
        description: 'the account bank transfers go to, replaced as a whole; null clears it',
      }),
    ),
    invoicing: Type.Optional(InvoicingSchema),
    registration_retention_days: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: MAX_RETENTION_DAYS }), Type.Null()], {
        description:
          "days after a stay's departure that the guests' identity documents given at check-in are kept, then " +
          `erased; null returns to the default (${DEFAULT_RETENTION_DAYS})`,
      }),
    ),
  },
  { additionalProperties: false },
);

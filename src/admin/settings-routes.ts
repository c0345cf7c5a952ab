import { Type, type Static } from 'typebox';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { adminRoute } from '../http/admin-params.ts';
import { secretStatus } from '../settings/secret-status.ts';
import { changeSettings, type SettingChanges } from '../settings/change-settings.ts';
import { isValidIban, normalizeIban, readHostIdentity, type HostIdentity } from '../settings/host-identity.ts';
import { badRequest } from '../http/errors.ts';
import type { Executor } from '../db/store.ts';
import type { Config } from '../config/config.ts';

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

export const SettingsBody = Type.Object(
  {
    webhook_secret: Secret('signing secret of /webhook/update and /webhook/calendar_sync'),
    payment_webhook_secret: Secret("card processor's signing secret (whsec_...)"),
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
  },
  { additionalProperties: false },
);

const SettingsSchema = Type.Object({
  webhook_secret: Type.Object({ set: Type.Boolean() }),
  payment_webhook_secret: Type.Object({
    set: Type.Boolean(),
    source: Type.Union([Type.Literal('settings'), Type.Literal('environment'), Type.Null()]),
  }),
  host_email: Type.Union([Type.String(), Type.Null()]),
  business: Type.Union([
    Type.Object({
      name: Type.String(),
      address: Type.Union([Type.String(), Type.Null()]),
      tax_id: Type.Union([Type.String(), Type.Null()]),
      email: Type.Union([Type.String(), Type.Null()]),
      phone: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  bank_details: Type.Union([
    Type.Object({
      account_holder: Type.String(),
      iban: Type.String(),
      bic: Type.Union([Type.String(), Type.Null()]),
      bank_name: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
});

type SettingsInput = Static<typeof SettingsBody>;

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * The settings a PUT body changes: the host's identity checked beyond its schema (a name that is
 * blank once trimmed, an IBAN whose check digits fail) and stored as JSON.
 */
export function settingChanges(body: SettingsInput): SettingChanges {
  const { business, bank_details: bank, ...secrets } = body;
  const changes: { -readonly [N in keyof SettingChanges]: SettingChanges[N] } = { ...secrets };
  if (business !== undefined) {
    if (business !== null && blankToNull(business.name) === null)
      throw badRequest('blank', 'Give the business a name.', { parameter: 'business.name', received: business.name });
    changes.business =
      business === null
        ? null
        : JSON.stringify({
            name: business.name.trim(),
            address: blankToNull(business.address),
            tax_id: blankToNull(business.tax_id),
            email: blankToNull(business.email),
            phone: blankToNull(business.phone),
          });
  }
  if (bank !== undefined) {
    if (bank !== null && blankToNull(bank.account_holder) === null)
      throw badRequest('blank', 'Name the account holder.', {
        parameter: 'bank_details.account_holder',
        received: bank.account_holder,
      });
    if (bank !== null && !isValidIban(bank.iban))
      throw badRequest('invalid_iban', 'This IBAN is not valid: its check digits do not match.', {
        parameter: 'bank_details.iban',
        received: bank.iban,
      });
    changes.bank_details =
      bank === null
        ? null
        : JSON.stringify({
            account_holder: bank.account_holder.trim(),
            iban: normalizeIban(bank.iban),
            bic: blankToNull(bank.bic)?.toUpperCase() ?? null,
            bank_name: blankToNull(bank.bank_name),
          });
  }
  return changes;
}

/** What GET and PUT answer: each secret's state, the alert address and the host's identity. */
async function settingsAnswer(
  db: Executor,
  config: Pick<Config, 'paymentWebhookSecret'>,
): Promise<Awaited<ReturnType<typeof secretStatus>> & HostIdentity> {
  const [status, identity] = await Promise.all([secretStatus(db, config), readHostIdentity(db)]);
  return { ...status, ...identity };
}

/** Signing secrets: set or clear them, see whether each is set. Values are never shown. */
export const settingsRoutes: FeatureRoutes = async (app, { ctx }) => {
  const reply200 = { 200: Envelope(SettingsSchema), ...commonErrorResponses };

  app.get(
    '/settings',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: "Whether each signing secret is set (never its value), the host alert address and the host's identity",
        response: reply200,
      },
    },
    async (request) => ok(await settingsAnswer(ctx.db, ctx.config), requestMetadata(request.id)),
  );

  app.put(
    '/settings',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary:
          "Set or clear signing secrets, the host alert address and the host's identity; a field left out is unchanged",
        body: SettingsBody,
        response: reply200,
      },
    },
    async (request) => {
      await changeSettings(ctx, settingChanges(request.body));
      return ok(await settingsAnswer(ctx.db, ctx.config), requestMetadata(request.id));
    },
  );
};

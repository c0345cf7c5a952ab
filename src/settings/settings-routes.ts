import { Type } from 'typebox';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import { adminRoute } from '../http/admin-params.ts';
import { secretStatus } from './secret-status.ts';
import { changeSettings, settingChanges } from './change-settings.ts';
import { readHostIdentity, type HostIdentity } from './host-identity.ts';
import { InvoicingSchema, SettingsBody } from './settings-schemas.ts';
import { readInvoicing, type Invoicing } from './invoicing.ts';
import { readRetentionDays } from './registration-retention.ts';
import type { Executor, StoreContext } from '../db/store.ts';
import type { RoutesWith } from '../http/types.ts';
import type { Config } from '../config/config.ts';

const SettingsSchema = Type.Object({
  webhook_secret: Type.Object({ set: Type.Boolean() }),
  payment_webhook_secret: Type.Object({
    set: Type.Boolean(),
    source: Type.Union([Type.Literal('settings'), Type.Literal('environment'), Type.Null()]),
  }),
  stripe_secret_key: Type.Object({
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
  invoicing: InvoicingSchema,
  registration_retention_days: Type.Integer({
    description: "days after a stay's departure that check-in documents are kept (docs/registrations.md#retention)",
  }),
});

/** What GET and PUT answer: each secret's state, the alert address, the host's identity and the invoice series. */
async function settingsAnswer(
  db: Executor,
  config: Pick<Config, 'paymentWebhookSecret' | 'stripeSecretKey'>,
): Promise<
  Awaited<ReturnType<typeof secretStatus>> &
    HostIdentity & { invoicing: Invoicing; registration_retention_days: number }
> {
  const [status, identity, invoicing, retention] = await Promise.all([
    secretStatus(db, config),
    readHostIdentity(db),
    readInvoicing(db),
    readRetentionDays(db),
  ]);
  return { ...status, ...identity, invoicing, registration_retention_days: retention };
}

/** Signing secrets: set or clear them, see whether each is set. Values are never shown. */
export const settingsRoutes: RoutesWith<StoreContext & { readonly config: Config }> = async (app, { ctx }) => {
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

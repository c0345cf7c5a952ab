import { Type } from 'typebox';
import { Envelope, commonErrorResponses, ok, requestMetadata } from '../http/envelope.ts';
import type { FeatureRoutes } from '../app-context.ts';
import { adminRoute } from './admin-params.ts';
import { secretStatus } from '../settings/secret-status.ts';
import { changeSettings } from '../settings/change-settings.ts';

/** A signing secret shorter than 32 characters could be guessed offline from one signed request. */
export const MIN_SECRET_LENGTH = 32;

const Secret = (description: string) =>
  Type.Optional(
    Type.Union([Type.String({ minLength: MIN_SECRET_LENGTH, maxLength: 200 }), Type.Null()], {
      description: `${description}; at least ${MIN_SECRET_LENGTH} characters; null clears it`,
    }),
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
});

/** Signing secrets: set or clear them, see whether each is set. Values are never shown. */
export const settingsRoutes: FeatureRoutes = async (app, { ctx }) => {
  const reply200 = { 200: Envelope(SettingsSchema), ...commonErrorResponses };

  app.get(
    '/settings',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Whether each signing secret is set (never its value), and the host alert address',
        response: reply200,
      },
    },
    async (request) => ok(await secretStatus(ctx.db, ctx.config), requestMetadata(request.id)),
  );

  app.put(
    '/settings',
    {
      config: { auth: 'admin' },
      schema: {
        ...adminRoute,
        summary: 'Set or clear signing secrets and the host alert address; a field left out is unchanged',
        body: SettingsBody,
        response: reply200,
      },
    },
    async (request) => {
      await changeSettings(ctx, request.body);
      return ok(await secretStatus(ctx.db, ctx.config), requestMetadata(request.id));
    },
  );
};

import { Type } from 'typebox';
import { Envelope, commonErrorResponses, endpointMetadata, ok } from '../http/envelope.ts';
import type { FeatureRoutes } from '../app-context.ts';

const TestData = Type.Object({
  status: Type.Literal('ok'),
  message: Type.String(),
  timestamp: Type.String({ format: 'date-time' }),
  user: Type.String(),
  login: Type.String(),
});

/** docs/api.md#v1-test and docs/api.md#calendar-diagnostics: connectivity and diagnostics for integrators. */
export const diagnosticsRoutes: FeatureRoutes = async (app) => {
  app.get(
    '/test',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['v1'],
        summary: 'Connectivity and authentication test',
        security: [{ bearerKey: [] }],
        response: { 200: Envelope(TestData), ...commonErrorResponses },
      },
    },
    async (request) => {
      const key = request.apiKey;
      return ok(
        {
          status: 'ok' as const,
          message: `Staydesk API v1 is reachable; authenticated with key "${key?.name ?? ''}".`,
          timestamp: new Date().toISOString(),
          user: key?.userName ?? '',
          login: key?.userLogin ?? '',
        },
        endpointMetadata(),
      );
    },
  );
};

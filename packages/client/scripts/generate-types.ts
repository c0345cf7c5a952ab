import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { createTestApp } from '../../../test/support/test-app.ts';

/**
 * The client's types, generated from the OpenAPI document the service serves (GET /openapi.json)
 * with openapi-typescript. The document is taken from a service built in-process with a fixed
 * clock and base URL, so that the same code gives the same file; test/integration/client-types.test.ts
 * fails when the committed file is not what this gives.
 */

export const GENERATED_FILE = fileURLToPath(new URL('../src/generated/openapi.ts', import.meta.url));

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const t = await createTestApp({ PUBLIC_BASE_URL: 'https://staydesk.example' });
  try {
    return await t.at(Date.UTC(2030, 0, 1), async () => {
      const res = await t.request({ method: 'GET', url: '/openapi.json', key: null });
      return res.json<Record<string, unknown>>();
    });
  } finally {
    await t.close();
  }
}

export async function generatedTypes(): Promise<string> {
  const document = await openApiDocument();
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return (
    '// Generated from the Staydesk OpenAPI document by `npm run generate -w @staydesk/client`. Do not edit.\n' +
    '/* eslint-disable */\n' +
    astToString(ast)
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(GENERATED_FILE, await generatedTypes());
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openApiDocument } from '../../packages/client/scripts/generate-types.ts';

/**
 * Writes the OpenAPI document the service serves (GET /openapi.json, built in-process as the
 * client's types are generated from it) to the file named: what `npm run lint:openapi` lints.
 */
const [file] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: node test/support/write-openapi.ts <file>');
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);

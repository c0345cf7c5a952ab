import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { GENERATED_FILE, generatedTypes } from '../../packages/client/scripts/generate-types.ts';

test('the client types are generated from the current /openapi.json (npm run generate -w @staydesk/client)', async () => {
  const committed = readFileSync(GENERATED_FILE, 'utf8');
  const fresh = await generatedTypes();
  assert.ok(fresh.includes('createBooking: {') && fresh.includes('Booking: {'), 'the generator names operations');
  assert.ok(
    committed === fresh,
    'packages/client/src/generated/openapi.ts is stale: run npm run generate -w @staydesk/client',
  );
});

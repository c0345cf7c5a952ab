import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { createContext } from '../../src/create-app-context.ts';
import { openStore } from '../../src/db/store.ts';
import type { App } from '../../src/http/types.ts';

// A PostgreSQL store nobody listens on (port 1), as during a server restart: a request that
// needs the store answers 503 with Retry-After in the error envelope, not a 500.

let app: App;
let destroy: () => Promise<void>;
before(async () => {
  const config = loadConfig({
    PUBLIC_BASE_URL: 'http://staydesk.test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
  });
  const store = openStore(config.store);
  destroy = () => store.destroy();
  app = await buildApp(createContext(config, store), { logger: false });
});
after(async () => {
  await app.close();
  await destroy();
});

test('an unreachable store answers 503 with Retry-After', async () => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/staydesk/availability',
    headers: { authorization: 'Bearer sdk_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
    payload: { accommodation_id: 1, checkin: '2030-01-01', checkout: '2030-01-02' },
  });
  assert.equal(res.statusCode, 503, res.body);
  assert.equal(res.headers['retry-after'], '1');
  const body = res.json<{ success: boolean; error: { code: number; name: string; details: { reason: string } } }>();
  assert.equal(body.success, false);
  assert.deepEqual(
    [body.error.code, body.error.name, body.error.details.reason],
    [503, 'INTERNAL_ERROR', 'store_unavailable'],
  );
});

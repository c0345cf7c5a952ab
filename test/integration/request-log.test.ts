import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { loadConfig } from '../../src/config/config.ts';
import { createContext } from '../../src/create-app-context.ts';
import type { App } from '../../src/http/types.ts';
import { futureStay, makeAccommodation } from '../support/factories.ts';
import { openTestStore, testStoreKind, type TestStore } from '../support/test-store.ts';

// src/http/request-log.ts: one log line per request at info, naming the request and its request_id.

interface LogLine {
  level: number;
  msg: string;
  request_id?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

const stores: TestStore[] = [];
const apps: App[] = [];
after(async () => {
  for (const app of apps) await app.close();
  for (const store of stores) await store.close();
});

async function loggingApp(level: 'info' | 'debug') {
  const lines: LogLine[] = [];
  const store = await openTestStore();
  stores.push(store);
  const config = loadConfig({ PUBLIC_BASE_URL: 'http://staydesk.test', LOG_LEVEL: level });
  config.store = store.config;
  const ctx = createContext(config, store.store);
  const app = await buildApp(ctx, {
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  });
  apps.push(app);
  const key = (await createApiKey(ctx.db, { name: 'log test', scope: 'api' })).key;
  const accommodation = await makeAccommodation(ctx.db);
  return { app, lines, key, accommodation, slug: ctx.config.slug };
}

describe(`request log (${testStoreKind})`, () => {
  test('at info, each request is one line on completion with its request_id, method, URL, status and time', async () => {
    const { app, lines, key, accommodation, slug } = await loggingApp('info');
    lines.length = 0;
    const ok = await app.inject({
      method: 'POST',
      url: `/api/v1/${slug}/availability`,
      headers: { authorization: `Bearer ${key}`, 'x-request-id': 'avail-1' },
      payload: { accommodation_id: accommodation.id, ...futureStay(2) },
    });
    assert.equal(ok.statusCode, 200, ok.body);
    const refused = await app.inject({ method: 'POST', url: `/api/v1/${slug}/availability`, payload: {} });
    assert.equal(refused.statusCode, 401);
    const missing = await app.inject({ method: 'GET', url: '/nowhere', headers: { 'x-request-id': 'lost-1' } });
    assert.equal(missing.statusCode, 404);

    const requestLines = lines.filter((l) => l.req !== undefined || l.msg.startsWith('request'));
    assert.deepEqual(
      requestLines.map((l) => [l.msg, l.request_id, l.req?.method, l.req?.url, l.res?.statusCode]),
      [
        ['request completed', 'avail-1', 'POST', `/api/v1/${slug}/availability`, 200],
        ['request completed', refused.headers['x-request-id'], 'POST', `/api/v1/${slug}/availability`, 401],
        ['request completed', 'lost-1', 'GET', '/nowhere', 404],
      ],
    );
    for (const line of requestLines) assert.equal(typeof line.responseTime, 'number');
    assert.ok(!lines.some((l) => l.msg === 'incoming request'), 'no arrival line at info');
    // Every line a request logs carries its request_id (the 404's own line included).
    for (const line of lines.filter((l) => l.req !== undefined || l.res !== undefined))
      assert.equal(typeof line.request_id, 'string');
  });

  test('at debug, a request is also logged as it arrives, with the same request_id', async () => {
    const { app, lines } = await loggingApp('debug');
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'probe-1' } });
    const mine = lines.filter((l) => l.request_id === 'probe-1').map((l) => [l.msg, l.req?.url]);
    assert.deepEqual(mine, [
      ['incoming request', '/healthz'],
      ['request completed', '/healthz'],
    ]);
  });
});

import assert from 'node:assert/strict';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../../src/app-context.ts';
import { buildApp } from '../../src/app.ts';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { createContext } from '../../src/create-app-context.ts';
import type { App } from '../../src/http/types.ts';
import { bookingBody, futureStay } from './factories.ts';
import { assertMatchesOpenApi } from './openapi-check.ts';
import { LIMITS_OFF } from './limits-off.ts';
import { openTestStore } from './test-store.ts';
import { until } from './until.ts';

export interface TestApp {
  app: App;
  ctx: AppContext;
  config: Config;
  /** A v1 (api-scoped) key. */
  apiKey: string;
  /** An admin-scoped key. */
  adminKey: string;
  v1: string;
  request(options: InjectOptions & { key?: string | null }): Promise<LightMyRequestResponse>;
  /** A request with the admin key; `payload` as the JSON body. */
  admin(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** Runs `fn` while the app's clock (ctx.now, which the caches and holds go by) reads `instant`. */
  at<T>(instant: Date | number, fn: () => Promise<T>): Promise<T>;
  /** `request`, with the answer also checked against the OpenAPI document. */
  checkedRequest(
    options: InjectOptions & { key?: string | null; method: string; url: string },
  ): Promise<LightMyRequestResponse>;
  /**
   * Books two nights of a future stay through the v1 API, paid by bank transfer (confirmed as it
   * is made), at a home with makeAccommodation's prices (275 for the stay), with `key` (the v1 key
   * unless given); fails the test unless it is answered 200. Resolves to the booking's id.
   */
  book(accommodationId: number, key?: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * Boots the whole app in-process on a fresh store, with one v1 key and one admin key, once it
 * receives announcements. `store.file` puts the embedded store in a file instead of memory.
 */
export async function createTestApp(env: Record<string, string> = {}, store: { file?: string } = {}): Promise<TestApp> {
  const testStore = await openTestStore(store);
  const config = loadConfig({ PUBLIC_BASE_URL: 'http://staydesk.test', LOG_LEVEL: 'silent', ...LIMITS_OFF, ...env });
  config.store = testStore.config;
  const ctx = createContext(config, testStore.store);
  // PostgreSQL: the caches keep nothing until the process listens for announcements, so a test
  // starts once it does (the embedded store's feed is live at once).
  await until('announcements live', () => ctx.store.changes.live);
  const app = await buildApp(ctx, { logger: false });
  const apiKey = (await createApiKey(ctx.db, { name: 'test v1 key', scope: 'api' })).key;
  const adminKey = (await createApiKey(ctx.db, { name: 'test admin key', scope: 'admin' })).key;
  const v1 = `/api/v1/${config.slug}`;
  const request: TestApp['request'] = ({ key, headers, ...options }) =>
    app.inject({
      ...options,
      headers: {
        ...(key === null ? {} : { authorization: `Bearer ${key ?? apiKey}` }),
        ...headers,
      },
    });
  return {
    app,
    ctx,
    config,
    apiKey,
    adminKey,
    v1,
    request,
    admin: (method, url, payload) =>
      request({
        method,
        url,
        key: adminKey,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    at: async (instant, fn) => {
      const original = ctx.now.bind(ctx);
      ctx.now = () => new Date(instant);
      try {
        return await fn();
      } finally {
        ctx.now = original;
      }
    },
    checkedRequest: async (options) => {
      const res = await request(options);
      assertMatchesOpenApi(app, options.method, options.url, res);
      return res;
    },
    book: async (accommodationId, key) => {
      const res = await request({
        method: 'POST',
        url: `${v1}/bookings`,
        key: key ?? apiKey,
        payload: bookingBody(accommodationId, futureStay(2), {
          booking: { payment_method: 'bank_transfer', expected_amount: 275 },
        }),
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<{ data: { booking_id: number } }>().data.booking_id;
    },
    close: async () => {
      await app.close();
      await testStore.close();
    },
  };
}

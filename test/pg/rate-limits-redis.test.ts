import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { createApiKey } from '../../src/auth/api-key-repository.ts';
import { createContext } from '../../src/create-app-context.ts';
import { assertErrorEnvelope } from '../support/envelope-assertions.ts';
import { createTestApp } from '../support/test-app.ts';

/**
 * RATE_LIMIT_REDIS_URL: processes share their per-key counts through Redis. Run by
 * `npm run test:pg` (CI's machines run Redis 7 on 127.0.0.1:6379 beside PostgreSQL); `npm test`
 * needs no server at all, so this file is not part of it.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('rate limits shared through Redis', () => {
  test('RATE_LIMIT_REDIS_URL: two processes on one store share the per-key limit through Redis', async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_KEY: '3', RATE_LIMIT_REDIS_URL: REDIS_URL });
    // A second app over the same store, as a second server process would be.
    const second = await buildApp(createContext(t.config, t.ctx.store), { logger: false });
    try {
      // A fresh key, so counters left in Redis by earlier runs cannot interfere.
      const key = (await createApiKey(t.ctx.db, { name: `shared ${randomBytes(4).toString('hex')}`, scope: 'api' }))
        .key;
      const viaSecond = () =>
        second.inject({ method: 'GET', url: `${t.v1}/test`, headers: { authorization: `Bearer ${key}` } });
      const limited = (res: Awaited<ReturnType<typeof viaSecond>>): void => {
        const body = assertErrorEnvelope(res, 429, 'TOO_MANY_REQUESTS');
        assert.equal(body.error.details.reason, 'rate_limited');
        assert.ok(Number(res.headers['retry-after']) >= 1);
      };
      assert.equal((await t.request({ method: 'GET', url: `${t.v1}/test`, key })).statusCode, 200);
      assert.equal((await t.request({ method: 'GET', url: `${t.v1}/test`, key })).statusCode, 200);
      assert.equal((await viaSecond()).statusCode, 200);
      limited(await viaSecond());
      limited(await t.request({ method: 'GET', url: `${t.v1}/test`, key }));
    } finally {
      await second.close();
      await t.close();
    }
  });
});

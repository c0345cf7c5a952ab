import assert from 'node:assert/strict';
import type { TestApp } from './test-app.ts';

/**
 * An event endpoint added through the v1 API with `key`; fails the test unless it is answered 201.
 * Resolves to the endpoint as the answer gives it.
 */
export async function addEndpoint(t: TestApp, key: string, body: { url: string; events?: string[] }) {
  const res = await t.request({ method: 'POST', url: `${t.v1}/webhook-endpoints`, key, payload: body });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ data: { id: number; secret: string; events: string[] } }>().data;
}

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isStoreUnavailable } from '../../src/db/unavailable.ts';

describe('isStoreUnavailable', () => {
  test('connection failures and server shutdowns are unavailability', () => {
    assert.equal(
      isStoreUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
      true,
    );
    assert.equal(
      isStoreUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
      true,
    );
    assert.equal(
      isStoreUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
      true,
    );
    assert.equal(isStoreUnavailable(Object.assign(new Error('connection failure'), { code: '08006' })), true);
    assert.equal(isStoreUnavailable(new Error('Connection terminated unexpectedly')), true);
    assert.equal(
      isStoreUnavailable(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) })),
      true,
    );
    assert.equal(
      isStoreUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })])),
      true,
    );
  });

  test('faults of the request or the code are not', () => {
    assert.equal(isStoreUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' })), false);
    assert.equal(isStoreUnavailable(Object.assign(new Error('syntax error'), { code: '42601' })), false);
    assert.equal(isStoreUnavailable(new TypeError('x is undefined')), false);
    assert.equal(isStoreUnavailable(null), false);
  });
});

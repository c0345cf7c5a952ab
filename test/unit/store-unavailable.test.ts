import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isStoreUnavailable, mayHaveCommitted, NoAnswerError, storeFaultCause } from '../../src/db/unavailable.ts';

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

  test("the embedded store's disk full, I/O errors and a read-only file are, named in SQLite's words", () => {
    const full = Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR', errcode: 13 });
    assert.equal(storeFaultCause(full), 'database or disk is full');
    assert.equal(
      storeFaultCause(Object.assign(new Error('disk I/O error'), { errcode: 10 | (3 << 8) })),
      'disk I/O error',
    );
    assert.equal(
      isStoreUnavailable(Object.assign(new Error('attempt to write a readonly database'), { errcode: 8 })),
      true,
    );
    assert.equal(isStoreUnavailable(Object.assign(new Error('UNIQUE constraint failed'), { errcode: 2067 })), false);
    assert.equal(isStoreUnavailable(Object.assign(new Error('no such table'), { errcode: 1 })), false);
  });

  test("pg's words for a connection that broke earlier give way to the break itself", () => {
    const broken = new Error('Client has encountered a connection error and is not queryable');
    assert.equal(storeFaultCause(broken), 'Client has encountered a connection error and is not queryable');
    broken.cause = new Error('Connection terminated unexpectedly');
    assert.equal(storeFaultCause(broken), 'Connection terminated unexpectedly');
    broken.cause = new Error('unrelated');
    assert.equal(storeFaultCause(broken), 'Client has encountered a connection error and is not queryable');
  });

  test('a statement past STORE_STATEMENT_TIMEOUT_MS, or with no answer at all, is; a file locked too long too', () => {
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    assert.equal(storeFaultCause(cancelled), 'canceling statement due to statement timeout');
    assert.equal(storeFaultCause(new NoAnswerError(5500)), 'no answer from the database within 5500 ms');
    const locked = Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 });
    assert.equal(storeFaultCause(locked), 'database is locked');
  });

  test('a connection not handed out or made in time is, in its own words', () => {
    assert.equal(
      storeFaultCause(new Error('timeout exceeded when trying to connect')),
      'timeout exceeded when trying to connect',
    );
    const made = new Error('Connection terminated due to connection timeout', {
      cause: new Error('Connection terminated unexpectedly'),
    });
    assert.equal(storeFaultCause(made), 'Connection terminated due to connection timeout');
  });

  test('faults of the request or the code are not', () => {
    assert.equal(isStoreUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' })), false);
    assert.equal(isStoreUnavailable(Object.assign(new Error('syntax error'), { code: '42601' })), false);
    assert.equal(isStoreUnavailable(new TypeError('x is undefined')), false);
    assert.equal(isStoreUnavailable(null), false);
  });
});

describe('mayHaveCommitted', () => {
  test('a statement whose answer never came, or whose connection broke after it was sent, may have', () => {
    assert.equal(mayHaveCommitted(new NoAnswerError(5500)), true);
    assert.equal(mayHaveCommitted(new Error('Connection terminated unexpectedly')), true);
    assert.equal(
      mayHaveCommitted(
        new Error('Client has encountered a connection error and is not queryable', { cause: new NoAnswerError(1500) }),
      ),
      true,
    );
  });

  test('one never sent, or that the server answered by cancelling it, has not', () => {
    assert.equal(mayHaveCommitted(new Error('timeout exceeded when trying to connect')), false);
    assert.equal(mayHaveCommitted(new Error('Connection terminated due to connection timeout')), false);
    assert.equal(mayHaveCommitted(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })), false);
    assert.equal(
      mayHaveCommitted(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })),
      false,
    );
    assert.equal(mayHaveCommitted(Object.assign(new Error('database is locked'), { errcode: 5 })), false);
    assert.equal(mayHaveCommitted(Object.assign(new Error('duplicate key'), { code: '23505' })), false);
  });
});

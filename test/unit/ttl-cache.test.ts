import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TtlCache } from '../../src/shared/ttl-cache.ts';

/** A loader that counts its calls and resolves when told to. */
function gatedLoader<V>(value: V) {
  let calls = 0;
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    load: async () => {
      calls++;
      await gate;
      return value;
    },
    open: () => {
      open();
    },
    calls: () => calls,
  };
}

describe('TtlCache', () => {
  test('an entry that says when it stops being true lives until then if that is sooner than the TTL', () => {
    let now = 1_000;
    const cache = new TtlCache<string, { until: number }>(
      60_000,
      10,
      () => now,
      (v) => v.until,
    );
    cache.set('soon', { until: 1_500 });
    cache.set('late', { until: 90_000 });
    now = 1_499;
    assert.deepEqual(cache.get('soon'), { until: 1_500 });
    now = 1_500;
    assert.equal(cache.get('soon'), undefined, 'gone at the instant it stops being true');
    assert.deepEqual(cache.get('late'), { until: 90_000 });
    now = 61_000;
    assert.equal(cache.get('late'), undefined, 'the TTL still bounds it');
  });

  test('keeps a loaded value for the TTL, then loads again', async () => {
    const cache = new TtlCache<string, number>(60_000);
    let calls = 0;
    const load = () => Promise.resolve(++calls);
    assert.equal(await cache.getOrLoad('a', load), 1);
    assert.equal(await cache.getOrLoad('a', load), 1);
    assert.equal(cache.get('a'), 1);
    // Read as at a moment past the TTL: the entry is gone, and the next call loads again.
    assert.equal(cache.get('a', Date.now() + 60_001), undefined);
    assert.equal(await cache.getOrLoad('a', load), 2);
  });

  test('entries expire by the clock it is given, not by the wall clock', async () => {
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const cache = new TtlCache<string, number>(1000, undefined, () => clock);
    let calls = 0;
    const load = () => Promise.resolve(++calls);
    assert.equal(await cache.getOrLoad('a', load), 1);
    clock += 700;
    assert.equal(await cache.getOrLoad('a', load), 1, 'kept within the TTL');
    clock += 300;
    assert.equal(cache.get('a'), undefined, 'gone once the TTL has passed on the given clock');
    assert.equal(await cache.getOrLoad('a', load), 2);
  });

  test('an entry in use is loaded again in the last quarter of its life: one read waits, the others keep it', async () => {
    let clock = 0;
    const cache = new TtlCache<string, string>(1000, undefined, () => clock);
    cache.set('k', 'old');
    clock = 749;
    assert.equal(cache.get('k'), 'old', 'before three quarters of its life, a plain hit');
    clock = 750;
    assert.equal(cache.get('k'), undefined, 'the first read after them loads it again');
    const loader = gatedLoader('new');
    const loading = cache.load('k', loader.load);
    assert.equal(cache.get('k'), 'old', 'every other read keeps the entry meanwhile');
    assert.equal(cache.get('k'), 'old');
    loader.open();
    assert.equal(await loading, 'new');
    assert.equal(cache.get('k'), 'new', 'the load replaces it');
    clock = 1499;
    assert.equal(cache.get('k'), 'new', 'with a lifetime of its own, from the load (at 750)');
    clock = 1500;
    assert.equal(cache.get('k'), undefined, 'and is loaded again in its own last quarter');
    assert.equal(cache.get('k'), 'new', 'by that one read only');
  });

  test('when the load of an entry in its last quarter fails, the entry is kept until it runs out', async () => {
    let clock = 0;
    const cache = new TtlCache<string, string>(1000, undefined, () => clock);
    cache.set('k', 'old');
    clock = 800;
    assert.equal(cache.get('k'), undefined);
    await assert.rejects(cache.load('k', () => Promise.reject(new Error('store down'))));
    assert.equal(cache.get('k'), 'old', 'no other read is made to wait for the store');
    clock = 1000;
    assert.equal(cache.get('k'), undefined, 'the TTL still bounds it');
    assert.equal(cache.size, 0);
  });

  test('a change during the load of an entry in its last quarter drops it, and the load is not kept', async () => {
    let clock = 0;
    const cache = new TtlCache<string, string>(1000, undefined, () => clock);
    cache.set('k', 'old');
    clock = 900;
    assert.equal(cache.get('k'), undefined);
    const loader = gatedLoader('read before the change');
    const loading = cache.load('k', loader.load);
    cache.delete('k');
    loader.open();
    assert.equal(await loading, 'read before the change');
    assert.equal(cache.get('k'), undefined);
  });

  test('concurrent misses for one key share one load', async () => {
    const cache = new TtlCache<string, string>(1000);
    const loader = gatedLoader('v');
    const all = Promise.all(Array.from({ length: 10 }, () => cache.getOrLoad('k', loader.load)));
    loader.open();
    assert.deepEqual(
      await all,
      Array.from({ length: 10 }, () => 'v'),
    );
    assert.equal(loader.calls(), 1);
  });

  test('a value loaded while its key was deleted is answered but not kept', async () => {
    const cache = new TtlCache<string, string>(1000);
    const stale = gatedLoader('old');
    const inFlight = cache.getOrLoad('k', stale.load);
    cache.delete('k'); // a change made through this process while the old value was being read
    stale.open();
    assert.equal(await inFlight, 'old');
    assert.equal(cache.get('k'), undefined);
    assert.equal(await cache.getOrLoad('k', () => Promise.resolve('new')), 'new');
    assert.equal(cache.get('k'), 'new');
  });

  test('a caller arriving after a delete does not join the load that began before it', async () => {
    const cache = new TtlCache<string, string>(1000);
    const stale = gatedLoader('revoked');
    const inFlight = cache.getOrLoad('k', stale.load);
    cache.delete('k');
    const fresh = cache.getOrLoad('k', () => Promise.resolve('current'));
    stale.open();
    assert.equal(await fresh, 'current');
    assert.equal(await inFlight, 'revoked');
    assert.equal(cache.get('k'), 'current');
  });

  test('clear() keeps loads in flight from storing their values', async () => {
    const cache = new TtlCache<string, string>(1000);
    const stale = gatedLoader('old');
    const inFlight = cache.getOrLoad('k', stale.load);
    cache.clear();
    stale.open();
    assert.equal(await inFlight, 'old');
    assert.equal(cache.get('k'), undefined);
  });

  test('a failed load shared by several callers rejects for each of them, and is not kept', async () => {
    const cache = new TtlCache<string, string>(1000);
    let calls = 0;
    const failing = async () => {
      calls++;
      await Promise.resolve();
      throw new Error('store down');
    };
    const results = await Promise.allSettled([
      cache.getOrLoad('k', failing),
      cache.getOrLoad('k', failing),
      cache.getOrLoad('k', failing),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected', 'rejected'],
    );
    assert.equal(calls, 1);
    assert.equal(await cache.getOrLoad('k', () => Promise.resolve('back')), 'back');
  });

  test('a loader that throws instead of rejecting gives a rejected promise', async () => {
    const cache = new TtlCache<string, string>(1000);
    await assert.rejects(
      cache.getOrLoad('k', () => {
        throw new Error('synchronous');
      }),
      /synchronous/,
    );
  });

  test('a failed load is not kept, and the next call loads again', async () => {
    const cache = new TtlCache<string, string>(1000);
    await assert.rejects(
      cache.getOrLoad('k', () => Promise.reject(new Error('store down'))),
      /store down/,
    );
    assert.equal(await cache.getOrLoad('k', () => Promise.resolve('back')), 'back');
  });

  test('undefined (nothing found) is not kept', async () => {
    const cache = new TtlCache<string, string>(1000);
    assert.equal(await cache.getOrLoad('k', () => Promise.resolve(undefined)), undefined);
    assert.equal(await cache.getOrLoad('k', () => Promise.resolve('found')), 'found');
  });

  test('with a TTL of 0 nothing is kept and every call loads', async () => {
    const cache = new TtlCache<string, number>(0);
    assert.equal(cache.enabled, false);
    let calls = 0;
    const load = () => Promise.resolve(++calls);
    await Promise.all([cache.getOrLoad('a', load), cache.getOrLoad('a', load)]);
    assert.equal(await cache.getOrLoad('a', load), 3);
    assert.equal(cache.get('a'), undefined);
  });

  test('at the ceiling the least recently used entry goes, and is counted', () => {
    const cache = new TtlCache<string, number>(1000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    assert.equal(cache.get('a'), 1); // a is now more recent than b
    cache.set('c', 3);
    assert.equal(cache.get('b'), undefined);
    assert.equal(cache.get('a'), 1);
    assert.equal(cache.get('c'), 3);
    assert.equal(cache.size, 2);
    assert.equal(cache.stats.evictions, 1);
    assert.deepEqual({ hits: cache.stats.hits, misses: cache.stats.misses }, { hits: 3, misses: 1 });
  });

  test('use order stays right through repeated hits, deletes and re-adds of the newest entry', () => {
    const cache = new TtlCache<string, number>(1000, 3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    assert.equal(cache.get('c'), 3);
    assert.equal(cache.get('a'), 1); // order b, c, a
    assert.equal(cache.get('a'), 1);
    cache.delete('a');
    cache.set('a', 4); // order b, c, a
    assert.equal(cache.get('b'), 2); // order c, a, b
    cache.set('d', 5); // c goes
    assert.equal(cache.get('c'), undefined);
    cache.set('e', 6); // a goes: b and d were used since
    assert.equal(cache.get('a'), undefined);
    assert.deepEqual([cache.get('b'), cache.get('d'), cache.get('e')], [2, 5, 6]);
  });

  test('while paused nothing is answered or kept; resume starts empty', async () => {
    const cache = new TtlCache<string, number>(1000);
    cache.set('a', 1);
    cache.pause();
    assert.equal(cache.enabled, false);
    assert.equal(cache.get('a'), undefined);
    let calls = 0;
    const load = () => Promise.resolve(++calls);
    assert.equal(await cache.getOrLoad('a', load), 1);
    assert.equal(await cache.getOrLoad('a', load), 2);
    cache.resume();
    assert.equal(cache.get('a'), undefined);
    assert.equal(await cache.getOrLoad('a', load), 3);
    assert.equal(await cache.getOrLoad('a', load), 3);
  });

  test('a load in flight when the cache is paused does not store its value', async () => {
    const cache = new TtlCache<string, string>(1000);
    const loader = gatedLoader('old');
    const pending = cache.getOrLoad('k', loader.load);
    cache.pause();
    cache.resume();
    loader.open();
    assert.equal(await pending, 'old');
    assert.equal(cache.get('k'), undefined);
  });

  test('a change to another key does not keep a load in flight from being kept', async () => {
    const cache = new TtlCache<string, string>(1000);
    const loader = gatedLoader('value');
    const pending = cache.getOrLoad('k', loader.load);
    cache.delete('other');
    loader.open();
    assert.equal(await pending, 'value');
    assert.equal(cache.get('k'), 'value');
  });
});

describe('TtlCache.load after a missed get', () => {
  test('a hit is the value itself, with no promise; a miss is the load, shared with getOrLoad', async () => {
    let now = 0;
    const cache = new TtlCache<string, string>(1000, 10, () => now);
    const loader = gatedLoader('loaded');
    assert.equal(cache.get('k'), undefined);
    const first = cache.load('k', loader.load);
    const second = cache.getOrLoad('k', loader.load);
    loader.open();
    assert.equal(await first, 'loaded');
    assert.equal(await second, 'loaded');
    assert.equal(loader.calls(), 1, 'concurrent misses read the store once');
    assert.equal(cache.get('k'), 'loaded', 'a hit answers synchronously');
    assert.deepEqual(
      cache.stats,
      { hits: 1, misses: 2, evictions: 0, invalidations: 0 },
      'load counts no miss of its own',
    );
    now = 1000;
    assert.equal(cache.get('k', now), undefined, 'an expired entry is a miss');
    assert.equal(await cache.load('k', () => Promise.resolve('again')), 'again');
    assert.equal(cache.get('k', now), 'again');
  });
});

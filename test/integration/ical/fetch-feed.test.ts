import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { FeedFetchError, fetchFeed } from '../../../src/ical/fetch-feed.ts';
import { RefusedUrlError } from '../../../src/shared/address-guard.ts';

const CAL = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//T//EN\r\nEND:VCALENDAR\r\n';

type Handler = (res: ServerResponse, headers: Record<string, string | string[] | undefined>) => void;
const routes = new Map<string, Handler>();
let server: Server;
let base = '';
let port = 0;

before(async () => {
  server = createServer((req, res) => {
    const handler = routes.get(req.url ?? '');
    if (handler === undefined) {
      res.writeHead(404).end();
      return;
    }
    handler(res, req.headers);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
after(() => server.close());

const open = { allowPrivate: true };

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof Error);
    return error;
  }
  assert.fail('expected a failure');
}

describe('fetchFeed', () => {
  test('a calendar, with its ETag and Last-Modified', async () => {
    routes.set('/ok', (res) =>
      res
        .writeHead(200, {
          'content-type': 'text/calendar',
          etag: '"v1"',
          'last-modified': 'Sun, 10 Jan 2027 10:00:00 GMT',
        })
        .end(CAL),
    );
    const result = await fetchFeed(`${base}/ok`, open);
    assert.deepEqual(result, {
      kind: 'ok',
      status: 200,
      body: Buffer.from(CAL),
      charset: null,
      etag: '"v1"',
      lastModified: 'Sun, 10 Jan 2027 10:00:00 GMT',
    });
  });

  test('conditional GET: 304 when the validators match', async () => {
    routes.set('/cond', (res, headers) => {
      if (headers['if-none-match'] === '"v1"' && headers['if-modified-since'] === 'Sun, 10 Jan 2027 10:00:00 GMT')
        res.writeHead(304).end();
      else res.writeHead(200, { etag: '"v1"' }).end(CAL);
    });
    assert.equal((await fetchFeed(`${base}/cond`, open)).kind, 'ok');
    assert.deepEqual(
      await fetchFeed(`${base}/cond`, { ...open, etag: '"v1"', lastModified: 'Sun, 10 Jan 2027 10:00:00 GMT' }),
      { kind: 'not_modified', status: 304 },
    );
  });

  test('non-2xx, HTML pages, oversized bodies and timeouts fail', async () => {
    routes.set('/500', (res) => res.writeHead(500).end('oops'));
    routes.set('/login', (res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><html>Log in</html>'),
    );
    routes.set('/big', (res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.end('X'.repeat(2048));
    });
    // Never answers: only the fetch's own timeout can end the request.
    routes.set('/silent', () => undefined);
    const serverError = await failure(fetchFeed(`${base}/500`, open));
    assert.ok(serverError instanceof FeedFetchError);
    assert.equal(serverError.status, 500);
    assert.match((await failure(fetchFeed(`${base}/login`, open))).message, /HTML/);
    assert.match((await failure(fetchFeed(`${base}/big`, { ...open, maxBytes: 1024 }))).message, /larger than 1024/);
    assert.match((await failure(fetchFeed(`${base}/silent`, { ...open, timeoutMs: 100 }))).message, /timed out/);
  });

  test('redirects are followed up to 3 times', async () => {
    routes.set('/r1', (res) => res.writeHead(302, { location: '/r2' }).end());
    routes.set('/r2', (res) => res.writeHead(301, { location: `${base}/ok` }).end());
    routes.set('/loop', (res) => res.writeHead(302, { location: '/loop' }).end());
    assert.equal((await fetchFeed(`${base}/r1`, open)).kind, 'ok');
    assert.match((await failure(fetchFeed(`${base}/loop`, open))).message, /more than 3 redirects/);
  });

  test('the guard refuses loopback without ICAL_ALLOW_PRIVATE_NETWORKS', async () => {
    const error = await failure(fetchFeed(`${base}/ok`, { allowPrivate: false }));
    assert.ok(error instanceof RefusedUrlError);
  });

  test('after DNS: a name resolving to an internal address is refused, also after a redirect', async () => {
    // calendar.test stands for a public host (its address allowed by the injected rule);
    // internal.test resolves to an address the rule refuses.
    const names: Record<string, string> = { 'calendar.test': '127.0.0.1', 'internal.test': '127.0.0.2' };
    const guard = {
      allowPrivate: false,
      resolve: (h: string) => Promise.resolve(names[h] ? [names[h]] : []),
      isRefused: (a: string) => a !== '127.0.0.1',
    };
    routes.set('/to-internal', (res) => res.writeHead(302, { location: `http://internal.test:${port}/ok` }).end());
    routes.set('/to-metadata', (res) =>
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    );
    assert.equal((await fetchFeed(`http://calendar.test:${port}/ok`, guard)).kind, 'ok');
    const direct = await failure(fetchFeed(`http://internal.test:${port}/ok`, guard));
    assert.ok(direct instanceof RefusedUrlError, direct.message);
    const redirected = await failure(fetchFeed(`http://calendar.test:${port}/to-internal`, guard));
    assert.ok(redirected instanceof RefusedUrlError, redirected.message);
    const metadata = await failure(fetchFeed(`http://calendar.test:${port}/to-metadata`, guard));
    assert.ok(metadata instanceof RefusedUrlError, metadata.message);
  });

  test('a compressed body is read, asked for or not, and its size counts once decompressed', async () => {
    routes.set('/gzip', (res, headers) => {
      assert.match(String(headers['accept-encoding']), /gzip/);
      res.writeHead(200, { 'content-type': 'text/calendar', 'content-encoding': 'gzip' }).end(gzipSync(CAL));
    });
    routes.set('/deflate', (res) => res.writeHead(200, { 'content-encoding': 'deflate' }).end(deflateSync(CAL)));
    routes.set('/br', (res) => res.writeHead(200, { 'content-encoding': 'br' }).end(brotliCompressSync(CAL)));
    // A gzip file served as a calendar, without Content-Encoding.
    routes.set('/gz-file', (res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(gzipSync(CAL)));
    routes.set('/bomb', (res) =>
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(`${CAL}${' '.repeat(4096)}`)),
    );
    for (const path of ['/gzip', '/deflate', '/br', '/gz-file']) {
      const result = await fetchFeed(`${base}${path}`, open);
      assert.equal(result.kind, 'ok', path);
      assert.equal(result.kind === 'ok' ? result.body.toString() : '', CAL, path);
    }
    assert.match(
      (await failure(fetchFeed(`${base}/bomb`, { ...open, maxBytes: 1024 }))).message,
      /larger than 1024 bytes once decompressed/,
    );
  });

  test('a calendar served as text/html is a calendar; an HTML page is not', async () => {
    routes.set('/html-calendar', (res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(CAL));
    routes.set('/bom-calendar', (res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`\uFEFF${CAL}`));
    routes.set('/page', (res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('<html><body>Sign in'));
    const read = await fetchFeed(`${base}/html-calendar`, open);
    assert.deepEqual(read.kind === 'ok' ? [read.body.toString(), read.charset] : [], [CAL, 'utf-8']);
    assert.equal((await fetchFeed(`${base}/bom-calendar`, open)).kind, 'ok');
    assert.match((await failure(fetchFeed(`${base}/page`, open))).message, /HTML page/);
  });

  test('a weak ETag is sent back as it came', async () => {
    routes.set('/weak', (res, headers) => {
      if (headers['if-none-match'] === 'W/"v7"') res.writeHead(304).end();
      else res.writeHead(200, { etag: 'W/"v7"', 'content-type': 'text/calendar; charset=ISO-8859-1' }).end(CAL);
    });
    const first = await fetchFeed(`${base}/weak`, open);
    assert.deepEqual(first.kind === 'ok' ? [first.etag, first.charset] : [], ['W/"v7"', 'iso-8859-1']);
    assert.equal((await fetchFeed(`${base}/weak`, { ...open, etag: 'W/"v7"' })).kind, 'not_modified');
  });
});

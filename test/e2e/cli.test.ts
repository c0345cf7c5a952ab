import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import type { Kysely } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { hashApiKey } from '../../src/auth/api-keys.ts';
import { verifyPassword } from '../../src/auth/passwords.ts';
import { createContext } from '../../src/create-app-context.ts';
import { migrations } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';
import { DEMO_NAME } from '../../src/seed/demo-accommodation.ts';
import { addDays, todayIn } from '../../src/shared/dates.ts';
import { createCliStore, runCli, type CliStore } from '../support/cli.ts';
import { calendarOf, startFeedServer } from '../support/feed-server.ts';
import { testStoreKind } from '../support/test-store.ts';

/**
 * The command line of README.md#command-line, through the real binary
 * (`node bin/staydesk.js ...`) on a fresh store per test.
 */

const stores: CliStore[] = [];
async function freshStore(): Promise<CliStore> {
  const s = await createCliStore();
  stores.push(s);
  return s;
}
after(async () => {
  for (const s of stores) await s.cleanup();
});

/** Builds the app in-process on the same store the CLI wrote to, and calls it. */
async function callApp(s: CliStore, method: 'GET' | 'POST', url: string | ((v1: string) => string), key: string) {
  const config = s.config({ LOG_LEVEL: 'silent' });
  const store = s.open();
  const app = await buildApp(createContext(config, store), { logger: false });
  try {
    const target = typeof url === 'string' ? url : url(`/api/v1/${config.slug}`);
    const res = await app.inject({ method, url: target, headers: { authorization: `Bearer ${key}` } });
    return { statusCode: res.statusCode, body: res.body, routes: [...app.staydeskRoutes] };
  } finally {
    await app.close();
    await store.destroy();
  }
}

async function query<T>(s: CliStore, fn: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const store = s.open();
  try {
    return await fn(store.db);
  } finally {
    await store.destroy();
  }
}

/** Rows as plain objects (node:sqlite returns null-prototype rows). */
const asPlain = <T extends object>(rows: T[]): T[] => rows.map((r) => ({ ...r }));

const KEY = /^sdk_[A-Za-z0-9_-]{32}$/;
const ALL_COMMANDS = [
  'serve',
  'migrate',
  'apikey create',
  'apikey list',
  'apikey revoke',
  'webhook-secret generate',
  'webhook-secret clear',
  'admin create',
  'seed-demo',
  'ical sync',
  'ical export-url',
  'alloggiati-tables import',
];

describe(`staydesk --help (${testStoreKind})`, () => {
  test('top-level help lists every command and exits 0', async () => {
    const s = await freshStore();
    const res = await runCli(['--help'], s.env);
    assert.equal(res.code, 0, res.stderr);
    for (const name of ALL_COMMANDS) assert.ok(res.stdout.includes(`staydesk ${name}`), `help mentions ${name}`);
  });

  test('every command has its own --help, exits 0 and touches no store', async () => {
    const s = await freshStore();
    const results = await Promise.all(ALL_COMMANDS.map((name) => runCli([...name.split(' '), '--help'], s.env)));
    for (const [i, res] of results.entries()) {
      const name = ALL_COMMANDS[i] ?? '';
      assert.equal(res.code, 0, `${name}: ${res.stderr}`);
      assert.ok(res.stdout.startsWith(`Usage: staydesk ${name}`), `${name}: ${res.stdout}`);
    }
    if (s.kind === 'sqlite') {
      assert.equal(fs.existsSync(s.env.STAYDESK_DATA_DIR ?? ''), false, 'help created no store');
    }
  });
});

describe(`staydesk migrate (${testStoreKind})`, () => {
  test('applies every migration once, then reports the schema up to date', async () => {
    const s = await freshStore();
    const first = await runCli(['migrate'], s.env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, new RegExp(`Applied ${Object.keys(migrations).sort().join(', ')}`));
    const second = await runCli(['migrate'], s.env);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /already up to date/);
    const users = await query(s, (db) => db.selectFrom('users').select('role').execute());
    assert.deepEqual(asPlain(users), [{ role: 'technical' }]);
  });

  test('two migrate processes started at once on an empty store both succeed', async () => {
    const s = await freshStore();
    const [a, b] = await Promise.all([runCli(['migrate'], s.env), runCli(['migrate'], s.env)]);
    assert.equal(a.code, 0, a.stderr);
    assert.equal(b.code, 0, b.stderr);
    const names = await query(s, async (db) => {
      const rows = await (db as unknown as Kysely<{ kysely_migration: { name: string } }>)
        .selectFrom('kysely_migration')
        .select('name')
        .execute();
      return rows.map((r) => r.name).sort();
    });
    assert.deepEqual(names, Object.keys(migrations).sort());
    assert.equal((await query(s, (db) => db.selectFrom('users').select('id').execute())).length, 1);
  });

  test('an unreachable PostgreSQL server: exit 1 with a clear message, no password, no stack', async () => {
    const s = await freshStore();
    const res = await runCli(['migrate'], { ...s.env, DATABASE_URL: 'postgres://postgres:sekret-pw@127.0.0.1:1/x' });
    assert.equal(res.code, 1);
    assert.match(res.stderr, /Migration failed/);
    assert.match(res.stderr, /ECONNREFUSED|connect|refused/i);
    assert.ok(!res.stderr.includes('sekret-pw') && !res.stdout.includes('sekret-pw'), 'the password is not printed');
    assert.ok(!/\n\s+at /.test(res.stderr), `no stack trace: ${res.stderr}`);
  });
});

describe(`staydesk apikey (${testStoreKind})`, () => {
  test('create prints the key alone on the last line, and the key works', async () => {
    const s = await freshStore();
    const res = await runCli(['apikey', 'create', '--name', 'booking site'], s.env);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.lastLine, KEY);
    assert.ok(res.stdout.endsWith(`${res.lastLine}\n`), 'nothing after the key');
    assert.match(res.stdout, /booking site/);
    const call = await callApp(s, 'GET', (v1) => `${v1}/test`, res.lastLine);
    assert.equal(call.statusCode, 200, call.body);
    const row = await query(s, (db) =>
      db.selectFrom('api_keys').selectAll().where('name', '=', 'booking site').executeTakeFirstOrThrow(),
    );
    assert.equal(row.scope, 'api');
    assert.equal(row.secret_hash, hashApiKey(res.lastLine), 'stored hashed');
  });

  test('create --admin makes a key that may call the admin API; a plain key may not', async () => {
    const s = await freshStore();
    const admin = await runCli(['apikey', 'create', '--name', 'ops', '--admin'], s.env);
    const plain = await runCli(['apikey', 'create', '--name', 'site'], s.env);
    assert.equal(admin.code, 0, admin.stderr);
    assert.match(admin.lastLine, KEY);
    const scopes = await query(s, (db) => db.selectFrom('api_keys').select(['name', 'scope']).orderBy('id').execute());
    assert.deepEqual(asPlain(scopes), [
      { name: 'ops', scope: 'admin' },
      { name: 'site', scope: 'api' },
    ]);
    const { routes } = await callApp(s, 'GET', '/healthz', admin.lastLine);
    const adminRoute = routes.find((r) => r.auth === 'admin' && r.method === 'GET' && !r.url.includes(':'));
    assert.ok(adminRoute !== undefined, 'the app has an admin GET route to try');
    const withAdmin = await callApp(s, 'GET', adminRoute.url, admin.lastLine);
    assert.ok(withAdmin.statusCode < 400, `${adminRoute.url}: ${withAdmin.statusCode} ${withAdmin.body.slice(0, 200)}`);
    assert.equal((await callApp(s, 'GET', adminRoute.url, plain.lastLine)).statusCode, 403);
    assert.equal(
      (await callApp(s, 'GET', (v1) => `${v1}/test`, admin.lastLine)).statusCode,
      200,
      'an admin key may call v1 too',
    );
  });

  test('create --test makes a test key (sdk_test_…) that calls v1 and may not call the admin API', async () => {
    const s = await freshStore();
    const res = await runCli(['apikey', 'create', '--name', 'sandbox', '--test'], s.env);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.lastLine, /^sdk_test_[A-Za-z0-9_-]{32}$/);
    assert.match(res.stdout, /Created test key/);
    const row = await query(s, (db) =>
      db
        .selectFrom('api_keys')
        .select(['scope', 'mode', 'prefix'])
        .where('name', '=', 'sandbox')
        .executeTakeFirstOrThrow(),
    );
    assert.deepEqual({ ...row }, { scope: 'api', mode: 'test', prefix: res.lastLine.slice(0, 15) });
    assert.equal((await callApp(s, 'GET', (v1) => `${v1}/test`, res.lastLine)).statusCode, 200);
    const list = await runCli(['apikey', 'list'], s.env);
    assert.match(list.stdout, /sdk_test_\S*…\tapi\ttest\t/);
  });

  test('list shows each key by prefix and never its secret', async () => {
    const s = await freshStore();
    const a = await runCli(['apikey', 'create', '--name', 'alpha'], s.env);
    const b = await runCli(['apikey', 'create', '--name', 'beta', '--admin'], s.env);
    const list = await runCli(['apikey', 'list'], s.env);
    assert.equal(list.code, 0, list.stderr);
    for (const created of [a, b]) {
      assert.ok(list.stdout.includes(created.lastLine.slice(0, 10)), 'prefix shown');
      assert.ok(!list.stdout.includes(created.lastLine), 'secret never shown');
      assert.ok(!list.stdout.includes(hashApiKey(created.lastLine)), 'hash never shown');
    }
    assert.match(list.stdout, /alpha/);
    assert.match(list.stdout, /beta/);
    assert.match(list.stdout, /admin/);
  });

  test('list on a store without keys says how to create one', async () => {
    const s = await freshStore();
    const list = await runCli(['apikey', 'list'], s.env);
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /apikey create/);
  });

  test('revoke ID stops the key at once; an unknown id exits 1', async () => {
    const s = await freshStore();
    const created = await runCli(['apikey', 'create', '--name', 'to revoke'], s.env);
    const id = String(
      await query(s, async (db) => (await db.selectFrom('api_keys').select('id').executeTakeFirstOrThrow()).id),
    );
    assert.equal((await callApp(s, 'GET', (v1) => `${v1}/test`, created.lastLine)).statusCode, 200);

    const revoked = await runCli(['apikey', 'revoke', id], s.env);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.match(revoked.stdout, /Revoked/);
    assert.equal((await callApp(s, 'GET', (v1) => `${v1}/test`, created.lastLine)).statusCode, 401);
    const list = await runCli(['apikey', 'list'], s.env);
    assert.match(list.stdout, /revoked/);

    const unknown = await runCli(['apikey', 'revoke', '999999'], s.env);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /No API key with id 999999/);
  });
});

describe(`staydesk webhook-secret (${testStoreKind})`, () => {
  test('generate prints the new secret alone on the last line and stores it; clear removes it', async () => {
    const s = await freshStore();
    const first = await runCli(['webhook-secret', 'generate'], s.env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.lastLine, /^whsk_[0-9a-f]{64}$/);
    const stored = () =>
      query(s, (db) =>
        db.selectFrom('settings').select('value').where('name', '=', 'webhook_secret').executeTakeFirst(),
      );
    assert.equal((await stored())?.value, first.lastLine);

    const second = await runCli(['webhook-secret', 'generate'], s.env);
    assert.notEqual(second.lastLine, first.lastLine);
    assert.equal((await stored())?.value, second.lastLine, 'the new secret replaces the old one');

    const cleared = await runCli(['webhook-secret', 'clear'], s.env);
    assert.equal(cleared.code, 0, cleared.stderr);
    assert.match(cleared.stdout, /OFF/);
    assert.equal(await stored(), undefined);
    assert.ok(!cleared.stdout.includes(second.lastLine));
  });
});

describe(`staydesk admin create (${testStoreKind})`, () => {
  test('prints a generated password on the last line; only its scrypt hash is stored', async () => {
    const s = await freshStore();
    const res = await runCli(['admin', 'create', '--login', 'anna@example.com'], s.env);
    assert.equal(res.code, 0, res.stderr);
    const password = res.lastLine;
    assert.match(password, /^[A-Za-z0-9_-]{24}$/);
    const user = await query(s, (db) =>
      db.selectFrom('users').selectAll().where('login', '=', 'anna@example.com').executeTakeFirstOrThrow(),
    );
    assert.equal(user.role, 'owner', 'the CLI makes an owner');
    assert.notEqual(user.password_hash, password);
    assert.match(user.password_hash, /^scrypt\$/);
    assert.equal(await verifyPassword(password, user.password_hash), true);
    assert.equal(await verifyPassword(`${password}x`, user.password_hash), false);
  });

  test('a login that exists already: non-zero exit, a clear message, no password printed', async () => {
    const s = await freshStore();
    const first = await runCli(['admin', 'create', '--login', 'bruno'], s.env);
    assert.equal(first.code, 0, first.stderr);
    const again = await runCli(['admin', 'create', '--login', 'bruno'], s.env);
    assert.notEqual(again.code, 0);
    assert.match(again.stderr, /bruno.*already exists/);
    assert.equal(again.stdout, '');
    const users = await query(s, (db) => db.selectFrom('users').select('login').where('login', '=', 'bruno').execute());
    assert.equal(users.length, 1);
  });
});

describe(`staydesk seed-demo and ical sync (${testStoreKind})`, () => {
  test('seed-demo creates the demo accommodation once and prints its id each time', async () => {
    const s = await freshStore();
    const first = await runCli(['seed-demo'], s.env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.lastLine, /^\d+$/);
    const second = await runCli(['seed-demo'], s.env);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(second.lastLine, first.lastLine);
    const rows = await query(s, (db) => db.selectFrom('accommodations').select(['id', 'name']).execute());
    assert.deepEqual(asPlain(rows), [{ id: Number(first.lastLine), name: DEMO_NAME }]);
  });

  test('ical sync pulls all or one accommodation; an unknown id exits non-zero', async () => {
    const s = await freshStore();
    const seeded = await runCli(['seed-demo'], s.env);
    const all = await runCli(['ical', 'sync'], s.env);
    assert.equal(all.code, 0, all.stderr);
    const one = await runCli(['ical', 'sync', seeded.lastLine], s.env);
    assert.equal(one.code, 0, one.stderr);
    assert.match(one.stdout, new RegExp(`\\b${seeded.lastLine}\\b`));
    const unknown = await runCli(['ical', 'sync', '999999'], s.env);
    assert.notEqual(unknown.code, 0);
    assert.match(unknown.stderr, /999999/);
    assert.match(unknown.stderr, /not found/i);
  });

  test('ical sync prints per feed what it added, changed and removed, or the error', async () => {
    const s = await freshStore();
    const feeds = await startFeedServer();
    try {
      const seeded = await runCli(['seed-demo'], s.env);
      const id = Number(seeded.lastLine);
      const today = todayIn('UTC');
      feeds.set(
        '/ok.ics',
        calendarOf([
          { uid: 'a', start: addDays(today, 30), end: addDays(today, 33) },
          { uid: 'b', start: addDays(today, 40), end: addDays(today, 41) },
        ]),
      );
      feeds.answer('/broken.ics', 500, 'oops');
      await query(s, async (db) => {
        const created_at = new Date().toISOString();
        for (const [name, path] of [
          ['airbnb', '/ok.ics'],
          ['vrbo', '/broken.ics'],
        ]) {
          await db
            .insertInto('external_feeds')
            .values({
              accommodation_id: id,
              name: name ?? '',
              url: feeds.url(path ?? ''),
              created_at,
              last_synced_at: null,
              last_status: null,
              last_error: null,
            })
            .execute();
        }
      });
      const env = { ...s.env, ICAL_ALLOW_PRIVATE_NETWORKS: 'true' };
      const first = await runCli(['ical', 'sync', String(id)], env);
      assert.equal(first.code, 1, 'a failed feed makes the exit code 1');
      assert.match(first.stdout, /feed \d+ "airbnb": added 2, changed 0, removed 0\./);
      assert.match(first.stdout, /feed \d+ "vrbo": failed: answered HTTP 500; nothing changed\./);
      feeds.set('/ok.ics', calendarOf([{ uid: 'a', start: addDays(today, 30), end: addDays(today, 34) }]));
      feeds.set('/broken.ics', calendarOf([]));
      const second = await runCli(['ical', 'sync'], env);
      assert.equal(second.code, 0, second.stderr);
      assert.match(second.stdout, /"airbnb": added 0, changed 1, removed 1\./);
      assert.match(second.stdout, /"vrbo": added 0, changed 0, removed 0\./);
      const refused = await runCli(['ical', 'sync', String(id)], s.env);
      assert.match(
        refused.stdout,
        /"airbnb": failed: .*internal/,
        'without ICAL_ALLOW_PRIVATE_NETWORKS the loopback feed is refused at fetch time',
      );
    } finally {
      await feeds.close();
    }
  });

  test('ical export-url prints the same secret URL until --rotate replaces it', async () => {
    const s = await freshStore();
    const seeded = await runCli(['seed-demo'], s.env);
    const first = await runCli(['ical', 'export-url', seeded.lastLine], s.env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.lastLine, /^https?:\/\/.+\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    assert.equal((await runCli(['ical', 'export-url', seeded.lastLine], s.env)).lastLine, first.lastLine);
    const rotated = await runCli(['ical', 'export-url', seeded.lastLine, '--rotate'], s.env);
    assert.equal(rotated.code, 0, rotated.stderr);
    assert.match(rotated.lastLine, /\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    assert.notEqual(rotated.lastLine, first.lastLine);
    const unknown = await runCli(['ical', 'export-url', '999999'], s.env);
    assert.notEqual(unknown.code, 0);
    assert.match(unknown.stderr, /999999/);
  });
});

describe(`usage and configuration errors (${testStoreKind})`, () => {
  test('usage errors exit 2 with a helpful message on stderr', async () => {
    const s = await freshStore();
    const cases: [string[], RegExp][] = [
      [[], /Usage: staydesk <command>/],
      [['frobnicate'], /Unknown command "frobnicate"/],
      [['apikey', 'create'], /--name NAME is required/],
      [['apikey', 'create', '--name', 'x', '--bogus'], /--bogus/],
      [['apikey', 'revoke', 'abc'], /ID must be a positive whole number/],
      [['admin', 'create'], /--login LOGIN is required/],
      [['ical', 'sync', 'x'], /ACCOMMODATION_ID must be a positive whole number/],
      [['ical', 'export-url'], /ACCOMMODATION_ID is required/],
    ];
    const results = await Promise.all(cases.map(([args]) => runCli(args, s.env)));
    for (const [i, res] of results.entries()) {
      const [args, message] = cases[i]!;
      assert.equal(res.code, 2, `staydesk ${args.join(' ')}: ${res.stderr}`);
      assert.match(`${res.stderr}${res.stdout}`, message, `staydesk ${args.join(' ')}`);
    }
  });

  test('a bad environment variable exits 1 naming it', async () => {
    const s = await freshStore();
    const cases: [Record<string, string>, string[], string][] = [
      [{ PORT: 'abc' }, ['migrate'], 'PORT'],
      [{ PORT: '70000' }, ['serve'], 'PORT'],
      [{ DATABASE_URL: 'mysql://localhost/x' }, ['apikey', 'list'], 'DATABASE_URL'],
      [{ STAYDESK_SLUG: 'Not A Slug' }, ['seed-demo'], 'STAYDESK_SLUG'],
      [{ LOG_LEVEL: 'chatty' }, ['serve'], 'LOG_LEVEL'],
    ];
    const results = await Promise.all(cases.map(([env, args]) => runCli(args, { ...s.env, ...env })));
    for (const [i, res] of results.entries()) {
      const [env, args, variable] = cases[i]!;
      assert.equal(res.code, 1, `${JSON.stringify(env)} staydesk ${args.join(' ')}: ${res.stdout} ${res.stderr}`);
      assert.match(res.stderr, new RegExp(`Configuration error: ${variable}\\b`));
      assert.ok(!/\n\s+at /.test(res.stderr), 'no stack trace');
    }
  });

  test('a .env file in the working directory supplies settings; the environment wins over it', async () => {
    const s = await freshStore();
    fs.writeFileSync(path.join(s.dir, '.env'), 'LOG_LEVEL=chatty\nSTAYDESK_SLUG=Not A Slug\n');
    const fromFile = await runCli(['migrate'], { ...s.env, LOG_LEVEL: 'warn' }, { cwd: s.dir });
    assert.equal(fromFile.code, 1, fromFile.stdout);
    assert.match(fromFile.stderr, /Configuration error: STAYDESK_SLUG\b/);
    const overridden = await runCli(
      ['migrate'],
      { ...s.env, LOG_LEVEL: 'warn', STAYDESK_SLUG: 'staydesk' },
      { cwd: s.dir },
    );
    assert.equal(overridden.code, 0, overridden.stderr);
  });
});

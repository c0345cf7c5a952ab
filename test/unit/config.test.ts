import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

/** Asserts that loading `env` fails with a ConfigError that names `variable`. */
function assertBad(env: Record<string, string>, variable: string): void {
  assert.throws(
    () => loadConfig(env),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${String(error)}`);
      assert.equal(error.variable, variable);
      assert.match(error.message, new RegExp(`\\b${variable}\\b`), 'the message names the variable');
      return true;
    },
  );
}

describe('config defaults (README.md#configuration)', () => {
  const config = loadConfig({});

  test('embedded store in ./.staydesk', () => {
    assert.equal(config.dataDir, path.resolve('./.staydesk'));
    assert.deepEqual(config.store, {
      kind: 'sqlite',
      file: path.join(path.resolve('./.staydesk'), 'staydesk.sqlite'),
      statementTimeoutMs: 5000,
    });
  });

  test('listen address, public base URL and slug', () => {
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.port, 8080);
    assert.equal(config.publicBaseUrl, 'http://127.0.0.1:8080');
    assert.equal(config.slug, 'staydesk');
  });

  test('mail, payments, drafts, iCal and logging', () => {
    assert.equal(config.smtpUrl, null);
    assert.equal(config.mailFrom, 'Staydesk <no-reply@localhost>');
    assert.equal(config.paymentWebhookSecret, null);
    assert.equal(config.draftHoldSeconds, 1800);
    assert.equal(config.icalSyncIntervalSeconds, 900);
    assert.equal(config.allowPrivateNetworks, false);
    assert.equal(config.logLevel, 'info');
  });

  test('blank values count as unset', () => {
    const blank = loadConfig({ PORT: '  ', HOST: '', STAYDESK_SLUG: ' ', DATABASE_URL: '', LOG_LEVEL: '' });
    assert.equal(blank.port, 8080);
    assert.equal(blank.host, '127.0.0.1');
    assert.equal(blank.slug, 'staydesk');
    assert.equal(blank.store.kind, 'sqlite');
    assert.equal(blank.logLevel, 'info');
  });

  test('reads process.env when no environment is passed', () => {
    const saved = process.env.STAYDESK_SLUG;
    process.env.STAYDESK_SLUG = 'from-process-env';
    try {
      assert.equal(loadConfig().slug, 'from-process-env');
    } finally {
      if (saved === undefined) delete process.env.STAYDESK_SLUG;
      else process.env.STAYDESK_SLUG = saved;
    }
  });
});

describe('DATABASE_URL and STAYDESK_DATA_DIR', () => {
  test('unset: SQLite file inside STAYDESK_DATA_DIR (resolved to an absolute path)', () => {
    const config = loadConfig({ STAYDESK_DATA_DIR: 'some/dir' });
    assert.equal(config.dataDir, path.resolve('some/dir'));
    assert.deepEqual(config.store, {
      kind: 'sqlite',
      file: path.resolve('some/dir', 'staydesk.sqlite'),
      statementTimeoutMs: 5000,
    });
  });

  test('memory: is a throw-away in-memory store', () => {
    assert.deepEqual(loadConfig({ DATABASE_URL: 'memory:' }).store, { kind: 'memory', statementTimeoutMs: 5000 });
  });

  for (const url of [
    'postgres://user:secret@db.example:5432/staydesk',
    'postgresql://localhost/staydesk',
    'postgres://postgres@127.0.0.1/x?sslmode=disable',
  ]) {
    test(`PostgreSQL URL ${url}`, () => {
      assert.deepEqual(loadConfig({ DATABASE_URL: url }).store, { kind: 'postgres', url, statementTimeoutMs: 5000 });
    });
  }

  for (const url of [
    'mysql://localhost/x',
    'sqlite:./x.db',
    'localhost:5432',
    'memory',
    'postgres:/missing-slashes',
    'postgres://[bad-host/x',
  ]) {
    test(`refuses ${url}`, () => {
      assertBad({ DATABASE_URL: url }, 'DATABASE_URL');
    });
  }
});

describe('STORE_STATEMENT_TIMEOUT_MS', () => {
  test('bounds every store call, on either store', () => {
    assert.equal(loadConfig({ STORE_STATEMENT_TIMEOUT_MS: '1000' }).store.statementTimeoutMs, 1000);
    const pg = loadConfig({ DATABASE_URL: 'postgres://localhost/x', STORE_STATEMENT_TIMEOUT_MS: '30000' });
    assert.equal(pg.store.statementTimeoutMs, 30_000);
  });

  for (const bad of ['0', '99', '-1', '5s', '1.5', '3600001']) {
    test(`STORE_STATEMENT_TIMEOUT_MS=${bad} is refused`, () => {
      assertBad({ STORE_STATEMENT_TIMEOUT_MS: bad }, 'STORE_STATEMENT_TIMEOUT_MS');
    });
  }
});

describe('HOST, PORT and PUBLIC_BASE_URL', () => {
  test('PORT accepts 0 (pick a free port) up to 65535', () => {
    assert.equal(loadConfig({ PORT: '0' }).port, 0);
    assert.equal(loadConfig({ PORT: '1' }).port, 1);
    assert.equal(loadConfig({ PORT: '65535' }).port, 65535);
    assert.equal(loadConfig({ PORT: ' 3000 ' }).port, 3000);
  });

  for (const port of ['65536', '70000', '-1', 'abc', '80a', '1.5', '1e3', '0x50']) {
    test(`PORT=${port} is refused`, () => {
      assertBad({ PORT: port }, 'PORT');
    });
  }

  test('the default base URL follows HOST and PORT', () => {
    assert.equal(loadConfig({ HOST: '0.0.0.0', PORT: '3000' }).publicBaseUrl, 'http://0.0.0.0:3000');
    assert.equal(loadConfig({ HOST: '::1', PORT: '3000' }).publicBaseUrl, 'http://[::1]:3000');
  });

  test('PUBLIC_BASE_URL wins over HOST:PORT and loses its trailing slashes', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PORT: '3000',
      PUBLIC_BASE_URL: 'https://book.example.com/staydesk//',
    });
    assert.equal(config.publicBaseUrl, 'https://book.example.com/staydesk');
    assert.equal(config.host, '0.0.0.0');
  });

  for (const base of ['not a url', 'ftp://files.example.com', 'javascript:alert(1)', '/relative/path']) {
    test(`PUBLIC_BASE_URL=${base} is refused`, () => {
      assertBad({ PUBLIC_BASE_URL: base }, 'PUBLIC_BASE_URL');
    });
  }
});

describe('STAYDESK_SLUG', () => {
  for (const slug of ['booking', 'svc', 'my-rentals_2', '0abc', 'a'.repeat(63)]) {
    test(`accepts ${slug.length > 20 ? `${slug.length} characters` : slug}`, () => {
      assert.equal(loadConfig({ STAYDESK_SLUG: slug }).slug, slug);
    });
  }

  for (const slug of [
    'Staydesk',
    'my svc',
    'a/b',
    '../admin',
    '-leading',
    '_leading',
    'ünïcode',
    'x.y',
    'a'.repeat(64),
    '%2e',
  ]) {
    test(`refuses ${slug.length > 20 ? `${slug.length} characters` : JSON.stringify(slug)}`, () => {
      assertBad({ STAYDESK_SLUG: slug }, 'STAYDESK_SLUG');
    });
  }
});

describe('mail settings', () => {
  test('SMTP_URL takes smtp:// and smtps://', () => {
    assert.equal(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl, 'smtp://127.0.0.1:2525');
    assert.equal(
      loadConfig({ SMTP_URL: 'smtps://user:pw@mail.example.com:465' }).smtpUrl,
      'smtps://user:pw@mail.example.com:465',
    );
  });

  for (const url of ['http://mail.example.com', '127.0.0.1:2525', 'mail.example.com']) {
    test(`SMTP_URL=${url} is refused`, () => {
      assertBad({ SMTP_URL: url }, 'SMTP_URL');
    });
  }

  test('MAIL_FROM is taken as given', () => {
    assert.equal(
      loadConfig({ MAIL_FROM: 'Seaside <stay@seaside.example>' }).mailFrom,
      'Seaside <stay@seaside.example>',
    );
  });
});

describe('PAYMENT_WEBHOOK_SECRET', () => {
  test('is kept as given', () => {
    assert.equal(loadConfig({ PAYMENT_WEBHOOK_SECRET: 'whsec_abc123' }).paymentWebhookSecret, 'whsec_abc123');
  });
});

describe('DRAFT_HOLD_SECONDS and ICAL_SYNC_INTERVAL_SECONDS', () => {
  test('take whole numbers', () => {
    assert.equal(loadConfig({ DRAFT_HOLD_SECONDS: '60' }).draftHoldSeconds, 60);
    assert.equal(loadConfig({ ICAL_SYNC_INTERVAL_SECONDS: '3600' }).icalSyncIntervalSeconds, 3600);
  });

  test('ICAL_SYNC_INTERVAL_SECONDS=0 disables the schedule', () => {
    assert.equal(loadConfig({ ICAL_SYNC_INTERVAL_SECONDS: '0' }).icalSyncIntervalSeconds, 0);
  });

  for (const bad of ['0', '-5', 'ten', '1.5']) {
    test(`DRAFT_HOLD_SECONDS=${bad} is refused`, () => {
      assertBad({ DRAFT_HOLD_SECONDS: bad }, 'DRAFT_HOLD_SECONDS');
    });
  }

  for (const bad of ['-1', 'often', '99999999999']) {
    test(`ICAL_SYNC_INTERVAL_SECONDS=${bad} is refused`, () => {
      assertBad({ ICAL_SYNC_INTERVAL_SECONDS: bad }, 'ICAL_SYNC_INTERVAL_SECONDS');
    });
  }
});

describe('ICAL_ALLOW_PRIVATE_NETWORKS', () => {
  for (const [raw, expected] of [
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['yes', true],
    ['false', false],
    ['0', false],
    ['no', false],
  ] as const) {
    test(`${raw} → ${expected}`, () => {
      assert.equal(loadConfig({ ICAL_ALLOW_PRIVATE_NETWORKS: raw }).allowPrivateNetworks, expected);
    });
  }

  test('anything else is refused', () => {
    assertBad({ ICAL_ALLOW_PRIVATE_NETWORKS: 'maybe' }, 'ICAL_ALLOW_PRIVATE_NETWORKS');
  });
});

describe('LOG_LEVEL', () => {
  for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) {
    test(`accepts ${level}`, () => {
      assert.equal(loadConfig({ LOG_LEVEL: level }).logLevel, level);
    });
  }

  test('refuses an unknown level', () => {
    assertBad({ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL');
  });
});

describe('ConfigError', () => {
  test('is an Error with the variable and a readable message', () => {
    const error = new ConfigError('PORT', 'expected a number');
    assert.ok(error instanceof Error);
    assert.equal(error.name, 'ConfigError');
    assert.equal(error.variable, 'PORT');
    assert.equal(error.message, 'PORT: expected a number');
  });

  test('the message quotes the bad value so the operator can find it', () => {
    assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT.*eighty/);
  });
});

describe('abuse limits and the metrics token (README, Security)', () => {
  test('defaults: 30 s timeout, 600/min per key, 120/min per address on public routes, 6000/min per address on calendar exports, 30/min per address on guest pages, 20 auth failures, 20 drafts, no Redis, open metrics', () => {
    const config = loadConfig({});
    assert.deepEqual(config.limits, {
      requestTimeoutSeconds: 30,
      perKeyPerMinute: 600,
      publicPerIpPerMinute: 120,
      icalExportPerIpPerMinute: 6000,
      guestPagePerIpPerMinute: 30,
      authFailuresPerIpPerMinute: 20,
      draftsPerKey: 20,
      redisUrl: null,
    });
    assert.equal(config.metricsToken, null);
  });

  test('each is read from its variable; 0 turns a limit off', () => {
    const config = loadConfig({
      REQUEST_TIMEOUT_SECONDS: '0',
      RATE_LIMIT_PER_KEY: '5',
      RATE_LIMIT_PUBLIC_PER_IP: '0',
      RATE_LIMIT_ICAL_EXPORT_PER_IP: '7',
      RATE_LIMIT_GUEST_PAGE_PER_IP: '4',
      AUTH_FAILURES_PER_IP: '3',
      DRAFTS_PER_KEY: '2',
      RATE_LIMIT_REDIS_URL: 'redis://127.0.0.1:6379',
      METRICS_TOKEN: 'metrics-token-0123456789',
    });
    assert.deepEqual(config.limits, {
      requestTimeoutSeconds: 0,
      perKeyPerMinute: 5,
      publicPerIpPerMinute: 0,
      icalExportPerIpPerMinute: 7,
      guestPagePerIpPerMinute: 4,
      authFailuresPerIpPerMinute: 3,
      draftsPerKey: 2,
      redisUrl: 'redis://127.0.0.1:6379',
    });
    assert.equal(config.metricsToken, 'metrics-token-0123456789');
  });

  for (const [variable, bad] of [
    ['REQUEST_TIMEOUT_SECONDS', '-1'],
    ['REQUEST_TIMEOUT_SECONDS', '3601'],
    ['RATE_LIMIT_PER_KEY', 'lots'],
    ['RATE_LIMIT_PUBLIC_PER_IP', '1.5'],
    ['RATE_LIMIT_ICAL_EXPORT_PER_IP', 'many'],
    ['AUTH_FAILURES_PER_IP', 'x'],
    ['DRAFTS_PER_KEY', '-3'],
    ['RATE_LIMIT_REDIS_URL', 'http://127.0.0.1:6379'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_TOKEN', 'has spaces in it, sixteen+'],
  ] as const) {
    test(`${variable}=${bad} is refused naming the variable`, () => {
      assertBad({ [variable]: bad }, variable);
    });
  }
});

describe('STAYDESK_NIGHT_MEMORY_MAX', () => {
  test('defaults to 1000 accommodations; 0 keeps none', () => {
    assert.equal(loadConfig({}).nightMemoryMax, 1000);
    assert.equal(loadConfig({ STAYDESK_NIGHT_MEMORY_MAX: '0' }).nightMemoryMax, 0);
    assert.equal(loadConfig({ STAYDESK_NIGHT_MEMORY_MAX: '5000' }).nightMemoryMax, 5000);
  });

  test('refuses a negative or non-numeric ceiling', () => {
    assertBad({ STAYDESK_NIGHT_MEMORY_MAX: '-1' }, 'STAYDESK_NIGHT_MEMORY_MAX');
    assertBad({ STAYDESK_NIGHT_MEMORY_MAX: 'lots' }, 'STAYDESK_NIGHT_MEMORY_MAX');
  });
});

describe('ENDPOINTS_PER_KEY', () => {
  test('defaults to 10; 1 to 1000 accepted, anything else refused naming the variable', () => {
    assert.equal(loadConfig({}).endpointsPerKey, 10);
    assert.equal(loadConfig({ ENDPOINTS_PER_KEY: '1' }).endpointsPerKey, 1);
    assert.equal(loadConfig({ ENDPOINTS_PER_KEY: '1000' }).endpointsPerKey, 1000);
    for (const bad of ['0', '1001', 'ten', '2.5', '-1']) assertBad({ ENDPOINTS_PER_KEY: bad }, 'ENDPOINTS_PER_KEY');
  });
});

describe('SHUTDOWN_TIMEOUT_SECONDS', () => {
  test('defaults to 10 s; 1 to 3600 accepted, anything else refused naming the variable', () => {
    assert.equal(loadConfig({}).shutdownTimeoutSeconds, 10);
    assert.equal(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '1' }).shutdownTimeoutSeconds, 1);
    assert.equal(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '3600' }).shutdownTimeoutSeconds, 3600);
    for (const bad of ['0', '3601', 'soon', '2.5'])
      assertBad({ SHUTDOWN_TIMEOUT_SECONDS: bad }, 'SHUTDOWN_TIMEOUT_SECONDS');
  });
});

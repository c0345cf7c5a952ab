import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { UsageError, parse, positiveId, type Command } from '../../src/cli/cli-support.ts';
import { commands } from '../../src/cli/commands.ts';
import { main } from '../../src/cli/main.ts';

/** Runs the CLI in-process with captured output. Only argument errors are exercised here: none of them opens a store. */
async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const EVERY_COMMAND = [
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

describe('command table', () => {
  test('has exactly the commands of README.md#command-line, with the iCal export-url and Alloggiati tables commands', () => {
    assert.deepEqual(commands.map((c) => c.name).sort(), [...EVERY_COMMAND].sort());
  });

  test('every usage line starts with "staydesk <name>"', () => {
    for (const c of commands) assert.ok(c.usage.startsWith(`staydesk ${c.name}`), c.usage);
  });
});

describe('help', () => {
  for (const flag of ['--help', '-h', 'help']) {
    test(`staydesk ${flag} lists every command and exits 0`, async () => {
      const { code, out, err } = await run(flag);
      assert.equal(code, 0);
      assert.equal(err, '');
      assert.match(out, /^Usage: staydesk <command>/);
      for (const name of EVERY_COMMAND) assert.ok(out.includes(`staydesk ${name}`), `overview mentions ${name}`);
    });
  }

  test('no arguments prints the overview and exits 2 (a usage error)', async () => {
    const { code, out } = await run();
    assert.equal(code, 2);
    assert.match(out, /Usage: staydesk <command>/);
  });

  for (const name of EVERY_COMMAND) {
    test(`staydesk ${name} --help shows that command's usage and exits 0`, async () => {
      const command = commands.find((c) => c.name === name)!;
      const { code, out } = await run(...name.split(' '), '--help');
      assert.equal(code, 0);
      assert.ok(out.startsWith(`Usage: ${command.usage}`), out);
      assert.ok(out.includes(command.summary));
    });
  }

  test('-h works like --help after a command and its options', async () => {
    const { code, out } = await run('apikey', 'create', '--name', 'x', '-h');
    assert.equal(code, 0);
    assert.match(out, /Usage: staydesk apikey create --name NAME \[--admin \| --test\]/);
  });

  for (const group of ['apikey', 'webhook-secret', 'admin', 'ical']) {
    test(`staydesk ${group} --help lists the group's subcommands`, async () => {
      const { code, out } = await run(group, '--help');
      assert.equal(code, 0);
      const members = EVERY_COMMAND.filter((n) => n.startsWith(`${group} `));
      for (const m of members) assert.ok(out.includes(`staydesk ${m}`), `${group} help mentions ${m}`);
    });

    test(`bare "staydesk ${group}" shows the group and exits 2`, async () => {
      const { code, out } = await run(group);
      assert.equal(code, 2);
      assert.ok(out.includes(`staydesk ${group} `));
    });
  }
});

describe('usage errors exit 2 with a helpful message on stderr', () => {
  const cases: { argv: string[]; message: RegExp }[] = [
    { argv: ['frobnicate'], message: /Unknown command "frobnicate"[\s\S]*Usage: staydesk <command>/ },
    { argv: ['apikey', 'rotate'], message: /Unknown command "apikey rotate"/ },
    { argv: ['apikey', 'create'], message: /--name NAME is required[\s\S]*Usage: staydesk apikey create/ },
    { argv: ['apikey', 'create', '--name', '   '], message: /--name NAME is required/ },
    { argv: ['apikey', 'create', '--name', 'x'.repeat(101)], message: /1 to 100 characters/ },
    { argv: ['apikey', 'create', '--name'], message: /staydesk apikey create:.*--name/ },
    { argv: ['apikey', 'create', '--name', 'ok', '--bogus'], message: /staydesk apikey create:.*--bogus/ },
    { argv: ['apikey', 'create', '--name', 'ok', '--admin=yes'], message: /staydesk apikey create:.*--admin/ },
    {
      argv: ['apikey', 'create', '--name', 'ok', '--admin', '--test'],
      message: /--test and --admin do not go together/,
    },
    {
      argv: ['apikey', 'revoke'],
      message: /ID must be a positive whole number[\s\S]*Usage: staydesk apikey revoke ID/,
    },
    { argv: ['apikey', 'revoke', 'abc'], message: /ID must be a positive whole number/ },
    { argv: ['apikey', 'revoke', '0'], message: /ID must be a positive whole number/ },
    { argv: ['apikey', 'revoke', '-3'], message: /staydesk apikey revoke:/ },
    { argv: ['admin', 'create'], message: /--login LOGIN is required/ },
    { argv: ['admin', 'create', '--login', 'ab'], message: /3 to 64/ },
    { argv: ['admin', 'create', '--login', 'has space'], message: /--login LOGIN is required/ },
    { argv: ['ical', 'sync', '1.5'], message: /ACCOMMODATION_ID must be a positive whole number/ },
    { argv: ['migrate', '--force'], message: /staydesk migrate:.*--force/ },
    { argv: ['webhook-secret', 'generate', '--length', '8'], message: /staydesk webhook-secret generate:/ },
  ];
  for (const { argv, message } of cases) {
    test(`staydesk ${argv.join(' ')}`, async () => {
      const { code, out, err } = await run(...argv);
      assert.equal(code, 2);
      assert.match(err, message);
      assert.equal(out, '', 'nothing on stdout: scripts reading the last line must not mistake an error for a secret');
    });
  }
});

describe('parse', () => {
  const command: Command = {
    name: 'demo',
    usage: 'staydesk demo --name NAME [--flag] [ARG]',
    summary: 'demo',
    options: { name: { type: 'string' }, flag: { type: 'boolean' } },
    run: async () => 0,
  };

  test('reads options and positionals', () => {
    const first = parse(command, ['--name', 'Anna', '--flag', 'pos']);
    assert.deepEqual({ ...first.values }, { name: 'Anna', flag: true });
    assert.deepEqual(first.positionals, ['pos']);
    const second = parse(command, ['--name=Ben']);
    assert.deepEqual({ ...second.values }, { name: 'Ben' });
    assert.deepEqual(second.positionals, []);
  });

  test('an unknown option or a missing option value is a UsageError', () => {
    assert.throws(() => parse(command, ['--nope']), UsageError);
    assert.throws(() => parse(command, ['--name']), UsageError);
  });
});

describe('positiveId', () => {
  test('takes positive whole numbers', () => {
    assert.equal(positiveId('1', 'ID'), 1);
    assert.equal(positiveId('42', 'ID'), 42);
    assert.equal(positiveId('2147483647', 'ID'), 2147483647);
  });

  for (const bad of [undefined, '', '0', '-1', '01', '1.0', '1e3', 'abc', ' 1', '12345678901']) {
    test(`refuses ${JSON.stringify(bad)} naming the argument`, () => {
      assert.throws(
        () => positiveId(bad, 'ACCOMMODATION_ID'),
        (error: unknown) => error instanceof UsageError && error.message.includes('ACCOMMODATION_ID'),
      );
    });
  }
});

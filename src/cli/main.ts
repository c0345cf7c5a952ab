import { ConfigError } from '../config/config.ts';
import { MigrationError } from '../db/migrate.ts';
import { isAppError } from '../http/errors.ts';
import { UsageError, parse, type Command, type Output } from './cli-support.ts';
import { commands } from './commands.ts';

const consoleOutput: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

function overview(): string {
  const width = Math.max(...commands.map((c) => c.usage.length));
  return [
    'Usage: staydesk <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    '',
    'Configuration comes from environment variables (DATABASE_URL, STAYDESK_DATA_DIR, PORT, ...; see README).',
    'Run "staydesk <command> --help" for one command.',
  ].join('\n');
}

/** The longest command whose words start argv, so "apikey create" wins over a bare "apikey". */
function findCommand(argv: string[]): { command: Command; rest: string[] } | null {
  let best: { command: Command; rest: string[] } | null = null;
  for (const command of commands) {
    const words = command.name.split(' ');
    if (words.every((w, i) => argv[i] === w) && (best === null || words.length > best.command.name.split(' ').length)) {
      best = { command, rest: argv.slice(words.length) };
    }
  }
  return best;
}

export async function main(argv: string[], io: Output = consoleOutput): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out(overview());
    return argv.length === 0 ? 2 : 0;
  }
  const found = findCommand(argv);
  if (found === null) {
    const group = commands.filter((c) => c.name.startsWith(`${argv[0] ?? ''} `));
    if (group.length > 0 && (argv[1] === undefined || argv[1] === '--help' || argv[1] === '-h')) {
      io.out(group.map((c) => `${c.usage}\n    ${c.summary}`).join('\n'));
      return argv[1] === undefined ? 2 : 0;
    }
    io.err(`Unknown command "${argv.join(' ')}".\n\n${overview()}`);
    return 2;
  }
  const { command, rest } = found;
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`Usage: ${command.usage}\n\n${command.summary}`);
    return 0;
  }
  try {
    return await command.run(parse(command, rest), io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`staydesk ${command.name}: ${error.message}\nUsage: ${command.usage}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(`Configuration error: ${error.message}`);
      return 1;
    }
    if (error instanceof MigrationError) {
      io.err(`Migration failed: ${error.message}`);
      return 1;
    }
    if (isAppError(error)) {
      io.err(`staydesk ${command.name}: ${error.message}`);
      return 1;
    }
    io.err(`staydesk ${command.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

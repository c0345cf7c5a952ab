import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { AppContext } from '../app-context.ts';
import { loadConfig, type Config } from '../config/config.ts';
import { createContext } from '../create-app-context.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { MAX_ID, toId } from '../http/ids.ts';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

export interface Command {
  /** e.g. "apikey create" */
  name: string;
  usage: string;
  summary: string;
  options?: ParseArgsConfig['options'];
  run(
    args: { values: Record<string, string | boolean | undefined>; positionals: string[] },
    io: Output,
  ): Promise<number>;
}

export function parse(command: Command, argv: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: command.options ?? {},
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Record<string, string | boolean | undefined>, positionals };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** Opens the configured store, brings its schema up to date, runs `fn`, and always closes it. */
export async function withContext<T>(fn: (ctx: AppContext, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const ctx = createContext(config);
  try {
    await migrateToLatest(ctx.db);
    return await fn(ctx, config);
  } finally {
    await ctx.store.destroy();
  }
}

export function positiveId(value: string | undefined, what: string): number {
  const id = toId(value ?? '');
  if (id === 0) throw new UsageError(`${what} must be a positive whole number of at most ${MAX_ID}`);
  return id;
}

import { startCli, type RunningCli } from './cli.ts';
import { EVENT_TIMEOUT_MS } from './timeouts.ts';

/**
 * Several `staydesk serve` processes on one database, for the PostgreSQL multi-process tests:
 * each listens on a free port and reports its address in its start-up log line.
 */

export interface ServeProcess {
  cli: RunningCli;
  url: string;
}

/**
 * `logLevel` debug also logs each request's arrival (src/http/request-log.ts); `nodeArgs` are Node
 * and V8 flags for the process (the events bench passes those `npx staydesk serve` ships with).
 */
export async function startServe(
  env: Record<string, string>,
  cwd: string,
  logLevel: 'info' | 'debug' = 'info',
  nodeArgs: string[] = [],
): Promise<ServeProcess> {
  const cli = startCli(['serve'], { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: logLevel }, { cwd, nodeArgs });
  const line = await cli.waitForLine((l) => l.includes('Staydesk listening on'));
  const { address } = JSON.parse(line) as { address: string };
  return { cli, url: address };
}

export interface Answer {
  status: number;
  body: string;
  headers: Headers;
}

/** A request that never throws: a refused connection (a killed process) answers status 0. */
export async function call(url: string, init: { method?: string; key?: string; body?: unknown } = {}): Promise<Answer> {
  try {
    const res = await fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.key === undefined ? {} : { authorization: `Bearer ${init.key}` }),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(EVENT_TIMEOUT_MS),
    });
    return { status: res.status, body: await res.text(), headers: res.headers };
  } catch {
    return { status: 0, body: '', headers: new Headers() };
  }
}

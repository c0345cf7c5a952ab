import { EVENT_TIMEOUT_MS } from './timeouts.ts';

/**
 * A full garbage collection in another Node process started with `--inspect=127.0.0.1:0`, through
 * its inspector (the DevTools protocol over WebSocket): what is left on its heap afterwards is
 * what it still holds. `stderr` is the process's standard error, where Node names the address.
 */
export async function collectGarbage(stderr: string): Promise<void> {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(stderr)?.[1];
  if (url === undefined) throw new Error(`no inspector address in: ${stderr}`);
  const socket = new WebSocket(url);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('the inspector did not answer'));
      }, EVENT_TIMEOUT_MS);
      socket.addEventListener('error', () => {
        clearTimeout(timer);
        reject(new Error(`cannot reach the inspector at ${url}`));
      });
      socket.addEventListener('open', () => {
        socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
      });
      socket.addEventListener('message', (event: MessageEvent) => {
        const answer = JSON.parse(String(event.data)) as { id?: number; error?: unknown };
        if (answer.id !== 1) return;
        clearTimeout(timer);
        if (answer.error === undefined) resolve();
        else reject(new Error(`the inspector refused: ${JSON.stringify(answer.error)}`));
      });
    });
  } finally {
    socket.close();
  }
}

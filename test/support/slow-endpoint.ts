import { EventEmitter, once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from './timeouts.ts';

/**
 * A partner's endpoint that takes every request and never answers (as one that times out does),
 * until it is closed: closing drops its connections, so the sender's attempts end at once.
 */
export interface SlowEndpoint {
  url: string;
  /** Requests that arrived and wait for an answer. */
  waiting: number;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSlowEndpoint(): Promise<SlowEndpoint> {
  const arrivals = new EventEmitter();
  const server = createServer((req) => {
    req.resume();
    endpoint.waiting += 1;
    arrivals.emit('request');
  });
  const endpoint: SlowEndpoint = {
    url: '',
    waiting: 0,
    waitFor: async (count) => {
      while (endpoint.waiting < count)
        await eventually(`request ${count} at a slow endpoint`, once(arrivals, 'request'));
    },
    close: async () => {
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  endpoint.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`;
  return endpoint;
}

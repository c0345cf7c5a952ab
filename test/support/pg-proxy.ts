import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that the test controls: it can cut a connection at the moment
 * a given statement goes through (before the server sees it, or after the server has run it but
 * before its answer reaches the app, as when the network fails during COMMIT), and it can refuse
 * connections for a while (the server away).
 */
export interface PgProxy {
  port: number;
  /** `host:port` of the proxy, to put in a PostgreSQL URL. */
  host: string;
  /**
   * The next client message containing `marker` cuts its connection: 'request' before it reaches
   * the server, 'answer' after the server answered it (the answer is dropped). Resolves when cut.
   * `options.after`: only on a connection that sent a message containing this first (the
   * statements of one transaction); `options.thenDown`: the proxy refuses connections from that
   * moment on (until setDown(false)).
   */
  cutOn(marker: string, when: 'request' | 'answer', options?: { after?: string; thenDown?: boolean }): Promise<void>;
  /** While down, new connections are closed at once. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export async function startPgProxy(target: { host: string; port: number }): Promise<PgProxy> {
  let plan: { marker: Buffer; after: Buffer | null; when: 'request' | 'answer'; cut: () => void } | null = null;
  let down = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (down) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    let dropAnswer: (() => void) | null = null;
    let armed = false;
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', cut);
    upstream.on('error', cut);
    client.on('close', cut);
    upstream.on('close', cut);
    client.on('data', (chunk: Buffer) => {
      const current = plan;
      if (current?.after != null && chunk.includes(current.after)) armed = true;
      if (current !== null && (current.after === null || armed) && chunk.includes(current.marker)) {
        plan = null;
        if (current.when === 'request') {
          cut();
          current.cut();
          return;
        }
        dropAnswer = current.cut;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (dropAnswer !== null) {
        const done = dropAnswer;
        dropAnswer = null;
        cut();
        done();
        return;
      }
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    host: `127.0.0.1:${address.port}`,
    cutOn: (marker, when, options = {}) =>
      new Promise((resolve) => {
        plan = {
          marker: Buffer.from(marker),
          after: options.after === undefined ? null : Buffer.from(options.after),
          when,
          cut: () => {
            if (options.thenDown === true) down = true;
            resolve();
          },
        };
      }),
    setDown: (value) => {
      down = value;
      if (value) for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}

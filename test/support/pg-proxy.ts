import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that the test controls: it can cut a connection at the moment
 * a given statement goes through (before the server sees it, or after the server has run it but
 * before its answer reaches the app, as when the network fails during COMMIT), it can refuse
 * connections for a while (the server away), and it can go silent: bytes dropped in both
 * directions with no reset, as when a NAT or firewall between the app and the server loses its
 * state.
 */
export interface PgProxy {
  port: number;
  /** `host:port` of the proxy, to put in a PostgreSQL URL. */
  host: string;
  /**
   * The next client message containing `marker` cuts its connection: 'request' before it reaches
   * the server, 'answer' after the server answered it (the answer is dropped). Resolves when cut.
   * `options.after`: only on a connection that sent a message containing this first (the
   * statements of one transaction); `options.silently`: the connection goes silent (see setSilent)
   * instead of being cut; `options.thenDown`: the server goes away at that moment (setDown(true):
   * every open connection closed, new ones refused until setDown(false)); `options.thenSilent`:
   * the proxy goes silent from that moment on (until setSilent(false)).
   */
  cutOn(
    marker: string,
    when: 'request' | 'answer',
    options?: { after?: string; silently?: boolean; thenDown?: boolean; thenSilent?: boolean },
  ): Promise<void>;
  /** While down, new connections are closed at once. */
  setDown(down: boolean): void;
  /**
   * While silent, no byte goes through in either direction and no socket is closed: every
   * connection open when it begins, and every one made meanwhile, stays silent for good (its
   * state in the network is lost); the server never hears that the app gave up on one. After
   * setSilent(false) new connections work again.
   */
  setSilent(silent: boolean): void;
  /** Connections the app has not closed yet. */
  openConnections(): number;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
  silent: boolean;
}

export async function startPgProxy(target: { host: string; port: number }): Promise<PgProxy> {
  let plan: {
    marker: Buffer;
    after: Buffer | null;
    when: 'request' | 'answer';
    silently: boolean;
    cut: () => void;
  } | null = null;
  let down = false;
  let silent = false;
  const sockets = new Set<net.Socket>();
  const pairs = new Set<Pair>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A silenced connection's sockets are left to the peers; their errors end nothing here.
    socket.on('error', () => undefined);
  };
  // Half-open allowed: a goodbye (FIN) from the app gets no answer from a silent connection.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    track(client);
    if (down) {
      client.destroy();
      return;
    }
    const pair: Pair = { client, upstream: null, silent };
    pairs.add(pair);
    // The app has closed its end (a goodbye, or the socket closed), whether or not it went through.
    client.on('end', () => pairs.delete(pair));
    client.on('close', () => pairs.delete(pair));
    // A connection made while silent never reaches the server: its bytes are dropped.
    if (pair.silent) return;
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    track(upstream);
    let dropAnswer: (() => void) | null = null;
    let armed = false;
    const cut = () => {
      if (pair.silent) return;
      client.destroy();
      upstream.destroy();
    };
    client.on('error', cut);
    upstream.on('error', cut);
    client.on('end', cut);
    client.on('close', cut);
    upstream.on('close', cut);
    client.on('data', (chunk: Buffer) => {
      if (pair.silent) return;
      const current = plan;
      if (current?.after != null && chunk.includes(current.after)) armed = true;
      if (current !== null && (current.after === null || armed) && chunk.includes(current.marker)) {
        plan = null;
        if (current.when === 'request') {
          if (current.silently) pair.silent = true;
          else cut();
          current.cut();
          return;
        }
        dropAnswer = () => {
          if (current.silently) pair.silent = true;
          else cut();
          current.cut();
        };
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (pair.silent) return;
      if (dropAnswer !== null) {
        const done = dropAnswer;
        dropAnswer = null;
        done();
        return;
      }
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  const setDown = (value: boolean) => {
    down = value;
    if (value) for (const s of sockets) s.destroy();
  };
  const setSilent = (value: boolean) => {
    silent = value;
    if (value) for (const pair of pairs) pair.silent = true;
  };
  return {
    port: address.port,
    host: `127.0.0.1:${address.port}`,
    cutOn: (marker, when, options = {}) =>
      new Promise((resolve) => {
        plan = {
          marker: Buffer.from(marker),
          after: options.after === undefined ? null : Buffer.from(options.after),
          when,
          silently: options.silently === true,
          cut: () => {
            if (options.thenDown === true) setDown(true);
            if (options.thenSilent === true) setSilent(true);
            resolve();
          },
        };
      }),
    setDown,
    setSilent,
    openConnections: () => pairs.size,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server standing in for channels' iCal URLs; tests set what each path answers. */
export interface FeedServer {
  url(path: string): string;
  /** A calendar body (served with an ETag, answering 304 to a matching If-None-Match). */
  set(path: string, body: string): void;
  /** Any other answer: status, headers, body (bytes as given). */
  answer(path: string, status: number, body: string | Buffer, headers?: Record<string, string>): void;
  hits(path: string): number;
  /** The most requests it was answering at once. */
  maxInFlight(): number;
  close(): Promise<void>;
}

export interface FeedServerOptions {
  /** Each answer waits this long, as a channel's server far away would. */
  delayMs?: number;
  /** Called as each request arrives; the answer waits for what it returns. */
  onRequest?: (path: string) => Promise<void> | void;
}

export async function startFeedServer(options: FeedServerOptions = {}): Promise<FeedServer> {
  const answers = new Map<string, { status: number; body: string | Buffer; headers: Record<string, string> }>();
  const hits = new Map<string, number>();
  let version = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const arrived = options.onRequest?.(path);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => {
      inFlight -= 1;
    });
    const respond = () => {
      if (options.delayMs === undefined) answer(path, req, res);
      else
        setTimeout(() => {
          answer(path, req, res);
        }, options.delayMs).unref();
    };
    if (arrived instanceof Promise) void arrived.then(respond);
    else respond();
  });
  const answer = (path: string, req: IncomingMessage, res: ServerResponse): void => {
    const a = answers.get(path);
    if (a === undefined) {
      res.writeHead(404).end();
      return;
    }
    if (a.headers.etag !== undefined && req.headers['if-none-match'] === a.headers.etag) {
      res.writeHead(304, { etag: a.headers.etag }).end();
      return;
    }
    res.writeHead(a.status, a.headers).end(a.body);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${base}${path}`,
    set: (path, body) => {
      version += 1;
      answers.set(path, {
        status: 200,
        body,
        headers: { 'content-type': 'text/calendar; charset=utf-8', etag: `"v${version}"` },
      });
    },
    answer: (path, status, body, headers = {}) => {
      answers.set(path, { status, body, headers });
    },
    hits: (path) => hits.get(path) ?? 0,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** An iCalendar text of all-day events. */
export function calendarOf(events: readonly { uid: string; start: string; end: string; summary?: string }[]): string {
  const d = (date: string) => date.replaceAll('-', '');
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Channel//Test//EN'];
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;VALUE=DATE:${d(e.start)}`,
      `DTEND;VALUE=DATE:${d(e.end)}`,
      `SUMMARY:${e.summary ?? 'Reserved'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

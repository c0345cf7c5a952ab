import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { BookingProxy } from '@staydesk/client/proxy';

/**
 * The partner's own web server: its page with the widget, the widget's file, and the booking
 * proxy of `@staydesk/client/proxy` mounted at /staydesk/. Plain node:http; the proxy is a
 * web-standard `Request → Response` function, so mounting it is turning one into the other.
 */

export interface SiteOptions {
  port: number;
  host: string;
  /** The booking proxy (`createBookingProxy(...)`). */
  proxy: BookingProxy;
  accommodationId: number;
  /** The card processor's address, which the page's pay hook calls with the client secret. */
  processorUrl: string;
}

const PAGE = readFileSync(new URL('./page.html', import.meta.url), 'utf8');
const WIDGET = fileURLToPath(import.meta.resolve('@staydesk/widget'));
const LANGUAGES = new Set(['en', 'de', 'fr']);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(options: SiteOptions, lang: string): string {
  const values: Record<string, string> = {
    LANG: lang,
    ACCOMMODATION: String(options.accommodationId),
    PROCESSOR_URL: options.processorUrl,
  };
  return PAGE.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => escapeHtml(values[name] ?? whole));
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
  return new Request(new URL(req.url ?? '/', origin), { method: req.method ?? 'GET', headers, body });
}

async function handle(options: SiteOptions, req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  const url = new URL(req.url ?? '/', origin);
  if (url.pathname.startsWith('/staydesk/')) {
    // The proxy counts each visitor by the connection's address, never by a header the browser sent.
    const answer = await options.proxy(await toRequest(req, origin), { address: req.socket.remoteAddress });
    res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
    return;
  }
  if (req.method === 'GET' && url.pathname === '/widget/staydesk-booking.js') {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(readFileSync(WIDGET));
    return;
  }
  if (req.method === 'GET' && url.pathname === '/') {
    const lang = url.searchParams.get('lang') ?? 'en';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(page(options, LANGUAGES.has(lang) ? lang : 'en'));
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
}

export async function startSite(options: SiteOptions): Promise<{ url: string; server: Server }> {
  let origin = '';
  const server = createServer((req, res) => {
    handle(options, req, res, origin).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Error: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject); // e.g. the port is taken: EXAMPLE_PORT chooses another
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`;
  return { url: `${origin}/`, server };
}

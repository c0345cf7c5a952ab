/**
 * The events bench's receiver (bench/events.ts), in a process of its own as a partner's receiver
 * is: in the load generator's process its work would slow the bookings sent and count against the
 * service. Answers every POST 204 and notes when each event arrived (wall-clock milliseconds with
 * sub-millisecond precision, comparable across processes); over IPC it tells its port once
 * listening and, when asked, what arrived, the first delivery's body and headers, and the CPU
 * time it has used (µs).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

const arrived: { bookingId: number; at: number }[] = [];
/** The first delivery's body and headers, which the delivery floor sends again (bench/delivery-floor.ts). */
let sample: { body: string; headers: Record<string, string> } | null = null;
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = performance.timeOrigin + performance.now();
    const text = Buffer.concat(chunks).toString('utf8');
    const body = JSON.parse(text) as { data: { id: number } };
    arrived.push({ bookingId: body.data.id, at });
    sample ??= { body: text, headers: sampledHeaders(req.headers) };
    res.writeHead(204).end();
  });
});
receiver.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (receiver.address() as AddressInfo).port });
});
/** The headers a sender chooses (the connection's own, such as host, are left to the floor's client). */
function sampledHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) kept[name] = value;
  return kept;
}

process.on('message', (message: unknown) => {
  if (message === 'count') process.send?.({ count: arrived.length });
  if (message === 'sample') process.send?.({ sample });
  if (message === 'cpu') {
    const used = process.cpuUsage();
    process.send?.({ cpuUs: used.user + used.system });
  }
  if (message === 'report') process.send?.({ arrived }, () => receiver.close(() => process.exit(0)));
});

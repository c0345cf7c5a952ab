/**
 * The events bench's receiver (bench/events.ts), in a process of its own as a partner's receiver
 * is: in the load generator's process its work would slow the bookings sent and count against the
 * service. Answers every POST 204 and notes when each event arrived (wall-clock milliseconds with
 * sub-millisecond precision, comparable across processes); over IPC it tells its port once
 * listening and, when asked, what arrived.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

const arrived: { bookingId: number; at: number }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = performance.timeOrigin + performance.now();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { id: number } };
    arrived.push({ bookingId: body.data.id, at });
    res.writeHead(204).end();
  });
});
receiver.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (receiver.address() as AddressInfo).port });
});
process.on('message', (message: unknown) => {
  if (message === 'count') process.send?.({ count: arrived.length });
  if (message === 'report') process.send?.({ arrived }, () => receiver.close(() => process.exit(0)));
});

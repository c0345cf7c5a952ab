/**
 * The events bench's delivery floor (bench/events.ts), in a process of its own: bare POSTs of a
 * real event's body and headers to the bench's receiver with undici, the client `serve` sends
 * events with, on kept-alive connections, FLOOR_IN_FLIGHT at once, and nothing else (no outbox,
 * no signing, no store). Its job (FLOOR_JOB, JSON): the URL, the body and headers, how many posts
 * to send and how many before that to warm up with, and how many in flight. Once warm it tells
 * its parent and waits for `go`, then sends the measured posts and reports the CPU time (µs) it
 * spent on them.
 */
import { Agent, request } from 'undici';

interface Job {
  url: string;
  body: string;
  headers: Record<string, string>;
  posts: number;
  warmup: number;
  inFlight: number;
}

// The job comes in the environment: a message sent right after the fork could arrive before
// this module, which loads undici first, listens for it.
const job = JSON.parse(process.env.FLOOR_JOB ?? '') as Job;
const agent = new Agent();

async function post(count: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: job.inFlight }, async () => {
      while (next < count) {
        next += 1;
        const res = await request(job.url, { method: 'POST', headers: job.headers, body: job.body, dispatcher: agent });
        await res.body.text();
        if (res.statusCode < 200 || res.statusCode > 299) throw new Error(`receiver answered ${res.statusCode}`);
      }
    }),
  );
}

await post(job.warmup);
process.send?.({ warm: true });
await new Promise((resolve) => process.once('message', resolve));
const before = process.cpuUsage();
await post(job.posts);
const used = process.cpuUsage(before);
process.send?.({ cpuUs: used.user + used.system }, () => {
  void agent.close().then(() => process.exit(0));
});

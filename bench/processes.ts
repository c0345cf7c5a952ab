/**
 * Availability and booking throughput with 1 and with 3 server processes on one PostgreSQL
 * database: the load is split evenly over the processes (one autocannon per process, running
 * together) and the figures are summed (req/s) or the worst (p99). On a machine with fewer
 * cores than processes plus the database, it will not scale linearly; it shows what it does.
 */
import autocannon from 'autocannon';
import { addDays, todayIn } from '../src/shared/dates.ts';
import { benchV8Label, startServer, type BenchServer } from './spawn-server.ts';

interface Figures {
  rps: number;
  p99: number;
  failed: number;
}

/** Bookings made so far per process, so no run books a night an earlier run took. */
const booked = new Map<BenchServer, number>();

async function together(
  servers: BenchServer[],
  route: 'availability' | 'bookings',
  seconds: number,
  connections: number,
): Promise<Figures> {
  const checkin = addDays(todayIn('UTC'), 30);
  const results = await Promise.all(
    servers.map((server, i) => {
      const { port, key, accommodationId } = server.info;
      const url = `http://127.0.0.1:${port}/api/v1/staydesk/${route}`;
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
      // Each process books its own accommodation, two fresh nights at a time, from a year out on.
      const first = addDays(todayIn('UTC'), 400 + i * 20_000);
      const options: autocannon.Options =
        route === 'availability'
          ? {
              url,
              method: 'POST',
              headers,
              body: JSON.stringify({
                accommodation_id: accommodationId,
                checkin,
                checkout: addDays(checkin, 7),
                guest_count: 2,
              }),
            }
          : {
              url,
              method: 'POST',
              headers,
              requests: [
                {
                  setupRequest: (request) => {
                    const n = (booked.get(server) ?? 0) + 1;
                    booked.set(server, n);
                    const start = addDays(first, 2 * n);
                    return {
                      ...request,
                      body: JSON.stringify({
                        accommodation_id: accommodationId,
                        partner_data: {
                          first_name: 'Bench',
                          last_name: `Guest ${n}`,
                          email: `guest${n % 500}@bench.test`,
                        },
                        booking_data: {
                          checkin_date: start,
                          checkout_date: addDays(start, 2),
                          adults_count: 2,
                          children_count: 0,
                          babies_count: 0,
                          payment_method: 'bank_transfer',
                          expected_amount: 275,
                        },
                      }),
                    };
                  },
                },
              ],
            };
      return autocannon({
        ...options,
        duration: seconds,
        connections: Math.max(1, Math.round(connections / servers.length)),
      });
    }),
  );
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    failed: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
  };
}

export async function benchProcesses(
  databaseUrl: string,
  seconds: number,
  rounds: number,
  connections: number,
): Promise<void> {
  console.log(
    `\nPostgreSQL, 1 and 3 processes on one database — ${seconds}s per route, ${connections} connections in all, median of ${rounds} rounds, servers run with ${benchV8Label()}`,
  );
  console.log(
    `${'processes'.padEnd(10)} ${'route'.padEnd(14)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(8)} ${'failed'.padStart(7)}`,
  );
  for (const count of [1, 3]) {
    const servers: BenchServer[] = [];
    try {
      // One after another: each runs the migrations check and seeds its own accommodation.
      for (let i = 0; i < count; i++) servers.push(await startServer({ DATABASE_URL: databaseUrl }));
      for (const route of ['availability', 'bookings'] as const) {
        await together(servers, route, 1, connections);
        const measured: Figures[] = [];
        for (let r = 0; r < rounds; r++) measured.push(await together(servers, route, seconds, connections));
        const mid = (pick: (f: Figures) => number) => {
          const sorted = measured.map(pick).sort((a, b) => a - b);
          return sorted[Math.floor(sorted.length / 2)] ?? 0;
        };
        console.log(
          `${String(count).padEnd(10)} ${route.padEnd(14)} ${mid((f) => f.rps)
            .toFixed(0)
            .padStart(
              9,
            )} ${String(mid((f) => f.p99)).padStart(8)} ${String(measured.reduce((s, f) => s + f.failed, 0)).padStart(7)}`,
        );
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  }
}

/**
 * A bare Fastify start, what the footprint run compares `staydesk serve`'s start with: Node's
 * compile cache on (as bin/staydesk.js turns it on, in a folder of its own), one Fastify instance
 * with no plugins and a `/readyz` route, listening on PORT (0: any) and printing its address as
 * `serve` does, one JSON line with `address`. JavaScript, as bin/staydesk.js is: Node strips the
 * types of a TypeScript entry point before its compile cache can be turned on.
 */
import module from 'node:module';
import os from 'node:os';
import path from 'node:path';

module.enableCompileCache?.(path.join(os.tmpdir(), 'staydesk-bench-bare-fastify-cache'));
const { default: Fastify } = await import('fastify');
const app = Fastify({ logger: false });
app.get('/readyz', async () => ({ ready: true }));
const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
module.flushCompileCache?.();
process.stdout.write(`${JSON.stringify({ address })}\n`);
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

import { createRequire } from 'node:module';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { App } from './types.ts';

/**
 * `app.swagger()`, the app's OpenAPI document, with @fastify/swagger loaded by its first call
 * (the first GET /openapi.json or /docs) instead of at start: the plugin and what it loads to
 * build and print the document (`yaml`, `json-schema-resolver`, about 100 modules) are a few MB
 * of memory that an idle server does not need.
 *
 * What the plugin records while the app is built is recorded here the same way: every route as
 * Fastify announces it (`onRoute`), and the shared schemas of every plugin instance once the app
 * is ready. The first call runs the plugin against a stand-in for the app that hands it those
 * same routes and schemas, in the same order, so the document it builds is the one it would have
 * built had it been registered at start.
 */

type Done = (error?: Error) => void;
type Swagger = FastifyInstance['swagger'];
/** The plugin function itself (the export that is not wrapped in fastify-plugin). */
type Plugin = (instance: StandIn, options: FastifyDynamicSwaggerOptions, done: Done) => void;
interface StandIn {
  addHook(name: string, hook: (...args: never[]) => unknown): void;
  decorate(name: string, value: unknown): void;
  getSchemas(): Record<string, unknown>;
}
type Schemas = ReturnType<FastifyInstance['getSchemas']>;

const require = createRequire(import.meta.url);

export function installLazyOpenApi(app: App, options: FastifyDynamicSwaggerOptions): void {
  const routes: unknown[] = [];
  let instances: { getSchemas(): Schemas }[] = [];
  const instanceSchemas: Schemas[] = [];
  let ready = false;
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onRegister', (instance) => {
    instances.push(instance);
  });
  app.addHook('onReady', (done) => {
    ready = true;
    for (const instance of instances) instanceSchemas.push(instance.getSchemas());
    // The instances themselves are not kept (their schemas are all the document needs).
    instances = [];
    done();
  });

  let swagger: Swagger | undefined;
  const load = (): Swagger => {
    if (!ready) throw new Error('.swagger() must be called after .ready()');
    const { fastifySwagger } = require('@fastify/swagger') as { fastifySwagger: Plugin };
    const hooks = new Map<string, ((...args: unknown[]) => unknown)[]>();
    let decorated: unknown;
    const standIn: StandIn = {
      addHook: (name, hook) => {
        hooks.set(name, [...(hooks.get(name) ?? []), hook as (...args: unknown[]) => unknown]);
      },
      decorate: (_name, value) => {
        decorated = value;
      },
      getSchemas: () => app.getSchemas(),
    };
    const failures: Error[] = [];
    const check = (error?: Error) => {
      if (error !== undefined) failures.push(error);
    };
    fastifySwagger(standIn, { mode: 'dynamic', ...options }, check);
    const run = (name: string, ...args: unknown[]) => {
      for (const hook of hooks.get(name) ?? []) void hook(...args);
    };
    for (const route of routes) run('onRoute', route);
    for (const schemas of instanceSchemas) run('onRegister', { getSchemas: () => schemas });
    run('onReady', check);
    if (failures[0] !== undefined) throw failures[0];
    // The plugin holds the routes and schemas now.
    routes.length = 0;
    instanceSchemas.length = 0;
    return decorated as Swagger;
  };
  const lazy = ((opts?: { yaml?: boolean }) => (swagger ??= load())(opts as { yaml: boolean })) as Swagger;
  app.decorate('swagger', lazy);
}

import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify compiles a validator (Ajv) and a serializer (fast-json-stringify) for every route
 * schema when the app starts: most of the start-up time after the imports, and a few MB of
 * generated code for routes a small installation may never call. These factories wrap
 * Fastify's own defaults so that each route's validator and serializer are compiled on the
 * route's first request instead; the compiled functions are the same ones.
 */

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** A factory's shape, as Fastify calls it: options in, then one route's schema in, a function out. */
type Build = (externalSchemas: unknown, options: unknown) => (route: unknown) => unknown;
type Validate = ((data: unknown) => unknown) & { errors?: unknown };

// Fastify's own compilers (its dependencies), the ones it would pick without this option.
const require = createRequire(import.meta.url);
const fastifyRequire = createRequire(require.resolve('fastify'));

export function lazySchemaCompilers(): Factories {
  // Loaded by the first route that compiles one (Ajv and fast-json-stringify are about 100
  // modules that an idle server does not need); one selector each per app, as Fastify makes.
  let ajvCompiler: Build | undefined;
  let serializerCompiler: Build | undefined;
  const buildValidator: Build = (externalSchemas, options) =>
    (ajvCompiler ??= (fastifyRequire('@fastify/ajv-compiler') as () => Build)())(externalSchemas, options);
  const buildSerializer: Build = (externalSchemas, options) =>
    (serializerCompiler ??= (fastifyRequire('@fastify/fast-json-stringify-compiler') as () => Build)())(
      externalSchemas,
      options,
    );
  const factories: Record<'buildValidator' | 'buildSerializer', Build> = {
    buildValidator: (externalSchemas, options) => {
      let compile: ((route: unknown) => unknown) | undefined;
      return (route) => {
        let validate: Validate | undefined;
        // Fastify reads `errors` off the function it was given after a failed check.
        const lazy: Validate = (data) => {
          validate ??= (compile ??= buildValidator(externalSchemas, options))(route) as Validate;
          const result = validate(data);
          lazy.errors = validate.errors;
          return result;
        };
        return lazy;
      };
    },
    buildSerializer: (externalSchemas, options) => {
      let compile: ((route: unknown) => unknown) | undefined;
      return (route) => {
        let serialize: ((data: unknown) => string) | undefined;
        return (data: unknown) =>
          (serialize ??= (compile ??= buildSerializer(externalSchemas, options))(route) as (data: unknown) => string)(
            data,
          );
      };
    },
  };
  return factories as unknown as Factories;
}

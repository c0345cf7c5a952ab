import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { AppContext } from '../app-context.ts';

/** The Fastify instance type every feature registers its routes on: schemas type the handlers. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A feature's routes: a plugin that receives the shared context. */
export type FeatureRoutes = FastifyPluginAsync<{ ctx: AppContext }, RawServerDefault, TypeBoxTypeProvider>;

/** How a route authenticates; recorded on every route so shared auth tests can find them all. */
export type RouteAuth = 'public' | 'api' | 'admin' | 'signature' | 'payment-signature' | 'session';

export interface RouteInfo {
  method: string;
  url: string;
  auth: RouteAuth;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** Top-level fields every error answer of this route carries (an error's own fields win). */
    errorBody?: Readonly<Record<string, unknown>>;
    /** The body may be left out: the OpenAPI document marks the request body as not required. */
    optionalBody?: boolean;
  }
  interface FastifyInstance {
    staydeskRoutes: RouteInfo[];
  }
}

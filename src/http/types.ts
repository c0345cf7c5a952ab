import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

/** The Fastify instance type every feature registers its routes on: schemas type the handlers. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * Routes as a plugin that receives a context of type Ctx. Features use FeatureRoutes
 * (src/app-context.ts), the routes of the whole app context; this layer does not know what the
 * context holds.
 */
export type RoutesWith<Ctx> = FastifyPluginAsync<{ ctx: Ctx }, RawServerDefault, TypeBoxTypeProvider>;

/** How a route authenticates; recorded on every route so shared auth tests can find them all. */
export type RouteAuth = 'public' | 'api' | 'admin' | 'signature' | 'payment-signature' | 'session';

export interface RouteInfo {
  method: string;
  url: string;
  auth: RouteAuth;
  /** What a console route needs the user's role to allow; undefined: it names nothing (and is refused). */
  permission?: string;
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
    /** Starts answering every request 503 shutting_down (src/http/shutting-down.ts). */
    beginDrain(): void;
    /** While on, requests but the probes get 503 store_unavailable: the store is not ready yet. */
    holdForStore(on: boolean): void;
  }
}

import type { FastifySchema } from 'fastify';
import { Type } from 'typebox';
import { IdString } from '../http/ids.ts';
import type { Permission } from '../users/permissions.ts';

/**
 * What the console's routes declare of their requests. Every console route has a schema for its
 * path parameters, query string and form body (hidden from the OpenAPI document), so a handler
 * reads typed values and nothing parses a request by hand. Input that does not fit is answered
 * by the console's error page (console-routes.ts): a path that does not fit names no page (404),
 * a query string or form that does not fit is a 400 naming the field.
 *
 * Forms are application/x-www-form-urlencoded, so every field is text; a form that stands for an
 * admin API request reads its fields into that request and checks it against the admin API's own
 * schema (schema-errors.ts), so that an error shows beside its field.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a console route needs the signed-in user's role to allow (src/users/permissions.ts). */
    permission?: Permission;
  }
}

/**
 * A console route's options: a session whose role has `permission` (checked before anything
 * else reads the request: console-routes.ts), its schemas, and no place in the OpenAPI document.
 */
export function sessionRoute<const Schema extends FastifySchema>(permission: Permission, schema: Schema) {
  return { config: { auth: 'session' as const, permission }, schema: { hide: true, ...schema } };
}

/** The options of a route reached without a session (the sign-in page). */
export function publicRoute<const Schema extends FastifySchema>(schema: Schema) {
  return { config: { auth: 'public' as const }, schema: { hide: true, ...schema } };
}

/** `/…/:id`: a row's id. */
export const IdParams = Type.Object({ id: IdString });

/** A text field of a form; a form may always leave one out. */
export const Text = (maxLength = 1000) => Type.Optional(Type.String({ maxLength }));

/** A page of a list, counted from 0. */
export const PageNumber = Type.String({ pattern: '^[0-9]{1,4}$', description: 'page, from 0' });

/** A month of the calendar, `YYYY-MM` from 2000-01 to 2100-12. */
export const YearMonth = Type.String({ pattern: '^(20[0-9]{2}|2100)-(0[1-9]|1[0-2])$', description: 'YYYY-MM' });

export function yearMonthOf(month: string): { year: number; month: number } {
  const [year = '', number = ''] = month.split('-');
  return { year: Number(year), month: Number(number) };
}

/**
 * The notices a page shows after a change, by name: a change answers with a redirect to the page
 * and `?done=` naming what was done. `query` is the schema of that parameter (a name the page
 * does not know is a 400) and `text` the notice of a name.
 */
export function notices<const Texts extends Readonly<Record<string, string>>>(texts: Texts) {
  const names = Object.keys(texts) as (keyof Texts & string)[];
  return {
    query: Type.Optional(Type.Enum(names)),
    text: (done: keyof Texts | undefined): string | null => (done === undefined ? null : (texts[done] ?? null)),
  };
}

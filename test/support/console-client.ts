import type { LightMyRequestResponse } from 'fastify';
import type { ConsoleRole } from '../../src/db/schema.ts';
import { createConsoleUser } from '../../src/users/user-repository.ts';
import type { TestApp } from './test-app.ts';

/** A signed-in console user of a test app: GET pages and POST forms with the session's CSRF token. */
export interface ConsoleClient {
  cookie: string;
  csrf: string;
  userId: number;
  get(url: string): Promise<LightMyRequestResponse>;
  /** A form post; the CSRF token is added unless `csrf: false`. */
  post(
    url: string,
    form: Record<string, string>,
    options?: { csrf?: boolean | string },
  ): Promise<LightMyRequestResponse>;
  /**
   * The page a change redirected to (303), as the browser loads it next: with the flash cookie the
   * change set (a notice, an error or a secret shown once).
   */
  follow(res: LightMyRequestResponse): Promise<LightMyRequestResponse>;
}

/** The `name=value` pairs of a response's set-cookie headers. */
function cookiesSet(res: LightMyRequestResponse): string[] {
  const header = res.headers['set-cookie'];
  const all = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return all.map((c) => c.split(';')[0] ?? '').filter((c) => !c.endsWith('='));
}

let users = 0;

export function formBody(form: Record<string, string>): string {
  return new URLSearchParams(form).toString();
}

/**
 * Posts the sign-in form as a browser does: the sign-in page first, for its token and cookie
 * (`token` replaces the page's token), then the form with them.
 */
export async function postSignIn(
  app: Pick<TestApp['app'], 'inject'>,
  form: Record<string, string>,
  options: { token?: string; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const page = await app.inject({ method: 'GET', url: '/admin/sign-in' });
  const token = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1];
  const cookie = String(page.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  if (token === undefined) throw new Error(`no sign-in token on the page: ${page.statusCode}`);
  return app.inject({
    method: 'POST',
    url: '/admin/sign-in',
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: formBody({ ...form, _csrf: options.token ?? token }),
  });
}

/** Signs in a new console user: an owner unless `as` gives another role (and a cleaner's homes). */
export async function signIn(
  t: Pick<TestApp, 'app' | 'ctx'>,
  login?: string,
  as: { role?: ConsoleRole; homes?: readonly number[]; name?: string } = {},
): Promise<ConsoleClient> {
  users += 1;
  const name = login ?? `host${users}-${process.pid}`;
  const { id: userId, password } = await createConsoleUser(t.ctx.db, {
    login: name,
    name: as.name ?? name,
    role: as.role ?? 'owner',
    accommodationIds: as.homes ?? [],
  });
  const res = await postSignIn(t.app, { login: name, password });
  if (res.statusCode !== 303) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const setCookie = String(res.headers['set-cookie']);
  const cookie = setCookie.split(';')[0] ?? '';
  const home = await t.app.inject({ method: 'GET', url: '/admin', headers: { cookie } });
  // A cleaner's console opens on their tasks.
  const page =
    home.statusCode === 303
      ? await t.app.inject({ method: 'GET', url: String(home.headers.location), headers: { cookie } })
      : home;
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1];
  if (csrf === undefined) throw new Error(`no CSRF token on the Today page: ${page.statusCode}`);
  return {
    cookie,
    csrf,
    userId,
    get: (url) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
    follow: async (res) => {
      if (res.statusCode !== 303) throw new Error(`not a redirect: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const url = String(res.headers.location);
      return t.app.inject({ method: 'GET', url, headers: { cookie: [cookie, ...cookiesSet(res)].join('; ') } });
    },
    post: (url, form, options = {}) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: formBody(
          options.csrf === false ? form : { ...form, _csrf: typeof options.csrf === 'string' ? options.csrf : csrf },
        ),
      }),
  };
}

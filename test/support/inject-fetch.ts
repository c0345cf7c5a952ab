import type { App } from '../../src/http/types.ts';

/** A `fetch` that hands each request to the in-process app (`app.inject`), for clients under test. */
export function injectFetch(app: App, seen: Request[] = []): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    seen.push(request.clone());
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.text();
    const res = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(body === undefined ? {} : { payload: body }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(res.statusCode === 304 ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}

import type { RouteInfo } from '../../src/http/types.ts';

/**
 * The console's HTML pages under /admin (not /admin/api). The JSON sweeps (auth, bad input,
 * OpenAPI) cover the API routes; test/integration/console-security.test.ts covers these.
 */
export function isConsoleRoute(route: Pick<RouteInfo, 'url'>): boolean {
  return route.url === '/admin' || (route.url.startsWith('/admin/') && !route.url.startsWith('/admin/api'));
}

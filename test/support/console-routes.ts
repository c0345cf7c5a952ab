import type { RouteInfo } from '../../src/http/types.ts';

/**
 * The console's HTML pages under /admin (not /admin/api). The JSON sweeps (auth, bad input,
 * OpenAPI) cover the API routes; test/integration/console-security.test.ts covers these.
 */
export function isConsoleRoute(route: Pick<RouteInfo, 'url'>): boolean {
  return route.url === '/admin' || (route.url.startsWith('/admin/') && !route.url.startsWith('/admin/api'));
}

/**
 * The HTML pages people read, which answer with pages rather than the JSON envelope and are not
 * in the OpenAPI document: the console's, and the guests' own (`/guest/...`, docs/guest-page.md,
 * covered by test/integration/guest-page.test.ts).
 */
export function isHtmlPage(route: Pick<RouteInfo, 'url'>): boolean {
  return isConsoleRoute(route) || route.url.startsWith('/guest/');
}

import { PAGES, pageUrl, type ConsolePage, type PageName, type RowKind } from '../../src/console/console-pages.ts';

/** A console page to open in a test: its name in the registry, its address, whether it needs a session. */
export interface PageToOpen {
  name: PageName;
  url: string;
  public: boolean;
}

const isPageName = (name: string): name is PageName => Object.hasOwn(PAGES, name);

/** The names of the registry's pages, in its order. */
export const PAGE_NAMES: readonly PageName[] = Object.keys(PAGES).filter(isPageName);

/**
 * Every page of the console's registry (src/console/console-pages.ts), in its order, as an address
 * to open: each path parameter is filled with the row of the kind the registry says it names, and
 * `query` adds a query string to the pages it names (e.g. the calendar's month with the test's
 * bookings). Tests list no console URLs of their own: a page added to the registry is opened by
 * every test that opens them all.
 */
export function consolePages(
  rows: Readonly<Record<RowKind, number>>,
  query: Partial<Record<PageName, string>> = {},
): PageToOpen[] {
  return PAGE_NAMES.map((name) => {
    const page: ConsolePage = PAGES[name];
    const params = Object.fromEntries(Object.entries(page.params ?? {}).map(([param, kind]) => [param, rows[kind]]));
    const search = query[name];
    const url = `${pageUrl(name, params)}${search === undefined ? '' : `?${search}`}`;
    return { name, url, public: page.public === true };
  });
}

import type { Permission } from '../users/permissions.ts';

/**
 * Every page of the console: the one list that its routes, its navigation and the tests read. A
 * page module registers each GET route at the path given here (`PAGES.booking.path`), the
 * navigation lists the pages that have a label, in this order, and the tests open every page
 * listed here (test/support/console-pages.ts), on the server and in the browser. A test checks
 * that the console's GET routes are exactly these pages, so adding a page means adding it here
 * and writing its route.
 */

/** The kind of row a path parameter names, so that a test can fill it in with one. */
export type RowKind = 'booking' | 'accommodation';

export interface ConsolePage {
  /** The route's path under the console's prefix. */
  readonly path: string;
  /** Its label in the navigation; a page without one belongs under the entry of another. */
  readonly nav?: string;
  /** What each path parameter names. */
  readonly params?: Readonly<Record<string, RowKind>>;
  /** Reached without a session (only the sign-in page). */
  readonly public?: boolean;
  /** What a role needs to see the page's entry in the navigation (its route checks the same). */
  readonly permission?: Permission;
}

const CONSOLE_PREFIX = '/admin';

export const PAGES = {
  'sign-in': { path: '/sign-in', public: true },
  today: { path: '/', nav: 'Today', permission: 'bookings.read' },
  bookings: { path: '/bookings', nav: 'Bookings', permission: 'bookings.read' },
  'new-booking': { path: '/bookings/new' },
  booking: { path: '/bookings/:id', params: { id: 'booking' } },
  'edit-booking': { path: '/bookings/:id/edit', params: { id: 'booking' } },
  'booking-guest': { path: '/bookings/:id/guest', params: { id: 'booking' }, permission: 'bookings.write' },
  calendar: { path: '/calendar', nav: 'Calendar', permission: 'calendar' },
  tasks: { path: '/tasks', nav: 'Tasks', permission: 'tasks' },
  reports: { path: '/reports', nav: 'Reports', permission: 'reports.read' },
  documents: { path: '/documents', nav: 'Documents', permission: 'documents.read' },
  registrations: { path: '/registrations', nav: 'Registrations', permission: 'registrations.read' },
  accommodations: { path: '/accommodations', nav: 'Accommodations', permission: 'accommodations' },
  messages: { path: '/messages', nav: 'Messages', permission: 'messages' },
  'new-accommodation': { path: '/accommodations/new' },
  accommodation: { path: '/accommodations/:id', params: { id: 'accommodation' } },
  settings: { path: '/settings', nav: 'Settings', permission: 'settings' },
  integrations: { path: '/settings/integrations' },
  endpoints: { path: '/endpoints', nav: 'Endpoints', permission: 'integrations' },
  outbox: { path: '/outbox', nav: 'Outbox', permission: 'messages' },
  confirm: { path: '/confirm' },
} as const satisfies Readonly<Record<string, ConsolePage>>;

export type PageName = keyof typeof PAGES;

/** A page with an entry in the navigation; every page is shown under one of these (or none). */
export type Section = { [N in PageName]: (typeof PAGES)[N] extends { nav: string } ? N : never }[PageName];

/** A page's address: the prefix and its path, its parameters filled in. */
export function pageUrl(name: PageName, params: Readonly<Record<string, string | number>> = {}): string {
  const path = PAGES[name].path.replace(/:([A-Za-z]+)/g, (_, param: string) => String(params[param] ?? `:${param}`));
  return path === '/' ? CONSOLE_PREFIX : `${CONSOLE_PREFIX}${path}`;
}

const ALL_PAGES: Readonly<Record<string, ConsolePage>> = PAGES;

function isSection(name: string): name is Section {
  return ALL_PAGES[name]?.nav !== undefined;
}

/** The navigation's entries, in the order of PAGES. */
export const NAVIGATION = Object.entries(ALL_PAGES).flatMap(([name, page]) =>
  isSection(name) && page.nav !== undefined
    ? [{ section: name, label: page.nav, href: pageUrl(name), permission: page.permission ?? 'session' }]
    : [],
);

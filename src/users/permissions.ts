import type { ConsoleRole } from '../db/schema.ts';

/**
 * What each role of the console may do: the one table the server checks on every console route
 * (each route names the permission it needs; a route that names none is refused) and the pages
 * read to show or hide what a user may not use (docs/team-and-tasks.md).
 */
export const PERMISSIONS = [
  /** Sign out, and reach the pages every signed-in user shares. */
  'session',
  /** Today, the bookings list and a booking's page, and the bookings CSV. */
  'bookings.read',
  /**
   * The guests' check-in details on a booking's page: names, birth, nationality, identity
   * documents, the lead guest's home address. Without it a role sees only how far the check-in is.
   */
  'registrations.read',
  /**
   * One guest's data on request (docs/registrations.md#one-guests-data): export it as JSON, erase
   * it. The owner's alone, as the admin API's keys that do the same act for the owner.
   */
  'guests.privacy',
  /** Make, change, cancel, reinstate a booking; resend its mail; confirm a step. */
  'bookings.write',
  /** Record and undo a booking's payments. */
  'payments.write',
  /** The calendar of every home, and blocking nights on it. */
  'calendar',
  /** Reports and their CSVs. */
  'reports.read',
  /** Issued invoices and credit notes, and their register. */
  'documents.read',
  /** Homes: their rules, prices, blocks and calendars imported from channels. */
  'accommodations',
  /** The outbox of mails and its test mail. */
  'messages',
  /** Settings: the business, the bank, the host's e-mail. */
  'settings',
  /** The console's users. */
  'users',
  /** API keys, signing secrets, partners' endpoints, test data. */
  'integrations',
  /** The Tasks page and ticking a task done; a role without `tasks.all` sees only their own. */
  'tasks',
  /** Every task, not only one's own. */
  'tasks.all',
  /** Give a task to someone. */
  'tasks.assign',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EVERYTHING: readonly Permission[] = PERMISSIONS;

/** The table: each role and what it may do. */
export const ROLE_PERMISSIONS: Readonly<Record<ConsoleRole, readonly Permission[]>> = {
  owner: EVERYTHING,
  manager: EVERYTHING.filter((p) => p !== 'users' && p !== 'integrations' && p !== 'guests.privacy'),
  front_desk: [
    'session',
    'bookings.read',
    'registrations.read',
    'bookings.write',
    'payments.write',
    'calendar',
    'messages',
    'tasks',
    'tasks.all',
  ],
  cleaner: ['session', 'tasks'],
  accountant: ['session', 'bookings.read', 'reports.read', 'documents.read'],
};

/** Whether a role may do something; a role the table does not know may do nothing. */
export function may(role: string, permission: Permission): boolean {
  return isConsoleRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

export function isConsoleRole(role: string): role is ConsoleRole {
  return Object.hasOwn(ROLE_PERMISSIONS, role);
}

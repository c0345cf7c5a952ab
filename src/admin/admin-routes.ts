import type { FeatureRoutes } from '../app-context.ts';
import { accommodationRoutes } from './accommodation-routes.ts';
import { apiKeyRoutes } from '../keys/api-key-routes.ts';
import { blockRoutes } from '../blocks/block-routes.ts';
import { bookingDeskRoutes } from './booking-desk-routes.ts';
import { adminBookingRoutes } from './admin-booking-routes.ts';
import { icalFeedRoutes } from '../ical/ical-feed-routes.ts';
import { outboxRoutes } from './outbox-routes.ts';
import { paymentIssueRoutes } from './payment-issue-routes.ts';
import { testDataRoutes } from './test-data-routes.ts';
import { priceRoutes } from '../accommodations/price-routes.ts';
import { settingsRoutes } from '../settings/settings-routes.ts';
import { teamRoutes } from '../team/team-routes.ts';
import { taskRoutes } from '../tasks/task-routes.ts';
import { documentRoutes } from '../invoices/document-routes.ts';
import { messageRoutes } from '../messages/message-routes.ts';
import { registrationRoutes } from '../registrations/registration-routes.ts';

/** admin API under /admin/api (admin key, checked in app.ts): one sub-plugin per resource. */
export const adminRoutes: FeatureRoutes = async (app, { ctx }) => {
  for (const routes of [
    accommodationRoutes,
    priceRoutes,
    blockRoutes,
    icalFeedRoutes,
    adminBookingRoutes,
    bookingDeskRoutes,
    documentRoutes,
    settingsRoutes,
    apiKeyRoutes,
    teamRoutes,
    taskRoutes,
    outboxRoutes,
    paymentIssueRoutes,
    testDataRoutes,
    messageRoutes,
    registrationRoutes,
  ]) {
    await app.register(routes, { ctx });
  }
};

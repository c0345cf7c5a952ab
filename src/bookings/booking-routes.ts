import type { FeatureRoutes } from '../http/types.ts';

/** POST and GET /api/v1/<slug>/bookings. */
export const bookingRoutes: FeatureRoutes = async () => {
  // Routes are added by the feature.
};

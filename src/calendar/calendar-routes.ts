import type { FeatureRoutes } from '../http/types.ts';

/** POST /api/v1/<slug>/calendar and its diagnostics. */
export const calendarRoutes: FeatureRoutes = async () => {
  // Routes are added by the feature.
};

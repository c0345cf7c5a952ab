import type { FeatureRoutes } from '../http/types.ts';

/** POST /api/v1/<slug>/availability. */
export const availabilityRoutes: FeatureRoutes = async () => {
  // Routes are added by the feature.
};

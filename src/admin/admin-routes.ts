import type { FeatureRoutes } from '../http/types.ts';

/** admin API under /admin/api (admin key). */
export const adminRoutes: FeatureRoutes = async () => {
  // Routes are added by the feature.
};

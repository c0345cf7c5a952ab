import type { FeatureRoutes } from '../http/types.ts';

/** card processor notifications at /<slug>/api/payment/webhook. */
export const paymentRoutes: FeatureRoutes = async () => {
  // Routes are added by the feature.
};

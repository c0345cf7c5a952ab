import type { FeatureRoutes } from '../http/types.ts';

/** signed service webhooks under /<slug>/webhook. */
export const webhookRoutes: FeatureRoutes = async () => {
  // Routes are added by the feature.
};

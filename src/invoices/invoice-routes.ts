import type { FeatureRoutes } from '../http/types.ts';

/** GET /<slug>/invoices/:token (PDF). */
export const invoiceRoutes: FeatureRoutes = async () => {
  // Routes are added by the feature.
};

import type { Config } from '../config/config.ts';

/** The absolute, unguessable address of a booking's PDF invoice. */
export function invoiceUrl(config: Pick<Config, 'publicBaseUrl' | 'slug'>, invoiceToken: string): string {
  return `${config.publicBaseUrl}/${config.slug}/invoices/${invoiceToken}`;
}

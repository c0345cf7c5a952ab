import type { Config } from '../config/config.ts';

/**
 * The absolute address of a booking's guest page (docs/guest-page.md): `/guest/<token>` under
 * PUBLIC_BASE_URL. The token is the credential; the host's booking (`guest_url`), the
 * confirmation mail and the `{{guest_page_url}}` message variable all print this address.
 */
export function guestPageUrl(config: Pick<Config, 'publicBaseUrl'>, guestToken: string): string {
  return `${config.publicBaseUrl}/guest/${guestToken}`;
}

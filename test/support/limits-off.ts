/**
 * The abuse limits off: most tests send many requests from one address with one key, which is
 * not what the limits are about. Tests of the limits set them (test/integration/abuse-limits.test.ts).
 */
export const LIMITS_OFF: Readonly<Record<string, string>> = {
  RATE_LIMIT_PER_KEY: '0',
  RATE_LIMIT_PUBLIC_PER_IP: '0',
  RATE_LIMIT_ICAL_EXPORT_PER_IP: '0',
  RATE_LIMIT_GUEST_PAGE_PER_IP: '0',
  AUTH_FAILURES_PER_IP: '0',
  DRAFTS_PER_KEY: '0',
};

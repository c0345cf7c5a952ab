import type { Config } from '../config/config.ts';
import type { FirstRun } from './first-run.ts';

/** What `staydesk serve` prints after seeding an empty embedded or in-memory store. */
export function firstRunMessage(
  config: Pick<Config, 'publicBaseUrl' | 'slug' | 'store'>,
  storeDescription: string,
  seeded: FirstRun,
): string[] {
  const url = `${config.publicBaseUrl}/api/v1/${config.slug}/test`;
  const lines = ['', `Staydesk is ready on ${config.publicBaseUrl} (${storeDescription}).`];
  if (config.store.kind === 'memory') {
    lines.push(
      'The store is in memory (DATABASE_URL=memory:), so the demo data is seeded; ' +
        'everything is gone when the process stops.',
    );
  }
  lines.push(
    `A demo accommodation (id ${seeded.accommodationId}) and an API key were created. The key is shown only this once:`,
    '',
  );
  lines.push(`  curl -H "Authorization: Bearer ${seeded.apiKey}" ${url}`, '');
  if (seeded.webhookSecret !== null) {
    lines.push(
      `Webhooks to /${config.slug}/webhook/... must carry X-Service-Signature ` +
        'made with this signing secret (not shown again;',
      '`staydesk webhook-secret generate` replaces it, `staydesk webhook-secret clear` turns signatures off):',
      '',
      `  ${seeded.webhookSecret}`,
      '',
    );
  }
  if (seeded.consoleUser !== null) {
    lines.push(
      `The host's console is at ${config.publicBaseUrl}/admin. Sign in with this login and password (not shown again;`,
      '`staydesk admin create --login NAME` adds more console users):',
      '',
      `  login:    ${seeded.consoleUser.login}`,
      `  password: ${seeded.consoleUser.password}`,
      '',
    );
  }
  return lines;
}

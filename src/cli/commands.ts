import module from 'node:module';
import { createApiKey, listApiKeys, revokeApiKey } from '../auth/api-key-repository.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadConfig } from '../config/config.ts';
import { createContext } from '../create-app-context.ts';
import { DEMO_NAME, createDemoAccommodation } from '../seed/demo-accommodation.ts';
import { generateWebhookSecret, setSetting } from '../settings/settings-repository.ts';
import { LOGIN_PATTERN, createAdminUser } from '../users/user-repository.ts';
import { requireAccommodation } from '../accommodations/manage-accommodations.ts';
import { accommodationExportToken, exportUrl, rotateExportTokens } from '../ical/export-tokens.ts';
import { syncCalendars } from '../ical/sync-calendars.ts';
import { UsageError, positiveId, withContext, type Command } from './cli-support.ts';
import { releaseOptimizingCompiler } from './optimizing-compiler.ts';
import { importAlloggiatiTables } from '../authorities/import-alloggiati-tables.ts';
import { TableFormatError } from '../authorities/alloggiati-tables.ts';

export const commands: Command[] = [
  {
    name: 'serve',
    usage: 'staydesk serve',
    summary: 'Migrate the store, then serve the API (ready when GET /healthz answers 200).',
    async run() {
      const config = loadConfig();
      // Loaded here, not at the top: the HTTP app is most of the module graph, and the other
      // commands (and --help) should not pay for loading it.
      const { startStoppableServer } = await import('../server.ts');
      await startStoppableServer(config);
      // Write Node's compile cache now that start-up has loaded its modules (bin/staydesk.js),
      // not only at exit: a process that is killed or crashes still leaves the next start warm.
      module.flushCompileCache?.();
      releaseOptimizingCompiler();
      await new Promise(() => {
        /* runs until a signal stops the process */
      });
      return 0;
    },
  },
  {
    name: 'migrate',
    usage: 'staydesk migrate',
    summary: 'Bring the store schema up to date.',
    async run(_args, io) {
      const config = loadConfig();
      const ctx = createContext(config);
      try {
        const applied = await migrateToLatest(ctx.db);
        io.out(
          applied.length === 0
            ? `Schema already up to date (${ctx.store.description}).`
            : `Applied ${applied.join(', ')} (${ctx.store.description}).`,
        );
      } finally {
        await ctx.store.destroy();
      }
      return 0;
    },
  },
  {
    name: 'apikey create',
    usage: 'staydesk apikey create --name NAME [--admin | --test]',
    summary:
      'Create an API key and print it (shown only once). --admin also allows the admin API; ' +
      '--test makes a test key (sdk_test_…) whose bookings never take a live night.',
    options: { name: { type: 'string' }, admin: { type: 'boolean' }, test: { type: 'boolean' } },
    async run({ values }, io) {
      const name = typeof values.name === 'string' ? values.name.trim() : '';
      if (name === '' || name.length > 100) throw new UsageError('--name NAME is required (1 to 100 characters)');
      if (values.admin === true && values.test === true)
        throw new UsageError('--test and --admin do not go together: a test key calls the v1 API only');
      return withContext(async (ctx) => {
        const scope = values.admin === true ? 'admin' : 'api';
        const mode = values.test === true ? 'test' : 'live';
        const { key, record } = await createApiKey(ctx.db, { name, scope, mode });
        io.out(
          `Created ${mode === 'test' ? 'test' : scope} key #${record.id} "${record.name}" (prefix ${record.prefix}). ` +
            'Store it now: it is not shown again.',
        );
        io.out(key);
        return 0;
      });
    },
  },
  {
    name: 'apikey list',
    usage: 'staydesk apikey list',
    summary: 'List API keys (never their secrets).',
    async run(_args, io) {
      return withContext(async (ctx) => {
        const keys = await listApiKeys(ctx.db);
        if (keys.length === 0) io.out('No API keys yet. Create one with: staydesk apikey create --name NAME');
        for (const k of keys) {
          const state = k.revoked_at ? `revoked ${k.revoked_at}` : 'active';
          io.out(
            `${k.id}\t${k.prefix}…\t${k.scope}\t${k.mode}\t${state}\tlast used ${k.last_used_at ?? 'never'}\t${k.name}`,
          );
        }
        return 0;
      });
    },
  },
  {
    name: 'apikey revoke',
    usage: 'staydesk apikey revoke ID',
    summary:
      'Revoke an API key; running servers on PostgreSQL refuse it at once, ' +
      'on the embedded store within STAYDESK_CACHE_TTL_MS (2 s).',
    async run({ positionals }, io) {
      const id = positiveId(positionals[0], 'ID');
      return withContext(async (ctx) => {
        const key = await revokeApiKey(ctx.db, id);
        if (key === undefined) {
          io.err(`No API key with id ${id}. See: staydesk apikey list`);
          return 1;
        }
        io.out(`Revoked key #${key.id} "${key.name}" (${key.prefix}…).`);
        return 0;
      });
    },
  },
  {
    name: 'webhook-secret generate',
    usage: 'staydesk webhook-secret generate',
    summary: 'Set a new webhook signing secret and print it; the old one stops working.',
    async run(_args, io) {
      return withContext(async (ctx) => {
        const secret = generateWebhookSecret();
        await setSetting(ctx.db, 'webhook_secret', secret);
        io.out(
          'New webhook signing secret set; webhooks must now carry X-Service-Signature: sha256=<hex HMAC of the body>.',
        );
        io.out(secret);
        return 0;
      });
    },
  },
  {
    name: 'webhook-secret clear',
    usage: 'staydesk webhook-secret clear',
    summary: 'Remove the webhook secret: signature validation is disabled.',
    async run(_args, io) {
      return withContext(async (ctx) => {
        await setSetting(ctx.db, 'webhook_secret', null);
        io.out('Webhook secret cleared: webhook signatures are OFF and unsigned calls are accepted.');
        return 0;
      });
    },
  },
  {
    name: 'admin create',
    usage: 'staydesk admin create --login LOGIN',
    summary: 'Create a console admin user and print a generated password (shown only once).',
    options: { login: { type: 'string' } },
    async run({ values }, io) {
      const login = typeof values.login === 'string' ? values.login.trim() : '';
      if (!LOGIN_PATTERN.test(login))
        throw new UsageError('--login LOGIN is required: 3 to 64 letters, digits, ".", "_", "@" or "-"');
      return withContext(async (ctx) => {
        const { id, password } = await createAdminUser(ctx.db, login);
        io.out(`Created console admin #${id} "${login}". Sign in at /admin with this password (shown only once):`);
        io.out(password);
        return 0;
      });
    },
  },
  {
    name: 'seed-demo',
    usage: 'staydesk seed-demo',
    summary: 'Load the demo accommodation (once) and print its id.',
    async run(_args, io) {
      return withContext(async (ctx) => {
        const existing = await ctx.db
          .selectFrom('accommodations')
          .select('id')
          .where('name', '=', DEMO_NAME)
          .executeTakeFirst();
        if (existing !== undefined) {
          io.out(`The demo accommodation already exists.`);
          io.out(String(existing.id));
          return 0;
        }
        const created = await createDemoAccommodation(ctx.db);
        io.out(`Created the demo accommodation "${created.name}".`);
        io.out(String(created.id));
        return 0;
      });
    },
  },
  {
    name: 'ical sync',
    usage: 'staydesk ical sync [ACCOMMODATION_ID]',
    summary: 'Pull external calendars now, for one accommodation or all.',
    async run({ positionals }, io) {
      const id = positionals[0] === undefined ? undefined : positiveId(positionals[0], 'ACCOMMODATION_ID');
      return withContext(async (ctx) => {
        const results = await syncCalendars(ctx, id);
        for (const line of results.lines) io.out(line);
        return results.ok ? 0 : 1;
      });
    },
  },
  {
    name: 'ical export-url',
    usage: 'staydesk ical export-url ACCOMMODATION_ID [--rotate]',
    summary:
      "Print the secret URL of an accommodation's calendar for other channels; " +
      "--rotate replaces it (and each feed's) first.",
    options: { rotate: { type: 'boolean' } },
    async run({ positionals, values }, io) {
      if (positionals[0] === undefined) throw new UsageError('ACCOMMODATION_ID is required');
      const id = positiveId(positionals[0], 'ACCOMMODATION_ID');
      return withContext(async (ctx) => {
        const token = await ctx.db.transaction().execute(async (trx) => {
          await requireAccommodation(trx, id);
          return values.rotate === true
            ? rotateExportTokens(trx, id, ctx.now())
            : accommodationExportToken(trx, id, ctx.now());
        });
        if (values.rotate === true)
          io.out(
            `Accommodation ${id}: new export URLs; the old ones no longer work. Give the new one to each channel.`,
          );
        io.out(exportUrl(ctx.config, token));
        return 0;
      });
    },
  },
  {
    name: 'alloggiati-tables import',
    usage: 'staydesk alloggiati-tables import FOLDER',
    summary:
      "Load Italy's Alloggiati Web code tables (places, documents, guest types) " +
      'downloaded from the portal into FOLDER; ' +
      'replaces the tables loaded before (docs/registrations.md).',
    async run({ positionals }, io) {
      const folder = positionals[0];
      if (folder === undefined || positionals.length > 1) throw new UsageError('FOLDER is required (one folder)');
      return withContext(async (ctx) => {
        try {
          const counts = await importAlloggiatiTables(ctx.db, folder, (line) => {
            io.out(line);
          });
          io.out(
            `Imported ${counts.comune} comuni, ${counts.state} states, ${counts.document} document types` +
              ` and ${counts.guest_type} guest types.`,
          );
          return 0;
        } catch (error) {
          if (!(error instanceof TableFormatError)) throw error;
          io.err(`staydesk alloggiati-tables import: ${error.message}. Nothing was changed.`);
          return 1;
        }
      });
    },
  },
];

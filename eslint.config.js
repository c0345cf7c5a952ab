import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The floors of src/ (ARCHITECTURE.md, "Layers"), lowest first. A folder may import from any folder
 * on a lower floor and from the other folders of its own floor, never from a higher floor.
 * Cycles (two folders that import each other, directly or through others, on one floor or
 * through a root file) are refused by test/unit/folder-cycles.test.ts. `context` is
 * src/app-context.ts with src/caches.ts; `app` is the other files at the root of src/.
 */
const FLOORS = [
  ['shared'],
  ['config', 'db', 'http', 'ops'],
  [
    'occupancy',
    'guests',
    'settings',
    'auth',
    'users',
    'stays',
    'accommodations',
    'pricing',
    'invoices',
    'mail',
    'events',
    'messages',
    'registrations',
  ],
  ['context'],
  ['limits', 'tasks', 'bookings'],
  [
    'availability',
    'ical',
    'webhooks',
    'diagnostics',
    'calendar',
    'payments',
    'blocks',
    'keys',
    'admin',
    'reports',
    'endpoints',
    'jobs',
    'seed',
    'team',
    'authorities',
    'privacy',
    'guest-page',
  ],
  ['console'],
  ['app'],
  ['cli'],
];
const ROOT_FILES = {
  context: ['app-context.ts', 'caches.ts'],
  app: ['app.ts', 'server.ts', 'create-app-context.ts', 'cache-metrics.ts', 'openapi-schemas.ts'],
};

// Every folder and root file of src/ is on a floor: a new one must be placed before lint passes.
const placed = new Set(FLOORS.flat().flatMap((unit) => ROOT_FILES[unit] ?? [unit]));
const unplaced = readdirSync(join(import.meta.dirname, 'src'), { withFileTypes: true })
  .filter((entry) =>
    entry.isDirectory() ? readdirSync(join(entry.parentPath, entry.name)).length > 0 : entry.name.endsWith('.ts'),
  )
  .filter((entry) => !placed.has(entry.name))
  .map((entry) => `src/${entry.name}`);
if (unplaced.length > 0) {
  throw new Error(`eslint.config.js: put ${unplaced.join(', ')} on a floor of FLOORS (ARCHITECTURE.md, Layers).`);
}

/** Import specifiers that reach a unit from a file one or two folders below src/ (root files are reached as ../name.ts). */
const reach = (unit) =>
  unit in ROOT_FILES ? ROOT_FILES[unit].flatMap((f) => [`../${f}`, `../../${f}`]) : [`../${unit}/*`, `../../${unit}/*`];
const floorRules = FLOORS.flatMap((floor, i) => {
  const above = FLOORS.slice(i + 1).flat();
  return floor.map((unit) => {
    const files = unit in ROOT_FILES ? ROOT_FILES[unit].map((f) => `src/${f}`) : [`src/${unit}/**/*.ts`];
    // Root files import folders as ./name/...: the same list, one level up.
    const group =
      unit in ROOT_FILES
        ? above.flatMap((u) => (u in ROOT_FILES ? ROOT_FILES[u].map((f) => `./${f}`) : [`./${u}/*`]))
        : above.flatMap(reach);
    return group.length === 0
      ? null
      : {
          files,
          rules: {
            'no-restricted-imports': [
              'error',
              {
                patterns: [
                  {
                    group,
                    message: `src/${unit} sits on a lower floor than these folders (ARCHITECTURE.md, Layers): imports point down or to the same floor.`,
                  },
                ],
              },
            ],
          },
        };
  });
}).filter((c) => c !== null);

export default tseslint.config(
  // src/console/assets/ holds the browser's own files (served as they are, not part of the TypeScript project).
  {
    ignores: [
      'node_modules/',
      '.staydesk/',
      'coverage/',
      '**/dist/',
      'src/console/assets/',
      'packages/client/src/generated/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['bin/*.js', 'bench/*.js', 'eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
      '@typescript-eslint/no-extraneous-class': 'off',
      'no-restricted-exports': [
        'error',
        {
          restrictDefaultExports: {
            direct: true,
            named: true,
            defaultFrom: true,
            namedFrom: true,
            namespaceFrom: true,
          },
        },
      ],
    },
  },
  {
    files: ['eslint.config.js'],
    rules: { 'no-restricted-exports': 'off' },
  },
  ...floorRules,
  {
    // Errors are made by the typed factories of src/http/errors.ts, so every details.reason is in
    // the closed table of src/http/error-reasons.ts.
    files: ['src/**/*.ts'],
    ignores: ['src/http/errors.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='AppError']",
          message:
            'Use a factory of src/http/errors.ts (badRequest, notFound, ...): it takes a reason from the closed table.',
        },
      ],
    },
  },
  {
    // A shipped migration is self-contained: it imports nothing of the app (column-types.ts is part of the migrations).
    files: ['src/db/migrations/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*', '../../*'], message: 'A migration must not import app code: inline what it needs.' },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', name: ['test', 'describe', 'it', 'suite'], package: 'node:test' },
          ],
        },
      ],
    },
  },
  {
    files: ['bin/**/*.js', 'bench/*.js', 'eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.node },
  },
);

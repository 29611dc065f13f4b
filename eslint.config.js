import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Imports go one way: src/shared <- src/encoder <- src/render, src/zip <- workers/ <- src/worker-client <- the page
// (src/qr-ui, src/features, src/pages, src/app); server/ and supabase/functions/ mount src/shared (and draw GET /qr
// through src/render/qrFile.ts). tests/unit/architecture/shared-core.test.ts checks the shared core's imports too,
// resolved (dynamic imports included); `npm test` checks for import circles (dpdm.config.json).

/**
 * The npm packages the shared core may import: they run unchanged in the browser, its workers, Node and Deno. The
 * architecture test keeps the same list and also requires `import type` for @supabase/supabase-js.
 */
const SHARED_PACKAGES = ['hono', 'hono/*', '@hono/zod-openapi', 'zod', '@supabase/supabase-js', 'jose'];
const packageRegex = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '*' ? '.+' : `\\${c}`));
const notSharedPackage = `^(?!\\.|(${SHARED_PACKAGES.map(packageRegex).join('|')})$)`;

/**
 * src/shared at each folder depth: a relative import may not climb out of src/shared (from src/shared/qr/x.ts,
 * `../../` is src/), and a bare one must be one of SHARED_PACKAGES (no `node:*`, react, react-dom, `jsr:`/`npm:`).
 */
const sharedCoreRules = [0, 1, 2, 3].map((depth) => ({
  files: [`src/shared/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./){${depth + 1}}`,
            message:
              'src/shared imports only src/shared: no DOM, Node, Deno or React code, nor the encoder, renderer, workers, server or pages. Inject what a runtime brings (see src/shared/README.md).',
          },
          {
            regex: notSharedPackage,
            message: `src/shared runs in the browser, workers, Node and Deno: it imports only ${SHARED_PACKAGES.join(', ')} (src/shared/README.md).`,
          },
        ],
      },
    ],
  },
}));

/** Below the worker, nothing imports the worker, the servers or the page. */
const ABOVE_THE_CORE = {
  regex: '^(\\.\\./)+((workers|supabase|server)|(src/)?(features|pages))(/|$)',
  message:
    'The encoder, the renderer and the ZIP writer sit below workers/, server/, supabase/, src/features and src/pages: pass what they need in instead.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'node_modules',
      'test-results',
      'playwright-report',
      'bench-results',
      '.data',
      'coverage',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Pages and features reach pixels only through the worker client (src/worker-client re-exports the QR
    // vocabulary of src/shared/qr); the renderer, the encoder and the worker itself are not theirs to import.
    files: ['src/features/**/*.{ts,tsx}', 'src/pages/**/*.{ts,tsx}', 'src/qr-ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/render/*', '**/encoder/*', '**/workers/*'],
              message:
                'Import the QR vocabulary and the worker API from src/worker-client (page-side helpers: src/qr-ui).',
            },
          ],
        },
      ],
    },
  },
  ...sharedCoreRules,
  {
    files: ['src/render/**/*.ts', 'src/zip/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ABOVE_THE_CORE] }] },
  },
  {
    files: ['src/encoder/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ABOVE_THE_CORE,
            {
              regex: '^(\\.\\./)+(render|zip)(/|$)',
              message: 'The encoder sits below the renderer and the ZIP writer: it imports only src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // What the prerendered pages hydrate: Ark's Field.HelperText sets state in a layout effect once it finds itself,
    // which re-rendered the whole page synchronously after the hydration commit (one long task on a phone).
    files: ['src/features/{generator,site,marketing}/**/*.tsx', 'src/components/**/*.tsx'],
    // Loaded on demand, never hydrated.
    ignores: ['src/features/generator/PrintSetupPanel.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXMemberExpression[object.name='Field'][property.name='HelperText']",
          message: 'Use FieldHint (src/components/FieldHint.tsx) on first-paint forms: see its comment.',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
  },
);

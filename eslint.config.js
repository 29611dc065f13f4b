import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    // vocabulary of workers/contract.ts); the renderer, the encoder and the worker itself are not theirs to import.
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

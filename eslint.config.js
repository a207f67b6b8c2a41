import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The app's layers (docs/architecture.md): every element of app/, so that api/ and shared/ can be kept away from all of them. */
const APP = ['app-feature', 'app-routes', 'app-base', 'app-root'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'app/routeTree.gen.ts', 'drizzle', 'test-results', 'playwright-report', 'coverage', 'data', 'bench/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware rules: each file is checked with its own program (tsconfig.json references app, node and playwright).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x treats .ts/.tsx files as unknown and follows no import out of them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      // A circle of runtime imports: module order decides which side sees the other half-initialised (type-only imports are
      // skipped). A circle cannot pass through node_modules back into the repository, so packages are not followed (5x faster).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The layer rules of docs/architecture.md, in the editor; app/layers.test.ts checks the same on every test run.
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/legacy-templates': false,
      'boundaries/elements': [
        { type: 'shared', pattern: 'shared', partialMatch: false },
        { type: 'api', pattern: 'api', partialMatch: false },
        { type: 'app-feature', pattern: 'app/features/*', capture: ['feature'], partialMatch: false },
        { type: 'app-routes', pattern: 'app/routes', partialMatch: false },
        { type: 'app-base', pattern: ['app/components', 'app/lib', 'app/sync'], partialMatch: false },
        // The rest of app/ (main.tsx, tests at its root): matched last, as the first match wins.
        { type: 'app-root', pattern: 'app', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { type: ['api', ...APP] } } },
              message: 'shared/ is the contract both sides use: it imports neither api/ nor app/.',
            },
            {
              from: { element: { type: 'api' } },
              disallow: { to: { element: { type: APP } } },
              message: 'api/ never imports app/; what both need belongs in shared/.',
            },
            {
              from: { element: { type: APP } },
              disallow: { to: { element: { type: 'api' } }, dependency: { kind: 'value' } },
              message: 'app/ takes only types from api/ (`import type`); shared rules and schemas live in shared/.',
            },
            {
              from: { element: { type: 'app-base' } },
              disallow: { to: { element: { type: ['app-feature', 'app-routes'] } } },
              message: 'components/, lib/ and sync/ never import features/ or routes/.',
            },
            {
              from: { element: { type: 'app-feature' } },
              disallow: { to: { element: { type: 'app-routes' } } },
              message: 'A feature never imports routes/; the route composes the feature.',
            },
            {
              from: { element: { type: 'app-feature' } },
              disallow: { to: { element: { type: 'app-feature', captured: { feature: '!{{from.element.captured.feature}}' } } } },
              message:
                'A feature never imports another feature ({{from.element.captured.feature}} -> {{to.element.captured.feature}}): move what both use down to components/, lib/ or shared/, or compose them in routes/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
);

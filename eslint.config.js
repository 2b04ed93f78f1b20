// One lint run for the whole tree: TypeScript, React hooks and accessibility in the islands, no import
// circles, and the walls between the folders (README "Layout"): core/ imports none of the others;
// api/, site/ and islands/ import core/ and never one another (site/ may mount islands); server/
// composes api/ and the site.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { astroFrontmatter } from './scripts/lint/astro-frontmatter.js';

const walls = [
  { target: './core', from: ['./api', './site', './islands', './server', './scripts', './tests'] },
  { target: './api', from: ['./site', './islands', './server'] },
  { target: './islands', from: ['./api', './site', './server'] },
  { target: './site', from: ['./api', './server'] },
].map((zone) => ({ ...zone, message: 'crosses a wall of the house: import it through core/ (see README "Layout").' }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      '.astro/**',
      '.builds/**',
      '.e2e-builds/**',
      '.data/**',
      'data/**',
      '.bench/**',
      '.scratch/**',
      'studio/dist/**',
      'studio/.sanity/**',
      'test-results/**',
      'playwright-report/**',
      'api/db/migrations/**',
      'content/dataset/*.ndjson',
    ],
  },
  {
    files: ['**/*.astro'],
    plugins: { astro: { processors: { frontmatter: astroFrontmatter } } },
    processor: 'astro/frontmatter',
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: walls }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  // Islands hydrate with what the server rendered: shared stores are read through useIslandStore.
  {
    files: ['islands/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nanostores/react',
              importNames: ['useStore'],
              message: 'use useIslandStore (islands/lib/use-island-store.ts): it hydrates with the server value.',
            },
          ],
        },
      ],
    },
  },
  // Temporal comes from core/temporal.ts: the runtime's own, the polyfill only where it is missing.
  {
    files: ['**/*.{ts,tsx,astro}'],
    ignores: ['core/temporal.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'temporal-polyfill',
              allowTypeImports: true,
              message: "take Temporal from core/temporal.ts (the browser's own where it has one).",
            },
          ],
        },
      ],
    },
  },
  // site/ reads the Sanity schemas only through its content module (site/lib/content): pages and
  // components take keys and labels from site/lib/content/content-keys.ts.
  {
    files: ['site/**'],
    ignores: ['site/lib/content/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/content-schemas/**'],
              message: 'site/ reads content-schemas/ through site/lib/content (content-keys.ts or the content module).',
            },
          ],
        },
      ],
    },
  },
  // The site's page scripts reach island code only through the islands' public entry.
  {
    files: ['site/scripts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/content-schemas/**'],
              message: 'site/ reads content-schemas/ through site/lib/content (content-keys.ts or the content module).',
            },
            {
              group: ['**/islands/**', '!**/islands/public.ts'],
              message: 'page scripts import island code through islands/public.ts, its public entry.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/islands\\u002F(?!public\\.ts$)/]',
          message: 'page scripts load island code through islands/public.ts, its public entry.',
        },
      ],
    },
  },
  // Frontmatter names are used by the template, which the linter does not see.
  { files: ['**/*.astro/*.ts'], rules: { '@typescript-eslint/no-unused-vars': 'off' } },
  // Tests poke at loosely shaped JSON answers on purpose.
  { files: ['**/*.test.ts', '**/test-*.ts', 'tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);

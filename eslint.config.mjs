// One lint config for every workspace (`npm run lint` = typecheck each workspace + this).
// Syntax-level rules only (no type-aware rules): tsc already type-checks, and this stays fast.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'test-results/**', '**/test-results/**', 'playwright-report/**', 'data/**', '.tandem/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // Unused names are errors, except deliberate `_` placeholders.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Nest DI and decorators need classes with only a constructor, and `any` at a few library seams.
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-explicit-any': 'warn',
      // Named exports only: one name per thing, so search and rename find every use.
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Accessibility of the markup (jsx-a11y's recommended set; docs/decisions.md, Client). The
    // end-to-end suite checks the rendered pages with axe (test/e2e/a11y.spec.ts).
    files: ['client/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // autoFocus only moves focus into what the user just opened (an editor, a dropdown, a
      // dialog) or onto a page's one form (sign-in), as the APG asks of popups and dialogs
      'jsx-a11y/no-autofocus': 'off',
      // A checkbox's label text sits in nested spans (name and help: AccessTokens)
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    // realtime/ is transport plus the event registry; features register their reducers into it (client/README.md)
    files: ['client/src/realtime/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/features'], message: 'realtime/ never imports features/: register a reducer from the feature instead.' }] }],
    },
  },
  {
    // One test kit answers for the server (client/src/test/stubFetch.ts): no other file replaces
    // fetch, so every test routes by URL, fails on a request nobody answers, and logs what was sent.
    // no-restricted-syntax here replaces the list above: the named-exports entry is repeated.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        ...[
          "CallExpression[callee.object.name='vi'][callee.property.name='stubGlobal'][arguments.0.value='fetch']",
          "CallExpression[callee.object.name='vi'][callee.property.name='spyOn'][arguments.1.value='fetch']",
          "CallExpression[callee.object.name='Object'][callee.property.name=/^define/][arguments.1.value='fetch']",
          "AssignmentExpression > MemberExpression.left[object.name=/^(globalThis|window|global|self)$/][property.name='fetch']",
        ].map((selector) => ({ selector, message: "Stub fetch through the test kit: stubFetch({ 'GET /path': answer }) from client/src/test/kit." })),
      ],
    },
  },
  {
    // No import cycles in the shipped code: a cycle hides a missing boundary (a domain module and
    // realtime needing each other) and makes load order matter. `import type` is exempt: erased.
    files: ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}', 'shared-types/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the rule follows only .js files and silently finds no cycle at all
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['server/tsconfig.json', 'client/tsconfig.json', 'shared-types/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Tool configs and Playwright's global setup must default-export.
    files: ['**/*.config.{ts,mts,mjs,js,cjs}', 'eslint.config.mjs', '**/global-setup.ts', '**/global-teardown.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

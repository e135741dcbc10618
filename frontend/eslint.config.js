import fs from 'node:fs'
import js from '@eslint/js'
import globals from 'globals'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import tseslint from 'typescript-eslint'
import { defineConfig, globalIgnores } from 'eslint/config'

const here = import.meta.dirname

// Every folder of src/features: each may import only src/lib, src/components and itself.
const features = fs
  .readdirSync(`${here}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

export default defineConfig([
  globalIgnores(['dist', 'node_modules', 'test-results', 'playwright-report', 'shots']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommended,
      reactHooks.configs.flat.recommended,
      reactRefresh.configs.vite,
    ],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
    },
  },
  {
    // Imports flow one way: lib/ and components/ (shared) -> features/ -> app/ (router, layouts,
    // roots). A feature never imports another one nor app/: what two features need moves to lib/
    // (the store and its typed hooks, types, helpers, shared endpoints) or components/ (shared UI).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolves `@/...` through tsconfig.json's paths, and reads .ts/.tsx modules: without either,
      // the rules below would see no import.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${here}/tsconfig.json` })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      // TypeScript reports a missing module as well; here it proves that the resolver works.
      'import-x/no-unresolved': 'error',
      // A cycle runs through our own modules only: the packages' imports are not followed.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: here,
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another one: move what both need to src/lib or src/components.',
            })),
            {
              target: ['./src/lib', './src/components'],
              from: './src/features',
              message: 'Shared code does not import features.',
            },
            {
              target: ['./src/features', './src/lib', './src/components'],
              from: './src/app',
              message:
                'Only src/app imports src/app (it composes routes and layouts): take the store and its hooks from src/lib (@/lib/store, @/lib/hooks), move anything else shared to src/lib or src/components.',
            },
          ],
        },
      ],
    },
  },
  {
    // Cache tags are declared once, in src/lib/api.ts (TAG_TYPES), and typed: a feature adding its
    // own would declare a shared tag twice and let a misspelt one through.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='enhanceEndpoints'], Property[key.name='addTagTypes']",
          message: 'Declare cache tags once, in TAG_TYPES of src/lib/api.ts; features only provide and invalidate them.',
        },
      ],
    },
  },
  {
    // A file and a function a reader takes in at once (issue #18): a screen longer than that is
    // split into the parts it is drawn from. Tests are exempt.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.mjs'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
  {
    files: ['e2e/**/*.ts', '*.config.ts', '*.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // Route tables, test helpers and tests export whatever they need.
    files: ['src/app/router.tsx', 'src/testing/**', 'src/**/*.test.{ts,tsx}'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
])

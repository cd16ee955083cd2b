// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const featuresDir = 'apps/web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'e2e/.tmp/**',
      'bench/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-aware rules: each file is checked with the tsconfig of its workspace.
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The contracts are shared by browser and server: nothing platform-specific may enter.
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'react', 'react-*', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*'] },
      ],
    },
  },
  {
    // The web app's layers, by resolved path, so a relative `../stays/…` is caught like `@/features/stays/…`:
    // shared code (components, lib) imports neither features nor the app; features never import each other
    // nor the app. A feature is one domain (features/<domain>/ with its admin screens in admin/ and what both
    // halves share in components/); features/admin holds only what spans domains (dashboard, users, audit,
    // email), and the admin screens' common UI is components/admin.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${import.meta.dirname}/apps/web/tsconfig.json` }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: ['apps/web/src/components', 'apps/web/src/lib'],
              from: [featuresDir, 'apps/web/src/app'],
              message: 'Shared web code does not import features or the app layer.',
            },
            ...features.map((name) => ({
              target: `${featuresDir}/${name}`,
              from: featuresDir,
              except: [`./${name}`],
              message:
                'Features do not import each other; move shared code to lib or components (components/admin for admin UI).',
            })),
            {
              target: featuresDir,
              from: 'apps/web/src/app',
              message: 'Features do not import the app layer.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web app takes the registry from lib/endpoints, which the production build replaces with a table
    // of ids, methods, paths and tables: the registry itself brings every schema and zod into the sign-in
    // page (vite.config.ts, routeTable). The entry's own code takes lib/sign-in-endpoints (the build
    // checks that the sign-in page does not load the whole table).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/endpoints.ts', 'apps/web/src/lib/sign-in-endpoints.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@portal/contracts',
              importNames: ['endpoints', 'endpointById', 'allEndpoints'],
              message: "Import the registry from '@/lib/endpoints'.",
            },
          ],
        },
      ],
    },
  },
  {
    // Plain JavaScript (this file, scripts, the theme snippet) is in no tsconfig.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.test.{ts,tsx}', 'test/**', 'e2e/**', 'bench/**', 'apps/server/src/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);

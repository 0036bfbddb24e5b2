// ESLint flat config: typescript-eslint recommended for every TypeScript source folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// `import { z } from 'zod'` makes esbuild keep zod's whole namespace, every locale included (about
// 370 KB per Lambda bundle); `import * as z from 'zod'` lets it drop what is unused (docs/performance.md).
const ZOD_NAMESPACE = {
  selector:
    "ImportDeclaration[source.value='zod'][importKind!='type'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
  message: "Use `import * as z from 'zod'`: the named `z` keeps all of zod (every locale) in Lambda bundles.",
};

export default tseslint.config(
  {
    ignores: ['node_modules', 'cdk.out', 'web/dist', '.local', '.test-cloud', '.build', '.bench', 'coverage'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // shared/ is isomorphic: no AWS SDK and no Node-only modules.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['@aws-sdk/*', 'node:*', 'fs', 'path', 'crypto', 'aws-cdk-lib', 'aws-cdk-lib/*'],
        },
      ],
    },
  },
  {
    // Lambdas render only the server's messages: shared/i18n/server (or ./core), never the SPA's
    // catalogues, which would add ~120 KB to every bundle that writes a message (docs/decisions.md).
    files: ['lambdas/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)shared/i18n(/index)?$|(^|/)shared/i18n/.*\\.json$',
              message:
                "Lambdas import '../../shared/i18n/server' (or '/core'): the SPA's catalogues do not belong in a function bundle.",
            },
          ],
        },
      ],
    },
  },
  {
    // The SPA loads one catalogue per page (web/src/app/i18n.ts): only web/src/app/catalogues/ imports
    // them; elsewhere shared/i18n's index (all three catalogues) may be imported for its types only.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/app/catalogues/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)shared/i18n(/index)?$|(^|/)shared/i18n/.*\\.json$',
              allowTypeImports: true,
              message:
                "The SPA imports '…/shared/i18n/core' (or /keys for types) and translates with app/i18n: the index bundles every language's catalogue.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lambdas/**/*.ts', 'shared/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ZOD_NAMESPACE] },
  },
);

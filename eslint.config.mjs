// ESLint 9 flat config, run by `npm run lint` (and so by `npm test`).
// apps/ and libs/: typescript-eslint's recommendedTypeChecked rules, on the types of tsconfig.json.
// Tests (test/, bench/, *.spec.ts, libs/domain/testing/): the recommended rules without type
// information. Tests read untyped JSON answers (supertest bodies are `any`) and build partial fakes;
// the type-checked `no-unsafe-*` rules would flag nearly every assertion there.
// Functions and constructors take at most 7 parameters (max-params) in apps/ and libs/.
// Source files in apps/, libs/ and packages/ have at most 300 lines (max-lines), without exception.
// Providers in apps/ and libs/ name their tokens through make, bind or factory, never a raw `inject` list.
// Formatting is Prettier's job (`npm run format:check`); eslint-config-prettier turns off the rules
// that would disagree with it.
//
// Rules turned off, and why:
// - tests: @typescript-eslint/no-explicit-any. Answers of the API under test are untyped JSON; `any`
//   is the honest type of `res.body` and of the records built from it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TESTS = ['test/**/*.ts', 'bench/**/*.ts', '**/*.spec.ts', 'libs/domain/testing/**/*.ts', 'packages/*/test/**/*.ts'];

/** Unused names are allowed when they start with `_`, or when they are left out of a rest object on purpose. */
const unusedVars = ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' }];

/**
 * Files still over 300 lines while they are being split; each leaves this list when it is under the limit.
 * - app-config.ts: the configuration reader is being split per concern.
 */
export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'var/**', 'openapi/**', 'packages/*/dist/**', 'packages/sdk/src/generated/**'] },
  {
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    ignores: TESTS,
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked, prettier],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': unusedVars,
      // At most 7 parameters, constructors included: collaborators that always travel together are grouped
      // into a named object (e.g. SignInCheck, ShareLinks) rather than passed one by one.
      '@typescript-eslint/max-params': ['error', { max: 7 }],
    },
  },
  {
    // POST and PATCH routes take their decorators from apps/api/src/idempotency/idempotent-routes.ts, which
    // binds the Idempotency-Key interceptor to them (it is not global: see that file).
    files: ['apps/api/src/**/*.ts'],
    ignores: [...TESTS, 'apps/api/src/idempotency/idempotent-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/common',
              importNames: ['Post', 'Patch'],
              message: 'Import Post and Patch from apps/api/src/idempotency/idempotent-routes (they carry the Idempotency-Key guard).',
            },
          ],
        },
      ],
    },
  },
  {
    files: TESTS,
    extends: [js.configs.recommended, ...tseslint.configs.recommended, prettier],
    rules: {
      '@typescript-eslint/no-unused-vars': unusedVars,
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // The SDK (packages/sdk/src): the type-checked rules of apps/ and libs/, on its own tsconfig.json; its generated
    // types are ignored above.
    files: ['packages/sdk/src/**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked, prettier],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-unused-vars': unusedVars },
  },
  {
    // The SDK's example integrator journey: recommended rules, and no `any` (its types come from the generated client;
    // packages/sdk/test/generated-and-journey.spec.ts also refuses casts and non-null assertions in it).
    files: ['packages/sdk/examples/**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended, prettier],
    rules: { '@typescript-eslint/no-unused-vars': unusedVars, '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    // Providers are typed: `make`, `bind` and `factory` (libs/infra/src/core/providers.ts) check their token lists
    // against the constructor's or the factory's parameters at compile time; a hand-written `inject` list is not.
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    ignores: [...TESTS, 'libs/infra/src/core/providers.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='inject']",
          message: 'Write the provider with make, bind or factory from libs/infra/src/core/providers.ts: their token lists are checked against the parameters.',
        },
      ],
    },
  },
  {
    // Source files (not tests, not generated) stay under 300 lines.
    files: ['apps/**/*.ts', 'libs/**/*.ts', 'packages/**/*.ts'],
    ignores: TESTS,
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    extends: [js.configs.recommended, prettier],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    files: ['**/*.mjs'],
    extends: [js.configs.recommended, prettier],
    languageOptions: { sourceType: 'module', globals: globals.node },
  },
);

/**
 * Fast domain/unit specs beside the code (and the SDK's under packages/sdk/test), and the e2e suites under test/,
 * once per HTTP adapter.
 */
const moduleNameMapper = {
  '^@app/domain$': '<rootDir>/libs/domain/src',
  '^@app/domain/(.*)$': '<rootDir>/libs/domain/src/$1',
  '^@app/infra$': '<rootDir>/libs/infra/src',
  '^@app/infra/(.*)$': '<rootDir>/libs/infra/src/$1',
  '^@app/contract$': '<rootDir>/libs/contract/src',
  '^@app/contract/(.*)$': '<rootDir>/libs/contract/src/$1',
  '^@invoicing/sdk$': '<rootDir>/packages/sdk/src',
};
/** E2E suites that test adapters, the renderer or the worker without the HTTP app. */
const API_FREE_SUITES = '/test/(pdf-renderer|repository-contracts|sendout-repository|session-repository|daily-jobs)\\.e2e-spec\\.ts$';
const transform = { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] };
const e2e = (displayName, setupFiles = [], testPathIgnorePatterns = []) => ({
  displayName,
  testPathIgnorePatterns: ['/node_modules/', ...testPathIgnorePatterns],
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  setupFiles,
  transform,
  moduleNameMapper,
});
module.exports = {
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testEnvironment: 'node',
      moduleFileExtensions: ['ts', 'js', 'json'],
      testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts', '<rootDir>/packages/*/test/**/*.spec.ts'],
      transform,
      moduleNameMapper,
    },
    e2e('e2e'),
    // The same suites on the Express edge (HTTP_ADAPTER=express, databases prefixed express_), less the
    // suites that never start the HTTP app (renderer, repositories, worker jobs): they would run the very same code twice.
    e2e('e2e-express', ['<rootDir>/test/support/express-env.js'], [API_FREE_SUITES]),
  ],
};

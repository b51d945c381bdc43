/** Fast domain/unit specs beside the code, and the e2e suites under test/, once per HTTP adapter. */
const moduleNameMapper = {
  '^@app/domain$': '<rootDir>/libs/domain/src',
  '^@app/domain/(.*)$': '<rootDir>/libs/domain/src/$1',
  '^@app/infra$': '<rootDir>/libs/infra/src',
  '^@app/infra/(.*)$': '<rootDir>/libs/infra/src/$1',
};
const transform = { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] };
const e2e = (displayName, setupFiles = []) => ({
  displayName,
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
      testMatch: ['<rootDir>/libs/**/*.spec.ts', '<rootDir>/apps/**/*.spec.ts'],
      transform,
      moduleNameMapper,
    },
    e2e('e2e'),
    // The same suites on the Express edge (HTTP_ADAPTER=express, databases prefixed express_).
    e2e('e2e-express', ['<rootDir>/test/support/express-env.js']),
  ],
};

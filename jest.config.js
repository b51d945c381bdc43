/** Two projects: fast domain/unit specs beside the code, and e2e suites under test/. */
const moduleNameMapper = {
  '^@app/domain$': '<rootDir>/libs/domain/src',
  '^@app/domain/(.*)$': '<rootDir>/libs/domain/src/$1',
  '^@app/infra$': '<rootDir>/libs/infra/src',
  '^@app/infra/(.*)$': '<rootDir>/libs/infra/src/$1',
};
const transform = { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] };
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
    {
      displayName: 'e2e',
      rootDir: __dirname,
      testEnvironment: 'node',
      moduleFileExtensions: ['ts', 'js', 'json'],
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      transform,
      moduleNameMapper,
    },
  ],
};

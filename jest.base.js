// Shared jest settings for every workspace: TypeScript through ts-jest, and the
// workspace packages resolved to their sources so tests never run stale builds.
const path = require('path');

const ESM_ONLY = ['content-disposition'];

module.exports = function jestConfig(dir, overrides = {}) {
  return {
    rootDir: dir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/src/**/*.test.ts'],
    transform: {
      '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(dir, 'tsconfig.json') }],
      // Node 20 loads these ESM-only dependencies with require(); jest cannot, so they are transpiled.
      [`node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' } }],
    },
    transformIgnorePatterns: [`node_modules/(?!(${ESM_ONLY.join('|')})/)`],
    moduleNameMapper: {
      '^@bellows/domain$': path.join(__dirname, 'packages/domain/src'),
      '^@bellows/persistence-typeorm$': path.join(__dirname, 'packages/persistence-typeorm/src'),
      '^@bellows/git$': path.join(__dirname, 'packages/git/src'),
      '^@bellows/storage$': path.join(__dirname, 'packages/storage/src'),
    },
    ...overrides,
  };
};

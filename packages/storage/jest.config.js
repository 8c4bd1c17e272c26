module.exports = require('../../jest.base.js')(__dirname, {
  testTimeout: 60000,
  // The S3 adapter's tests need a real S3-compatible server: started here when it does not answer.
  globalSetup: '<rootDir>/test/global-setup.ts',
});

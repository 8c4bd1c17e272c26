module.exports = require('../../jest.base.js')(__dirname, { testTimeout: 60000 });

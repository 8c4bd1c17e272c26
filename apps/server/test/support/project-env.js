// Gives each test file the environment of its jest project (jest.both-engines.config.js):
// process.env inside a test file is jest's copy, so the two projects never see each other's.
Object.assign(process.env, globalThis.BELLOWS_TEST_PROJECT_ENV);

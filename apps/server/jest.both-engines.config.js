// `npm test` for the server: the whole suite on SQLite and on PostgreSQL (with
// object storage) in ONE jest run, as two projects whose test files share the
// workers. Each run alone leaves a CPU idle much of the time (the test process
// waits for git, PostgreSQL, the object store), so the two side by side on two
// workers take far less than one after the other; jest starts the slowest files
// first from its record of earlier runs. `npx jest` alone (jest.config.js) runs
// one engine, BELLOWS_TEST_DB's.
const { availableParallelism } = require('os');
const base = require('../../jest.base.js')(__dirname, { testTimeout: 120000 });

/** One engine's project: its name in jest's output, and the environment its test files see. */
function engine(name, env) {
  return {
    ...base,
    displayName: name,
    globals: { BELLOWS_TEST_PROJECT_ENV: env },
    setupFiles: ['<rootDir>/test/support/project-env.js'],
  };
}

module.exports = {
  // jest's default, one worker less than CPUs, would run a 2-CPU machine's tests one file at a time.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // A global option: jest ignores it inside a project.
  testTimeout: base.testTimeout,
  projects: [
    engine('sqlite3', { BELLOWS_TEST_DB: 'sqlite3' }),
    engine('postgres', { BELLOWS_TEST_DB: 'postgres', BELLOWS_TEST_STORAGE: 'minio' }),
  ],
};

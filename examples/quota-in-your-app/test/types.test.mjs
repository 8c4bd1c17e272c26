// The packed declarations type-check an app's TypeScript: for `import` and `require` on
// Node's own resolution, and for `import` as a bundler resolves it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { URL, fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { promisify } from 'node:util';

const appDir = fileURLToPath(new URL('..', import.meta.url));

/** The app's TypeScript settings and the package declarations each must load. */
const CHECKS = {
  'tsconfig.json': ['@bellows/domain/dist/index.d.mts', '@bellows/domain/dist/index.d.ts'],
  'tsconfig.bundler.json': ['@bellows/domain/dist/index.d.mts'],
};

async function tsc(...args) {
  // TypeScript's compiler is not a dependency of this app: scripts/example-app.js passes the monorepo's.
  assert.ok(process.env.TSC, 'set TSC to the path of a TypeScript compiler (bin/tsc)');
  return promisify(execFile)(process.execPath, [process.env.TSC, ...args], { cwd: appDir }).catch((error) => error);
}

for (const [config, declarations] of Object.entries(CHECKS)) {
  test(`types/ compiles against the packed declarations (${config})`, async () => {
    const listed = await tsc('-p', config, '--listFilesOnly');
    const loaded = listed.stdout
      .split('\n')
      .filter((file) => file.includes('node_modules/@bellows/domain/'))
      .map((file) => file.replace(/.*\/node_modules\//, ''));
    assert.deepEqual(loaded.sort(), declarations);

    const check = await tsc('-p', config);
    assert.equal(check.code ?? 0, 0, `tsc reported:\n${check.stdout}${check.stderr}`);
  });
}

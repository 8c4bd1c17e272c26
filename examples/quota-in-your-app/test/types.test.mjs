// The packed declarations type-check an app's TypeScript, for `import` and `require` alike.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { URL, fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { promisify } from 'node:util';

const appDir = fileURLToPath(new URL('..', import.meta.url));

test('types/*.mts and types/*.cts compile against the packed declarations', async () => {
  // TypeScript's compiler is not a dependency of this app: scripts/example-app.mjs passes the monorepo's.
  const tsc = process.env.TSC;
  assert.ok(tsc, 'set TSC to the path of a TypeScript compiler (bin/tsc)');
  const run = await promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.json', '--listFilesOnly'], { cwd: appDir });
  const declarations = run.stdout.split('\n').filter((file) => file.includes('node_modules/@bellows/domain/'));
  assert.deepEqual(declarations.map((file) => file.replace(/.*\/node_modules\//, '')).sort(), [
    '@bellows/domain/dist/index.d.mts',
    '@bellows/domain/dist/index.d.ts',
  ]);

  const check = await promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: appDir }).catch((error) => error);
  assert.equal(check.code ?? 0, 0, `tsc reported:\n${check.stdout}${check.stderr}`);
});

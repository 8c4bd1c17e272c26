// What the tarball ships: the builds, the README and the licence, nothing else.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { URL, fileURLToPath } from 'node:url';
import { test } from 'node:test';

const installed = fileURLToPath(new URL('../node_modules/@bellows/domain/', import.meta.url));
const SHIPPED = [
  'LICENSE',
  'README.md',
  'dist/index.d.mts',
  'dist/index.d.ts',
  'dist/index.js',
  'dist/index.js.map',
  'dist/index.mjs',
  'dist/index.mjs.map',
  'package.json',
];
/** Names that must never be published: sources, tests, settings, keys. */
const NEVER = /(^|\/)(src|test|node_modules)\/|\.env|\.npmrc|\.pem$|\.key$|id_rsa|tsconfig|jest\.config/;

function filesUnder(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

test('the installed package holds exactly the builds, README, LICENSE and package.json', () => {
  assert.deepEqual(filesUnder(installed).sort(), SHIPPED);
});

test('its manifest has no runtime dependencies, is public, and points every entry at a shipped file', () => {
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  assert.equal(manifest.private, undefined);
  assert.deepEqual(manifest.dependencies ?? {}, {});
  assert.equal(manifest.sideEffects, false);
  const entries = [
    manifest.main,
    manifest.types,
    ...Object.values(manifest.exports['.']).flatMap((condition) => [condition.types, condition.default]),
  ].map((file) => file.replace(/^\.\//, ''));
  for (const entry of entries) assert.ok(SHIPPED.includes(entry), `${entry} is not shipped`);
  assert.deepEqual(new Set(entries), new Set(['dist/index.js', 'dist/index.d.ts', 'dist/index.mjs', 'dist/index.d.mts']));
});

test('no private key or secret is shipped', () => {
  for (const file of filesUnder(installed)) {
    assert.doesNotMatch(file, NEVER);
    assert.doesNotMatch(readFileSync(join(installed, file), 'utf8'), /-----BEGIN [A-Z ]*PRIVATE KEY-----/, file);
  }
});

const tarball = process.env.BELLOWS_DOMAIN_TARBALL;
test(
  'the tarball lists the same files and stays small',
  { skip: !tarball && 'BELLOWS_DOMAIN_TARBALL is set by scripts/example-app.mjs' },
  () => {
    const listed = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((file) => file.replace(/^package\//, ''));
    assert.deepEqual(listed.sort(), SHIPPED);
    const kib = statSync(tarball).size / 1024;
    // About 325 KiB at 0.1.0, most of it the two source maps and the two copies of the declarations.
    assert.ok(kib < 600, `the tarball is ${kib.toFixed(0)} KiB`);
  },
);

#!/usr/bin/env node
// The engine as someone outside the monorepo gets it: builds @bellows/domain
// and packs it with `npm pack`, copies examples/quota-in-your-app into a
// temporary folder, installs the tarball there and runs the example's tests
// (`node --test`: ESM import, CommonJS require, TypeScript types, tarball contents).
// Offline-safe: the package has no dependencies and the example no others.
//
//   node scripts/example-app.js          (run by packages/domain's `npm test`)
//   node scripts/example-app.js --keep   (keeps the temporary folder to look at)
'use strict';
const { cpSync, mkdtempSync, rmSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { tmpdir } = require('node:os');
const { execFileSync } = require('node:child_process');

const ROOT = resolve(__dirname, '..');
const DOMAIN = join(ROOT, 'packages/domain');
const EXAMPLE = join(ROOT, 'examples/quota-in-your-app');
// The example type-checks with the monorepo's TypeScript rather than downloading one.
const TSC = require.resolve('typescript/bin/tsc', { paths: [ROOT] });

function run(command, args, cwd, env = {}) {
  return execFileSync(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
}

const work = mkdtempSync(join(tmpdir(), 'bellows-example-'));
try {
  // The package is built into a folder of its own and packed from there: a `tsc` build of
  // the domain run meanwhile (the workspace's quick build writes dist/index.js too) cannot
  // slip into the tarball. Same manifest, so the same files as `npm pack` in packages/domain.
  const staged = join(work, 'package');
  execFileSync('npx', ['tsup', '--out-dir', join(staged, 'dist')], { cwd: DOMAIN, stdio: ['ignore', 'inherit', 'inherit'] });
  for (const file of ['package.json', 'README.md', 'LICENSE']) cpSync(join(DOMAIN, file), join(staged, file));
  const packed = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], staged))[0];
  const tarball = join(work, packed.filename);
  console.log(`packed ${packed.id}: ${packed.entryCount} files, ${packed.size} bytes`);

  const app = join(work, 'app');
  cpSync(EXAMPLE, app, { recursive: true, filter: (source) => !source.includes('node_modules') });
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', tarball], app);

  const tests = run(process.execPath, ['--test'], app, { TSC, BELLOWS_DOMAIN_TARBALL: tarball });
  process.stdout.write(tests);
} catch (error) {
  if (error.stdout) process.stdout.write(error.stdout);
  console.error(`example app failed (folder: ${work}): ${error.message.split('\n')[0]}`);
  process.exitCode = 1;
} finally {
  if (!process.argv.includes('--keep') && process.exitCode !== 1) rmSync(work, { recursive: true, force: true });
}

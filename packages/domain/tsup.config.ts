import { defineConfig } from 'tsup';

/**
 * The published builds of @bellows/domain: one CommonJS file for `require`, one
 * ES module for `import`, and a bundled declaration file for each. A bundler
 * rather than tsc because the sources import without file extensions
 * (`./group`), which Node's ESM loader does not resolve.
 *
 * The names match what `tsc -p tsconfig.build.json` writes (dist/index.js and
 * dist/index.d.ts), so the workspace, which reads `main` and `types`, works with
 * either build; only the ESM files come from this one alone.
 */
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['cjs', 'esm'],
  outExtension: ({ format }) => ({ js: format === 'esm' ? '.mjs' : '.js' }),
  dts: true,
  tsconfig: 'tsconfig.build.json',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  splitting: false,
  // Another helper's `tsc` build may be writing into dist/ at the same time: never wipe it.
  clean: false,
});

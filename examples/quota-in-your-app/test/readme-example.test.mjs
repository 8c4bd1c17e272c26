// The package README's ten-line example, run as it is written there: it prints what the README says it prints.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { URL, fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { promisify } from 'node:util';

const readme = readFileSync(new URL('../node_modules/@bellows/domain/README.md', import.meta.url), 'utf8');

/** The first fenced block of that language after `from` (an offset into the README). */
function block(language, from = 0) {
  const start = readme.indexOf('```' + language + '\n', from);
  assert.ok(start >= 0, `the README has no ${language} block`);
  const body = start + language.length + 4;
  return { text: readme.slice(body, readme.indexOf('\n```', body) + 1), end: body };
}

test('the README’s example prints what the README says', async () => {
  const code = block('js');
  const printed = block('text', code.end);
  // Written inside the app so that `@bellows/domain` resolves to the installed tarball.
  const script = fileURLToPath(new URL('../readme-example.mjs', import.meta.url));
  writeFileSync(script, code.text);
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script]);
    assert.equal(stdout, printed.text);
  } finally {
    rmSync(script, { force: true });
  }
});

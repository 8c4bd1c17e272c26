#!/usr/bin/env node
/**
 * Writes apps/server/src/modules/repo-templates/data/gitignore-templates.json
 * from a checkout of the github/gitignore collection (CC0-1.0), the same
 * collection Forgejo ships in options/gitignore.
 *
 * usage: node scripts/generate-gitignore-templates.js <gitignore-checkout> [commit]
 *
 * As in Forgejo, a template is named by its file name without `.gitignore`,
 * wherever it sits (Global/, community/…); the top-level file wins when two
 * share a name. Symbolic links are followed, so an alias holds its target's text.
 */
const fs = require('node:fs');
const path = require('node:path');

const [root, commit = ''] = process.argv.slice(2);
if (!root) {
  console.error('usage: generate-gitignore-templates.js <gitignore-checkout> [commit]');
  process.exit(2);
}

/** Every `*.gitignore` below `dir`, top-level first, then folders in name order. */
function templateFiles(dir) {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  const files = entries.filter((e) => !e.isDirectory() && e.name.endsWith('.gitignore')).map((e) => path.join(dir, e.name));
  const folders = entries.filter((e) => e.isDirectory() && !e.name.startsWith('.'));
  return [...files, ...folders.flatMap((f) => templateFiles(path.join(dir, f.name)))];
}

const templates = {};
for (const file of templateFiles(root)) {
  const name = path.basename(file, '.gitignore');
  if (name && !(name in templates)) templates[name] = fs.readFileSync(file, 'utf8');
}
const sorted = Object.fromEntries(Object.entries(templates).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const out = path.join(__dirname, '../apps/server/src/modules/repo-templates/data/gitignore-templates.json');
const data = { source: 'github/gitignore', commit, license: 'CC0-1.0', templates: sorted };
fs.writeFileSync(out, JSON.stringify(data, null, 1) + '\n');
console.log(`${Object.keys(sorted).length} templates written to ${path.relative(process.cwd(), out)}`);

#!/usr/bin/env node
// docs/api-coverage.md: which of Forgejo's API operations Bellows offers, made from the two
// descriptions, never by hand. Forgejo's comes from the extract the tests read
// (apps/server/test/reference/forgejo-interface.v1.json); Bellows' own from a server it
// starts for the purpose (SQLite in a temporary folder, a free port), or from a file.
//
//   npm run api:coverage                     (builds, starts the server, writes the page)
//   node scripts/api-coverage.js own.json    (from a saved /swagger.v1.json)
//
// The OpenAPI end-to-end test makes the page again from the running server's description
// and fails when docs/api-coverage.md differs, so the page cannot go stale.
'use strict';
const { readFileSync, writeFileSync, mkdtempSync, rmSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { tmpdir } = require('node:os');
const { spawn } = require('node:child_process');
const { createServer } = require('node:net');
const { setTimeout: sleep } = require('node:timers/promises');

const ROOT = resolve(__dirname, '..');
const REFERENCE = join(ROOT, 'apps', 'server', 'test', 'reference', 'forgejo-interface.v1.json');
const TARGET = join(ROOT, 'docs', 'api-coverage.md');

/**
 * Why an operation is not offered, by the first rule that matches its tag and
 * operationId: what a reader deciding whether Bellows fits needs to know.
 */
const REASONS = [
  [/^activitypub$/, /./i, 'ActivityPub federation: not offered (outside what Bellows aims at)'],
  [
    /./,
    /GitHook/i,
    "server-side git hooks: not offered: they run an administrator's shell scripts on the server at every push; Forgejo disables them by default (DISABLE_GIT_HOOKS)",
  ],
  [
    /./,
    /RunnerRegistrationToken|RunJobs|ActionTasks|DispatchWorkflow/i,
    'actions runners and workflows: not offered: Bellows runs no CI and speaks no runner protocol, so a registration token could not register a real runner',
  ],
  [
    /./,
    /Mirror|Migrate|Adopt|Unadopted/i,
    'mirrors, migrations and adopting folders: not planned yet (they fetch from other servers or the disk)',
  ],
  [/./, /SigningKey/i, 'commit signing: Bellows does not sign commits'],
  [
    /./,
    /^renameOrg$|^adminRenameUser$/,
    "renaming an owner: not offered yet: every repository folder, git URL and name-keyed cache must move under the pushes' lock and survive a crash, as transfers do",
  ],
  [/./, /^generateRepo$/, 'generating from a template repository: not offered yet: repositories have no template flag yet'],
  [
    /./,
    /^repoCancelScheduledAutoMerge$/,
    'scheduled auto-merge: not offered: merge_when_checks_succeed is not scheduled, so there is nothing to cancel',
  ],
  [
    /./,
    /ActivityFeeds|Heatmap/i,
    'activity feeds and the contribution heatmap: not offered yet: Bellows keeps no activity log (the webhook events are where one would be fed)',
  ],
  [/./, /Deprecated$/i, 'deprecated in Forgejo; the current form is offered'],
];

function operationsOf(description) {
  const operations = [];
  for (const [path, methods] of Object.entries(description.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (operation && typeof operation === 'object' && operation.operationId) {
        operations.push({ id: operation.operationId, tag: (operation.tags ?? ['other'])[0], method: method.toUpperCase(), path });
      }
    }
  }
  return operations;
}

function reasonFor(operation) {
  const rule = REASONS.find(([tag, id]) => tag.test(operation.tag) && id.test(operation.id));
  return rule ? rule[2] : 'not offered yet';
}

/** The page's text for Forgejo's description and Bellows' own. */
function coverageMarkdown(reference, own) {
  const offered = new Set(operationsOf(own).map((operation) => operation.id));
  const all = operationsOf(reference);
  const federation = all.filter((operation) => operation.tag === 'activitypub');
  const count = (list) => list.filter((operation) => offered.has(operation.id)).length;
  const percent = (part, whole) => `${Math.floor((1000 * part) / whole) / 10} %`;
  const tags = [...new Set(all.map((operation) => operation.tag))].sort();
  const lines = [
    '# API coverage',
    '',
    "Which operations of Forgejo's API description Bellows offers, by tag. Made by",
    "`npm run api:coverage` from Forgejo's description (the extract in",
    "`apps/server/test/reference/`) and Bellows' own (`/swagger.v1.json`); the OpenAPI",
    'end-to-end test fails when this page is not what the script makes.',
    '',
    `Offered: **${count(all)} of ${all.length}** operations (${percent(count(all), all.length)}); ` +
      `without ActivityPub: ${count(all)} of ${all.length - federation.length} (${percent(count(all), all.length - federation.length)}).`,
    '',
    '| tag | offered | of |',
    '|---|---:|---:|',
    ...tags.map((tag) => {
      const ofTag = all.filter((operation) => operation.tag === tag);
      return `| ${tag} | ${count(ofTag)} | ${ofTag.length} |`;
    }),
    '',
    '## Not offered, and why',
    '',
    '| tag | operation | method and path | why |',
    '|---|---|---|---|',
    ...all
      .filter((operation) => !offered.has(operation.id))
      .sort((a, b) => a.tag.localeCompare(b.tag) || a.id.localeCompare(b.id))
      .map(
        (operation) => `| ${operation.tag} | \`${operation.id}\` | \`${operation.method} ${operation.path}\` | ${reasonFor(operation)} |`,
      ),
    '',
  ];
  return lines.join('\n');
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** Bellows' own description, from a server started for the purpose (the built one). */
async function ownDescriptionFromServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bellows-api-coverage-'));
  const port = await freePort();
  const env = {
    ...process.env,
    BELLOWS__SERVER__HTTP_ADDR: '127.0.0.1',
    BELLOWS__SERVER__HTTP_PORT: String(port),
    BELLOWS__SERVER__APP_DATA_PATH: dataDir,
    BELLOWS__DATABASE__DB_TYPE: 'sqlite3',
    BELLOWS__DATABASE__PATH: join(dataDir, 'bellows.db'),
  };
  const server = spawn(process.execPath, [join(ROOT, 'apps', 'server', 'bin', 'bellows.js'), 'web', '--config', join(dataDir, 'app.ini')], {
    env,
    stdio: 'ignore',
  });
  try {
    for (let attempt = 0; attempt < 120; attempt++) {
      try {
        const res = await globalThis.fetch(`http://127.0.0.1:${port}/swagger.v1.json`);
        if (res.ok) return await res.json();
      } catch {
        // not listening yet
      }
      await sleep(500);
    }
    throw new Error('the server did not answer /swagger.v1.json within a minute');
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const reference = JSON.parse(readFileSync(REFERENCE, 'utf8'));
  const ownPath = process.argv[2];
  const own = ownPath ? JSON.parse(readFileSync(ownPath, 'utf8')) : await ownDescriptionFromServer();
  writeFileSync(TARGET, coverageMarkdown(reference, own));
  process.stdout.write(`wrote ${TARGET}\n`);
}

module.exports = { coverageMarkdown, REFERENCE, TARGET };

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  });
}

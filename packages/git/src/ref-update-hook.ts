import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { RefPolicy } from '@bellows/domain';

// Branch and tag protection on pushes is git's own mechanism: receive-pack runs the
// `update` hook once per ref with the old and new value, after the pushed objects are
// received (in quarantine) and before the ref moves, and a refusal shows to the pusher
// as git's ordinary "! [remote rejected] … (hook declined)" with the hook's message.
// The hook cannot reach the database, so the server works out the pusher's RefPolicy
// first and hands it over in the environment; the hook judges each update with the
// domain's refUpdateRefusal, after asking git whether the update is a force push.

const POLICY_VARIABLE = 'BELLOWS_REF_POLICY';

/** The hook: plain Node, loading the domain's compiled rule. */
function hookScript(domainModule: string): string {
  return `#!${process.execPath}
'use strict';
const { execFileSync } = require('node:child_process');
const { refUpdateRefusal } = require(${JSON.stringify(domainModule)});
const [ref, oldSha, newSha] = process.argv.slice(2);
const policy = JSON.parse(process.env.${POLICY_VARIABLE} || 'null');
if (!policy) process.exit(0);
const absent = (sha) => /^0+$/.test(sha);
function contains(newer, older) {
  try {
    execFileSync('git', ['merge-base', '--is-ancestor', older, newer], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const kind = absent(newSha) ? 'delete' : absent(oldSha) ? 'create' : contains(newSha, oldSha) ? 'update' : 'force';
const refusal = refUpdateRefusal(policy, { ref, kind });
if (refusal) {
  process.stderr.write(refusal + '\\n');
  process.exit(1);
}
`;
}

let hooksDir: string | undefined;

/**
 * A folder holding the update hook, written once per process (again if it vanished, e.g. a
 * cleaned /tmp). Synchronous so that starting git stays synchronous; it is two small files once.
 */
function refHooksDir(): string {
  if (hooksDir && existsSync(path.join(hooksDir, 'update'))) return hooksDir;
  const dir = mkdtempSync(path.join(tmpdir(), 'bellows-hooks-'));
  writeFileSync(path.join(dir, 'update'), hookScript(compiledDomain()), { mode: 0o755 });
  return (hooksDir = dir);
}

/**
 * The domain package's compiled entry point. Found through its package.json, not by
 * resolving the package itself: the hook runs in plain Node, also under tests, whose
 * module mapping points the package at its TypeScript sources.
 */
function compiledDomain(): string {
  const manifest = require.resolve('@bellows/domain/package.json');
  const { main } = JSON.parse(readFileSync(manifest, 'utf8')) as { main: string };
  return path.join(path.dirname(manifest), main);
}

/** The git options (before the subcommand) and environment that make a receive-pack enforce `policy`. */
export function refPolicyInvocation(policy: RefPolicy | undefined): { args: string[]; env: Record<string, string> } {
  if (!policy || (policy.branches.length === 0 && policy.tags.length === 0)) return { args: [], env: {} };
  return { args: ['-c', `core.hooksPath=${refHooksDir()}`], env: { [POLICY_VARIABLE]: JSON.stringify(policy) } };
}

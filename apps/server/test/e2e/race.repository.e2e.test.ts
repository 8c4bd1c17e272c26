import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { createTestUser, TestUser } from '../support/fixtures';
import { Answer, RacePair, raceContent, raceSettings, itHoldsUnderRaces, WriteContext } from '../support/race-harness';
import { repositoryGone } from '../support/race-parents';
import { createTestRepository } from '../support/repositories';
import { startTestServer, TestServer } from '../support/test-server';

const LFS_JSON = 'application/vnd.git-lfs+json';
const TWIRP = '/twirp/github.actions.results.api.v1.ArtifactService';

/**
 * Writes into a repository held mid-body while the repository is deleted (see
 * race-harness.ts for the interleavings): an LFS object upload, an actions
 * artifact upload, and a git push over smart HTTP. Each iteration has a
 * repository of its own.
 */
describe('race suite: writes into a repository × its deletion', () => {
  const settings = raceSettings();
  let server: TestServer;
  let owner: TestUser;
  /** The body of a push of one commit to `main` of an empty repository (commands and pack). */
  let pushBody: Buffer;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await createTestUser(server);
    pushBody = buildPush();
  });
  afterAll(async () => server?.close());

  const auth = () => ({ authorization: `token ${owner.token}` });

  interface Parents {
    repo: RepositoryEntity;
    repoPath: string;
  }

  async function freshRepository(): Promise<Parents> {
    const repo = await createTestRepository(server, owner.user);
    return { repo, repoPath: `/api/v1/repos/${owner.name}/${repo.name}` };
  }

  const deleteRepository = <P extends Parents>(p: P, ctx: WriteContext) =>
    ctx.call({ method: 'DELETE', path: p.repoPath, headers: auth() });
  const failed = (answer: Answer) => answer.status < 200 || answer.status >= 300;

  // -------------------------------------------------------------------------
  // LFS: batch (upload action) → PUT of the object's bytes to its href

  function lfsUpload(tag: string, held: boolean) {
    return async (p: Parents, ctx: WriteContext): Promise<Answer[]> => {
      const content = raceContent(`lfs-${p.repo.id}-${ctx.plan.index}-${tag}`, ctx.plan.contentBytes);
      const oid = createHash('sha256').update(content).digest('hex');
      const batch = await ctx.call({
        method: 'POST',
        path: `/${owner.name}/${p.repo.name}.git/info/lfs/objects/batch`,
        headers: { ...auth(), 'content-type': LFS_JSON, accept: LFS_JSON },
        body: JSON.stringify({ operation: 'upload', transfers: ['basic'], objects: [{ oid, size: content.length }] }),
      });
      const action = batch.json?.objects?.[0]?.actions?.upload;
      if (failed(batch) || !action) return [batch];
      if (held) await ctx.step('after-batch');
      const href = new URL(action.href);
      const request = {
        method: 'PUT',
        path: href.pathname,
        headers: { ...(action.header ?? {}), 'content-type': 'application/octet-stream' },
        body: content,
      };
      return [batch, held ? await ctx.held(request) : await ctx.call(request)];
    };
  }

  const lfsPair: RacePair<Parents> = {
    title: 'LFS object upload × repository deletion',
    parentName: 'repository',
    extraPoints: ['after-batch'],
    setup: freshRepository,
    write: lfsUpload('first', true),
    second: lfsUpload('second', false),
    remove: deleteRepository,
    parents: (p) => ({ repository: [p.repo.id] }),
    resurrected: (p) => repositoryGone(server, owner, p.repo),
  };

  // -------------------------------------------------------------------------
  // Artifacts: CreateArtifact → block PUT to the signed URL → block list → FinalizeArtifact

  interface RunParents extends Parents {
    runId: number;
    runtimeToken: string;
  }

  async function repositoryWithRun(): Promise<RunParents> {
    const parents = await freshRepository();
    const res = await fetch(`${server.url}${parents.repoPath.slice(1)}/actions/runs`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'race', event: 'push' }),
    });
    const run = (await res.json()) as { id: number; runtime_token: string };
    if (res.status !== 201) throw new Error(`setup: registering a run answered ${res.status} ${JSON.stringify(run)}`);
    return { ...parents, runId: run.id, runtimeToken: run.runtime_token };
  }

  function artifactUpload(name: string, held: boolean) {
    return async (p: RunParents, ctx: WriteContext): Promise<Answer[]> => {
      const twirp = (method: string, body: object) =>
        ctx.call({
          method: 'POST',
          path: `${TWIRP}/${method}`,
          headers: { authorization: `Bearer ${p.runtimeToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ workflow_run_backend_id: String(p.runId), ...body }),
        });
      const answers: Answer[] = [];
      const step = async (answer: Promise<Answer>) => {
        answers.push(await answer);
        return !failed(answers[answers.length - 1]);
      };
      const created = twirp('CreateArtifact', { name, version: 4 });
      if (!(await step(created))) return answers;
      const signed = new URL(answers[0].json.signed_upload_url);
      if (held) await ctx.step('after-create');
      const zip = raceContent(`artifact-${p.runId}-${name}`, ctx.plan.contentBytes);
      const blockId = Buffer.from('block-0001').toString('base64');
      const block = {
        method: 'PUT',
        path: `${signed.pathname}${signed.search}&comp=block&blockid=${encodeURIComponent(blockId)}`,
        headers: { 'content-type': 'application/octet-stream' },
        body: zip,
      };
      if (!(await step(held ? ctx.held(block) : ctx.call(block)))) return answers;
      if (held) await ctx.step('after-block');
      const list = `<?xml version="1.0" encoding="utf-8"?><BlockList><Latest>${blockId}</Latest></BlockList>`;
      if (
        !(await step(
          ctx.call({
            method: 'PUT',
            path: `${signed.pathname}${signed.search}&comp=blocklist`,
            headers: { 'content-type': 'application/xml' },
            body: list,
          }),
        ))
      )
        return answers;
      if (held) await ctx.step('after-blocklist');
      const hash = `sha256:${createHash('sha256').update(zip).digest('hex')}`;
      await step(twirp('FinalizeArtifact', { name, size: String(zip.length), hash }));
      return answers;
    };
  }

  const artifactPair: RacePair<RunParents> = {
    title: 'artifact upload (CreateArtifact → blocks → FinalizeArtifact) × repository deletion',
    parentName: 'repository',
    extraPoints: ['after-create', 'after-block', 'after-blocklist'],
    setup: repositoryWithRun,
    write: artifactUpload('first', true),
    second: artifactUpload('second', false),
    remove: deleteRepository,
    parents: (p) => ({ repository: [p.repo.id], action_run: [p.runId] }),
    resurrected: (p) => repositoryGone(server, owner, p.repo),
  };

  // -------------------------------------------------------------------------
  // git push over smart HTTP (the push may fail; the server may not)

  const pushPair: RacePair<Parents> = {
    title: 'git push over smart HTTP × repository deletion',
    parentName: 'repository',
    setup: freshRepository,
    write: async (p, ctx) => [
      await ctx.held({
        method: 'POST',
        path: `/${owner.name}/${p.repo.name}.git/git-receive-pack`,
        headers: {
          authorization: `Basic ${Buffer.from(`${owner.name}:${owner.token}`).toString('base64')}`,
          'content-type': 'application/x-git-receive-pack-request',
          accept: 'application/x-git-receive-pack-result',
        },
        body: pushBody,
      }),
    ],
    remove: deleteRepository,
    parents: (p) => ({ repository: [p.repo.id] }),
    resurrected: (p) => repositoryGone(server, owner, p.repo),
    outcome: ([push]) => (push.status !== 200 ? `POST ${push.status}` : pushReport(push.text)),
    inconsistencies: async (p, _write, deletion) => {
      if (deletion.status < 500) return [];
      // What a failed deletion left: the client was told it failed, so say what actually happened.
      const left = await repositoryGone(server, owner, p.repo);
      return [
        `the deletion answered ${deletion.status}; afterwards: ${left.length ? left.join('; ') : 'the repository is gone all the same'}`,
      ];
    },
  };

  for (const definition of [lfsPair, artifactPair, pushPair] as RacePair<any>[]) {
    itHoldsUnderRaces(() => server, definition, settings);
  }
});

/** What receive-pack's report-status says about the push: `pushed`, or `refused (…)`. */
function pushReport(text: string): string {
  if (/ok refs\/heads\/main/.test(text) && /unpack ok/.test(text)) return 'POST 200 pushed';
  const reason =
    /ng refs\/heads\/main ([^\n\u0000]*)/.exec(text)?.[1] ??
    /unpack ([^\n\u0000]*)/.exec(text)?.[1] ??
    (text.length ? 'no report' : 'empty answer');
  return `POST 200 refused (${reason.trim()})`;
}

/**
 * What `git push` sends to `git-receive-pack` for one new commit on `main` of
 * an empty repository: the ref update (pkt-line), a flush, and the pack
 * (about 24 KiB, so that the body comes in several parts).
 */
function buildPush(): Buffer {
  const work = mkdtempSync(join(tmpdir(), 'bellows-race-push-'));
  try {
    const git = (args: string[], input?: Buffer | string) =>
      execFileSync('git', ['-c', 'user.name=Race', '-c', 'user.email=race@example.com', '-c', 'init.defaultBranch=main', ...args], {
        cwd: work,
        input,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: work, GIT_CONFIG_NOSYSTEM: '1' },
      });
    git(['init', '--quiet']);
    const noise = Buffer.alloc(24 * 1024);
    for (let i = 0, x = 7; i < noise.length; i++) noise[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
    writeFileSync(join(work, 'data.bin'), noise);
    git(['add', 'data.bin']);
    git(['commit', '--quiet', '-m', 'race']);
    const head = git(['rev-parse', 'HEAD']).toString().trim();
    const objects = git(['rev-list', '--objects', 'HEAD']);
    const pack = git(['pack-objects', '--stdout', '--quiet'], objects);
    const command = `${'0'.repeat(40)} ${head} refs/heads/main\0report-status\n`;
    const pktLine = `${(Buffer.byteLength(command) + 4).toString(16).padStart(4, '0')}${command}`;
    return Buffer.concat([Buffer.from(pktLine), Buffer.from('0000'), pack]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

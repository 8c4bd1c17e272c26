import { TestEngine } from '@bellows/persistence-typeorm';
import { RepositoryService } from '../../src/modules/repositories/repository.service';
import { startBenchServer } from '../support/bench-server';
import { createBenchUser } from '../support/bench-user';

/**
 * The server of the uploads bench, in a process of its own so that the bench
 * can read its memory from /proc and the uploading client does not share its
 * event loop. It makes one user with a token and a repository, reports them
 * over IPC, answers `recount` with the differences between the usage ledger
 * and a recount, and stops when the parent says so or goes away.
 */
export interface UploadsBenchServerInfo {
  url: string;
  owner: string;
  token: string;
  repo: string;
  /** The server's data folder: the baseline writes on its file system. */
  dataDir: string;
}

export interface RecountAnswer {
  differences: unknown[];
}

async function main(): Promise<void> {
  const engine = (process.env.BENCH_UPLOAD_ENGINE ?? 'sqlite3') as TestEngine;
  const server = await startBenchServer(engine);
  const db = server.app.db;
  const { owner, token } = await createBenchUser(db, 'uploader', 'all', { password: true });
  const repositories = server.app.app.get(RepositoryService, { strict: false });
  const repo = (await repositories.create(owner, { name: 'uploads' }, owner)).name;
  const stop = () => void server.close().finally(() => process.exit(0));
  process.on('message', (message) => {
    if (message === 'stop') stop();
    if (message === 'recount') {
      void db.quotaRecount.differences().then((differences) => process.send?.({ differences } satisfies RecountAnswer));
    }
  });
  process.on('disconnect', stop);
  const info: UploadsBenchServerInfo = {
    url: server.app.url,
    owner: owner.name,
    token,
    repo,
    dataDir: server.app.config.server.appDataPath,
  };
  process.send?.(info);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});

import { TestEngine } from '@bellows/persistence-typeorm';
import { RepositoryService } from '../../src/modules/repositories/repository.service';
import { startBenchServer } from '../support/bench-server';
import { createBenchUser } from '../support/bench-user';

/**
 * The server of the git bench, in a process of its own so that the bench can
 * read its memory from /proc. On the engine BENCH_GIT_ENGINE it makes one user
 * with `BENCH_GIT_REPOS` empty repositories (one per push) and a token, reports
 * them over IPC, and stops when the parent says so or goes away.
 */
export interface GitBenchServerInfo {
  url: string;
  owner: string;
  token: string;
  repos: string[];
}

async function main(): Promise<void> {
  const engine = (process.env.BENCH_GIT_ENGINE ?? 'sqlite3') as TestEngine;
  const server = await startBenchServer(engine);
  const db = server.app.db;
  const { owner, token } = await createBenchUser(db, 'bencher', 'all', { password: true });
  const repositories = server.app.app.get(RepositoryService, { strict: false });
  const repos: string[] = [];
  for (let i = 1; i <= Number(process.env.BENCH_GIT_REPOS ?? 1); i++) {
    repos.push((await repositories.create(owner, { name: `bench-${i}` }, owner)).name);
  }
  const stop = () => void server.close().finally(() => process.exit(0));
  process.on('message', (message) => message === 'stop' && stop());
  process.on('disconnect', stop);
  const info: GitBenchServerInfo = { url: server.app.url, owner: owner.name, token, repos };
  process.send?.(info);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { GIT_PORTS } from '../../src/app/ports/git.ports';
import { RELEASES_PORTS } from '../../src/app/ports/releases.ports';
import { CONFIG } from '../../src/app/tokens';
import { Port } from '../../src/app/ports/bind-port';
import { SourceArchives } from '../../src/modules/releases/source-archives';
import { BareRepositories } from '../../src/modules/repositories/bare-repositories';
import { GitIdentity, RepositoryContents } from '../../src/modules/repositories/repository-contents';

export const ALICE: GitIdentity = { name: 'Alice Example', email: 'alice@example.com', date: new Date('2024-05-01T12:00:00Z') };

/** The bindings of git ports outside git.ports.ts (the other ports of those files need a database). */
const OTHER_GIT_PORTS = RELEASES_PORTS.filter((binding) => binding.provide === SourceArchives);

/**
 * The git ports as the server binds them (app/ports/git.ports.ts, and SourceArchives
 * in releases.ports.ts), resolved by Nest from a configuration whose `[repository] ROOT`
 * is a fresh temporary directory. Contract tests get each port by its type and talk only through it.
 */
export class BoundGitPorts {
  private constructor(
    readonly root: string,
    private readonly context: INestApplicationContext,
  ) {}

  static async open(): Promise<BoundGitPorts> {
    const root = await mkdtemp(path.join(tmpdir(), 'bellows-git-ports-'));
    const config = { repository: { root: path.join(root, 'repositories') } };
    class GitPortsModule {}
    const context = await NestFactory.createApplicationContext(
      { module: GitPortsModule, providers: [{ provide: CONFIG, useValue: config }, ...GIT_PORTS, ...OTHER_GIT_PORTS] },
      { logger: false },
    );
    return new BoundGitPorts(root, context);
  }

  get<P>(port: Port<P>): P {
    return this.context.get<P>(port as never);
  }

  async close(): Promise<void> {
    await this.context.close();
    await rm(this.root, { recursive: true, force: true });
  }
}

/** A new bare repository `alice/{name}` with a first commit of `files` on `main`; its path and that commit. */
export async function repositoryWith(
  ports: BoundGitPorts,
  name: string,
  files: Record<string, string> = { 'README.md': '# project\n' },
): Promise<{ repoPath: string; initial: string }> {
  const repoPath = await ports.get(BareRepositories).createBare('alice', name, { defaultBranch: 'main' });
  const contents = ports.get(RepositoryContents);
  const initial = await contents.createInitialCommit(repoPath, { branch: 'main', files, message: 'Initial commit\n', author: ALICE });
  return { repoPath, initial };
}

import { existsSync } from 'node:fs';
import { RepositoryEntity } from '@bellows/persistence-typeorm';
import { RepositoryService } from '../../src/modules/repositories/repository.service';
import { TestUser } from './fixtures';
import { rowExists } from './race-harness';
import { TestServer } from './test-server';

/**
 * What must hold once a repository's deletion was answered 204, whatever
 * raced it: the API does not find it, its row is gone, and its bare
 * repository is not on disk (a push or an upload must not bring any of it back).
 */
export async function repositoryGone(server: TestServer, owner: TestUser, repo: RepositoryEntity): Promise<string[]> {
  const findings: string[] = [];
  const get = await fetch(`${server.apiUrl}/repos/${owner.name}/${repo.name}`, { headers: { authorization: `token ${owner.token}` } });
  if (get.status !== 404) findings.push(`GET repository → ${get.status} after its deletion answered 204`);
  if (await rowExists(server, 'repository', repo.id)) findings.push(`repository row ${repo.id} exists after its deletion answered 204`);
  const path = server.app.get(RepositoryService, { strict: false }).pathOf(owner.user, repo);
  if (existsSync(path)) findings.push(`the bare repository ${path} is on disk again after its deletion answered 204`);
  return findings;
}

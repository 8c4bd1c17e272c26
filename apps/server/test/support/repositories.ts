import { OwnerEntity, RepositoryEntity } from '@bellows/persistence-typeorm';
import { RepositoryService } from '../../src/modules/repositories/repository.service';
import { TestServer } from './test-server';

let counter = 0;

/** A repository (row and bare repository on disk) made through the server's RepositoryService. */
export async function createTestRepository(
  server: TestServer,
  owner: OwnerEntity,
  options: { name?: string; isPrivate?: boolean; autoInit?: boolean } = {},
): Promise<RepositoryEntity> {
  const service = server.app.get(RepositoryService, { strict: false });
  const name = options.name ?? `repo-${Date.now().toString(36)}-${counter++}`;
  return service.create(owner, { name, isPrivate: options.isPrivate ?? false, autoInit: options.autoInit ?? false }, owner);
}

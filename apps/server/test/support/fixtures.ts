import { Owner } from '@bellows/domain';
import { newOwnerFields, OwnerEntity } from '@bellows/persistence-typeorm';
import { OrganizationsService } from '../../src/modules/accounts/organizations.service';
import { hashPassword } from '../../src/modules/accounts/password-hasher';
import { newAccessToken } from '../../src/modules/auth/token-secret';
import { TestServer } from './test-server';

/**
 * Object mothers for end-to-end tests: accounts made straight through the
 * persistence adapter, so a test of one area does not depend on another's API.
 */
export interface TestUser {
  user: OwnerEntity;
  name: string;
  password: string;
  /** A token with scope `all`. */
  token: string;
}

let counter = 0;

export async function createTestUser(
  server: TestServer,
  options: { name?: string; admin?: boolean; password?: string; scopes?: string } = {},
): Promise<TestUser> {
  const name = options.name ?? `user${Date.now().toString(36)}${counter++}`;
  const password = options.password ?? 'correct horse battery staple';
  const user = await server.db.transaction((tx) =>
    tx.owners.insert(newOwnerFields(name, { email: `${name.toLowerCase()}@example.com`, isAdmin: options.admin ?? false })),
  );
  user.passwordHash = await hashPassword(password);
  await server.db.owners.update(user.id, { passwordHash: user.passwordHash });
  const token = await createTestToken(server, user, options.scopes ?? 'all');
  return { user, name, password, token };
}

export async function createTestToken(server: TestServer, user: OwnerEntity, scopes: string, name = `token-${counter++}`): Promise<string> {
  const { value, fields } = newAccessToken(user.id, name, scopes);
  await server.db.transaction((tx) => tx.accessTokens.insert(fields));
  return value;
}

/** An organization whose Owners team holds `owner`, made by the use case POST /orgs runs (its Owners team as the API makes it). */
export async function createTestOrg(server: TestServer, owner: TestUser, visibility: 'public' | 'private' = 'public'): Promise<Owner> {
  return server.app
    .get(OrganizationsService, { strict: false })
    .create(owner.user, { username: `org${Date.now().toString(36)}${counter++}`, visibility });
}

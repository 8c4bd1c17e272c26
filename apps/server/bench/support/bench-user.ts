import { Database, newOwnerFields, OwnerEntity } from '@bellows/persistence-typeorm';
import { hashPassword } from '../../src/modules/accounts/password-hasher';
import { generateTokenValue, newAccessToken } from '../../src/modules/auth/token-secret';

/** A user the bench calls the API as, with the value of its token. */
export interface BenchUser {
  owner: OwnerEntity;
  name: string;
  token: string;
}

/**
 * A user with a token of the given scopes, written straight to the database:
 * the bench has no administrator to ask. With `password`, the user also gets
 * a random password, as an account someone signs in to has.
 */
export async function createBenchUser(
  db: Database,
  name: string,
  scopes: string,
  options: { password?: boolean } = {},
): Promise<BenchUser> {
  const owner = await db.transaction((tx) => tx.owners.insert(newOwnerFields(name, { email: `${name}@example.com` })));
  if (options.password) {
    owner.passwordHash = await hashPassword(generateTokenValue());
    await db.owners.update(owner.id, { passwordHash: owner.passwordHash });
  }
  const { value: token, fields } = newAccessToken(owner.id, 'bench', scopes);
  await db.transaction((tx) => tx.accessTokens.insert(fields));
  return { owner, name, token };
}

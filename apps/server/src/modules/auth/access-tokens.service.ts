import { BadRequestException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { parseTokenScopes, TokenScope } from '@bellows/domain';
import { AccessTokenEntity, Database, isUniqueViolation, OwnerEntity } from '@bellows/persistence-typeorm';
import { PageRequest } from '../../http/pagination';
import { generateTokenValue, hashTokenValue } from './token-secret';
import { assertScopesWithin } from './token-scope-limits';

export interface CreatedAccessToken {
  token: AccessTokenEntity;
  /** The token value in clear: returned once, never stored. */
  value: string;
}

/**
 * Personal access tokens of one owner: create (value shown once, stored hashed),
 * list, delete. Errors follow Forgejo: a missing name is a validation error
 * (422), a name already used or an empty scope list is a 400. An unknown
 * scope is a 422 naming it (Forgejo says 400; ours is a field validation).
 */
@Injectable()
export class AccessTokenService {
  constructor(private readonly db: Database) {}

  /**
   * `grantedScopes` are the scopes of the token the caller signed in with, if
   * any: the new token may not exceed them (see assertScopesWithin).
   */
  async create(owner: OwnerEntity, name: string, scopes: string[] | string, grantedScopes: readonly TokenScope[] | null = null): Promise<CreatedAccessToken> {
    const trimmedName = name.trim();
    if (trimmedName.length === 0) throw new UnprocessableEntityException('name must not be empty');
    if (trimmedName.length > 255) throw new UnprocessableEntityException('name must be at most 255 characters');
    const parsed = parseScopes(scopes);
    assertScopesWithin(parsed, grantedScopes);
    const value = generateTokenValue();
    const hashed = hashTokenValue(value);
    try {
      const token = await this.db.transaction(async (tx) => {
        if (await tx.accessTokens.findByOwnerAndName(owner.id, trimmedName)) throw nameTaken();
        return tx.accessTokens.insert({
          ownerId: owner.id,
          name: trimmedName,
          tokenHash: hashed.hash,
          tokenSalt: hashed.salt,
          tokenLastEight: hashed.lastEight,
          scopes: parsed.join(','),
          createdAt: new Date(),
          lastUsedAt: null,
        });
      });
      return { token, value };
    } catch (error) {
      // Two concurrent creations with one name: the unique index decides.
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  list(owner: OwnerEntity, paging: PageRequest): Promise<[AccessTokenEntity[], number]> {
    return this.db.accessTokens.listForOwner(owner.id, paging.offset, paging.limit);
  }

  /**
   * Deletes a token named by its id or, when no token has that id, by its name
   * (Forgejo's rule for `DELETE /users/{username}/tokens/{token}`).
   */
  async delete(owner: OwnerEntity, idOrName: string): Promise<void> {
    const token = await this.findByIdOrName(owner, idOrName);
    if (!token) throw new NotFoundException(`access token "${idOrName}" does not exist`);
    await this.db.accessTokens.delete(token.id);
  }

  private async findByIdOrName(owner: OwnerEntity, idOrName: string): Promise<AccessTokenEntity | null> {
    if (/^\d{1,15}$/.test(idOrName)) {
      const byId = await this.db.accessTokens.findByOwnerAndId(owner.id, Number(idOrName));
      if (byId) return byId;
    }
    return this.db.accessTokens.findByOwnerAndName(owner.id, idOrName);
  }
}

function parseScopes(scopes: string[] | string): TokenScope[] {
  let parsed: TokenScope[];
  try {
    parsed = parseTokenScopes(scopes);
  } catch (error) {
    throw new UnprocessableEntityException(`scopes: ${(error as Error).message}`);
  }
  if (parsed.length === 0) throw new BadRequestException('access token must have a scope');
  return parsed;
}

function nameTaken(): BadRequestException {
  return new BadRequestException('access token name has been used already');
}


import { BadRequestException, ForbiddenException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import {
  AccessToken,
  AccessTokenNameTakenError,
  AccessTokenStore,
  Owner,
  OwnerStore,
  parseTokenScopes,
  TokenScope,
  UnitOfWork,
} from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { parseId } from '../../http/id-param.pipe';
import { PageRequest } from '../../http/pagination';
import { newAccessToken } from './token-secret';
import { assertScopesWithin, mayActAsAnotherUser } from './token-scope-limits';

export interface CreatedAccessToken {
  token: AccessToken;
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
  constructor(
    private readonly tokens: AccessTokenStore,
    private readonly owners: OwnerStore,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /**
   * The user named `username`, if `actor` may manage its tokens: their own, or
   * anyone's for a site administrator allowed to act as another user (see
   * mayActAsAnotherUser). Forgejo's order: 404 for no such user, then 403.
   */
  async accountManagedBy(actor: Actor, username: string): Promise<Owner> {
    const owner = await this.owners.findByName(username);
    if (!owner || owner.kind !== 'user') throw new NotFoundException(`user "${username}" does not exist`);
    if (owner.id === actor.user.id) return owner;
    if (!actor.user.isAdmin) throw new ForbiddenException('you may only manage your own access tokens');
    if (!mayActAsAnotherUser(actor.scopes)) {
      throw new ForbiddenException(
        "managing another account's access tokens needs a password sign-in or a token with the sudo or all scope",
      );
    }
    return owner;
  }

  /**
   * `grantedScopes` are the scopes of the token the caller signed in with, if
   * any: the new token may not exceed them (see assertScopesWithin).
   */
  async create(
    owner: Owner,
    name: string,
    scopes: string[] | string,
    grantedScopes: readonly TokenScope[] | null = null,
  ): Promise<CreatedAccessToken> {
    const trimmedName = name.trim();
    if (trimmedName.length === 0) throw new UnprocessableEntityException('name must not be empty');
    if (trimmedName.length > 255) throw new UnprocessableEntityException('name must be at most 255 characters');
    const parsed = parseScopes(scopes);
    assertScopesWithin(parsed, grantedScopes);
    const { value, fields } = newAccessToken(owner.id, trimmedName, parsed.join(','));
    try {
      const token = await this.unitOfWork.run(async (tx) => {
        if (await tx.accessTokens.findByOwnerAndName(owner.id, trimmedName)) throw nameTaken();
        return tx.accessTokens.insert(fields);
      });
      return { token, value };
    } catch (error) {
      // Two concurrent creations with one name: the unique index decides.
      if (error instanceof AccessTokenNameTakenError) throw nameTaken();
      throw error;
    }
  }

  list(owner: Owner, paging: PageRequest): Promise<[AccessToken[], number]> {
    return this.tokens.listForOwner(owner.id, paging.offset, paging.limit);
  }

  /**
   * Deletes a token named by its id or, when no token has that id, by its name
   * (Forgejo's rule for `DELETE /users/{username}/tokens/{token}`).
   */
  async delete(owner: Owner, idOrName: string): Promise<void> {
    const token = await this.findByIdOrName(owner, idOrName);
    if (!token) throw new NotFoundException(`access token "${idOrName}" does not exist`);
    await this.tokens.delete(token.id);
  }

  private async findByIdOrName(owner: Owner, idOrName: string): Promise<AccessToken | null> {
    const id = parseId(idOrName);
    if (id !== null) {
      const byId = await this.tokens.findByOwnerAndId(owner.id, id);
      if (byId) return byId;
    }
    return this.tokens.findByOwnerAndName(owner.id, idOrName);
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

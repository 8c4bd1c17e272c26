import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { parseTokenScopes } from '@bellows/domain';
import { Database, OwnerEntity } from '@bellows/persistence-typeorm';
import { Actor } from '../../http/auth/actor';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { verifyPassword } from '../accounts/password-hasher';
import { tokenValueMatches } from './token-secret';

/**
 * Works out who is calling from the credentials on a request. No credentials
 * means an anonymous caller (undefined); wrong credentials are a 401, never a
 * silent fall-back to anonymous.
 */
@Injectable()
export class Authenticator {
  constructor(
    private readonly db: Database,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  async authenticate(request: FastifyRequest): Promise<Actor | undefined> {
    const authorization = request.headers.authorization;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const queryToken = firstString(query.token) ?? firstString(query.access_token);

    if (authorization) {
      const [scheme, ...rest] = authorization.trim().split(/\s+/);
      const credential = rest.join(' ');
      switch (scheme.toLowerCase()) {
        case 'token':
        case 'bearer':
          return this.byToken(credential);
        case 'basic':
          return this.byBasic(credential, request);
        default:
          throw new UnauthorizedException(`unsupported authorization scheme "${scheme}"`);
      }
    }
    if (queryToken !== undefined) return this.byToken(queryToken);
    return undefined;
  }

  private async byToken(value: string): Promise<Actor> {
    const found = await this.findToken(value);
    if (!found) throw new UnauthorizedException('invalid access token');
    return { user: found.user, method: 'token', scopes: found.scopes, tokenId: found.tokenId };
  }

  private async byBasic(encoded: string, _request: FastifyRequest): Promise<Actor> {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new UnauthorizedException('malformed basic credentials');
    const username = decoded.slice(0, colon);
    const secret = decoded.slice(colon + 1);

    const token = await this.findToken(secret);
    if (token) {
      if (token.user.lowerName !== username.toLowerCase() && username !== '' && username.toLowerCase() !== 'oauth2') {
        throw new UnauthorizedException('token does not belong to the given user');
      }
      return { user: token.user, method: 'basic-token', scopes: token.scopes, tokenId: token.tokenId };
    }

    const user = await this.db.owners.findByName(username);
    if (!user || user.kind !== 'user' || !(await verifyPassword(secret, user.passwordHash))) {
      throw new UnauthorizedException('invalid username or password');
    }
    this.assertMaySignIn(user);
    return { user, method: 'basic-password', scopes: null };
  }

  private async findToken(value: string): Promise<{ user: OwnerEntity; scopes: ReturnType<typeof parseTokenScopes>; tokenId: number } | null> {
    if (value.length < 8) return null;
    for (const candidate of await this.db.accessTokens.findByLastEight(value.slice(-8))) {
      if (!tokenValueMatches(value, candidate)) continue;
      const user = await this.db.owners.findById(candidate.ownerId);
      if (!user) return null;
      this.assertMaySignIn(user);
      return { user, scopes: parseTokenScopes(candidate.scopes), tokenId: candidate.id };
    }
    return null;
  }

  private assertMaySignIn(user: OwnerEntity): void {
    if (!user.isActive || user.prohibitLogin) throw new UnauthorizedException('this account may not sign in');
  }
}

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

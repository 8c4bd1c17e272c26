import { ForbiddenException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { scopesAllow } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { AuthenticationOptions, Authenticator } from '../auth/authenticator';
import { RepoContext, RepositoryAccess } from '../repositories/repository-access.service';
import { GitRouteTarget } from './git-route-target';

/**
 * Git over HTTP (and LFS) takes no password with a one-time code: one git
 * command makes several requests with the same credentials, and each code is
 * accepted once. As in Forgejo, a user with two-factor on uses a token.
 */
export const GIT_AUTHENTICATION: AuthenticationOptions = { passwordWithOneTimeCode: false };

/** Fetching needs read access to the repository, pushing (and LFS uploads) write access. */
export type GitAccessLevel = 'read' | 'write';

/**
 * Who may fetch from or push to a repository over HTTP. Credentials go through
 * the Authenticator (Basic password, Basic token, `Authorization: token`),
 * permissions through RepositoryAccess, like the API. A user with two-factor
 * sign-in on must use a token: see GIT_AUTHENTICATION.
 *
 * Anonymous callers get 401 with a Basic challenge where signing in might
 * help (a private or missing repository, any push), so that git prompts;
 * signed-in callers get 404 for what they may not see and 403 for what they
 * may see but not change.
 */
@Injectable()
export class GitRequestAccess {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly access: RepositoryAccess,
  ) {}

  async authorize(request: FastifyRequest, target: GitRouteTarget, level: GitAccessLevel): Promise<RepoContext> {
    return (await this.authorizeCaller(request, target, level)).ctx;
  }

  /** As authorize, also answering who the caller is (a push is judged by who pushes). */
  async authorizeCaller(
    request: FastifyRequest,
    target: GitRouteTarget,
    level: GitAccessLevel,
  ): Promise<{ ctx: RepoContext; actor: Actor | undefined }> {
    const actor = await this.authenticator.authenticate(request, GIT_AUTHENTICATION);
    return { ctx: await this.authorizeActor(actor, target, level), actor };
  }

  async authorizeActor(actor: Actor | undefined, target: GitRouteTarget, level: GitAccessLevel): Promise<RepoContext> {
    if (!actor && level === 'write') throw new UnauthorizedException('sign in to push to this repository');
    const ctx = await this.resolve(actor, target);
    if (actor?.scopes && !scopesAllow(actor.scopes, 'repository', level)) {
      throw new ForbiddenException(`token does not have at least one of required scope(s): [${level}:repository]`);
    }
    if (level === 'write') this.access.requireWrite(ctx);
    return ctx;
  }

  private async resolve(actor: Actor | undefined, target: GitRouteTarget): Promise<RepoContext> {
    try {
      return await this.access.resolve(target.ownerName, target.repoName, actor);
    } catch (error) {
      if (error instanceof NotFoundException && !actor) throw new UnauthorizedException('sign in to access this repository');
      throw error;
    }
  }
}

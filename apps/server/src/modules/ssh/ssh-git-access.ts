import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { deployKeyAllows, OwnerStore, RepositoryStore, SshKey } from '@bellows/domain';
import { GitAccessLevel, GitRequestAccess } from '../git-http/git-request-access';
import { GitRouteTarget } from '../git-http/git-route-target';
import { RepoContext } from '../repositories/repository-access.service';
import { SshIdentity } from './ssh-sign-in';

/**
 * Who may fetch or push over SSH: a user's key acts as its user with exactly
 * the rules of git over HTTP (GitRequestAccess: a repository they may not see
 * is "not found", pushing needs write permission); a deploy key reaches its
 * own repositories only, and pushes only when it is not read-only.
 */
@Injectable()
export class SshGitAccess {
  constructor(
    private readonly gitAccess: GitRequestAccess,
    private readonly owners: OwnerStore,
    private readonly repositories: RepositoryStore,
  ) {}

  authorize(identity: SshIdentity, target: GitRouteTarget, level: GitAccessLevel): Promise<RepoContext> {
    if (identity.kind === 'user')
      return this.gitAccess.authorizeActor({ user: identity.user, method: 'ssh-key', scopes: null }, target, level);
    return this.authorizeDeployKeys(identity.keys, target, level);
  }

  private async authorizeDeployKeys(keys: SshKey[], target: GitRouteTarget, level: GitAccessLevel): Promise<RepoContext> {
    const owner = await this.owners.findByName(target.ownerName);
    const repo = owner && (await this.repositories.findByOwnerAndName(owner.id, target.repoName));
    if (!owner || !repo || !keys.some((key) => deployKeyAllows(key, repo.id, 'read'))) {
      throw new NotFoundException(`repository ${target.ownerName}/${target.repoName} does not exist`);
    }
    if (!keys.some((key) => deployKeyAllows(key, repo.id, level))) {
      throw new ForbiddenException(`this deploy key is read-only: it may not push to ${owner.name}/${repo.name}`);
    }
    return { owner, repo, permission: level };
  }
}

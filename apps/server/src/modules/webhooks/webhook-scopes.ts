import { Injectable } from '@nestjs/common';
import { WebhookScope } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { RepoContext, RepositoryAccess } from '../repositories/repository-access.service';

/**
 * Whose hooks a call manages, resolved with the caller's right to, as Forgejo
 * decides it: a user their own; an organization's owners the organization's
 * (404 for those who may not see it, 403 for other viewers); a repository's
 * administrators the repository's (404 when hidden, 403 when only readable).
 * System hooks are checked by the admin routes' guard.
 */
@Injectable()
export class WebhookScopes {
  constructor(
    private readonly membership: OrgMembershipService,
    private readonly access: RepositoryAccess,
  ) {}

  user(actor: Actor): WebhookScope {
    return { kind: 'owner', ownerId: actor.user.id };
  }

  async organization(org: string, actor: Actor): Promise<WebhookScope> {
    return { kind: 'owner', ownerId: (await this.membership.findManageableOrg(org, actor.user)).id };
  }

  async repository(owner: string, repo: string, actor: Actor): Promise<WebhookScope & { kind: 'repo' }> {
    return { kind: 'repo', repoId: (await this.administeredRepository(owner, repo, actor)).repo.id };
  }

  async administeredRepository(owner: string, repo: string, actor: Actor): Promise<RepoContext> {
    const ctx = await this.access.resolve(owner, repo, actor);
    this.access.requireAdmin(ctx);
    return ctx;
  }
}

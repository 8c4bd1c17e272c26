import { Injectable } from '@nestjs/common';
import { SecretHolder } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { RepositoryAccess } from '../repositories/repository-access.service';

/**
 * Who holds actions secrets and variables, resolved with the caller's right to
 * manage them, as Forgejo decides it: a user their own; an organization's
 * owners the organization's (404 for those who may not see it, 403 for the
 * others); a repository's administrators the repository's.
 */
@Injectable()
export class ActionsHolders {
  constructor(
    private readonly membership: OrgMembershipService,
    private readonly access: RepositoryAccess,
  ) {}

  user(actor: Actor): SecretHolder {
    return { ownerId: actor.user.id };
  }

  async organization(org: string, actor: Actor): Promise<SecretHolder> {
    return { ownerId: (await this.membership.findManageableOrg(org, actor.user)).id };
  }

  async repository(owner: string, repo: string, actor: Actor): Promise<SecretHolder> {
    const ctx = await this.access.resolve(owner, repo, actor);
    this.access.requireAdmin(ctx);
    return { repoId: ctx.repo.id };
  }
}

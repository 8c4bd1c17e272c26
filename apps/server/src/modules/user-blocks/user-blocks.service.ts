import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { Owner, OwnerStore, UserBlockStore } from '@bellows/domain';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { ApiBlockedUser, toApiBlockedUser } from './dto/blocked-user.dto';

/**
 * Users blocking users, and organizations blocking users (Forgejo's
 * userBlockUser, orgBlockUser and their lists). Blocking ends follows both
 * ways and the blocked user's watches and collaborations on the blocker's
 * repositories; while it stands, the blocked user cannot follow the blocker
 * (nor be followed by it) nor watch, open issues or comment in its repositories.
 */
@Injectable()
export class UserBlocksService {
  constructor(
    private readonly blocks: UserBlockStore,
    private readonly owners: OwnerStore,
    private readonly membership: OrgMembershipService,
  ) {}

  async list(blocker: Owner, paging: PageRequest): Promise<PageOf<ApiBlockedUser>> {
    const [rows, total] = await this.blocks.blocksOf(blocker.id, paging.offset, paging.limit);
    return new PageOf(rows.map(toApiBlockedUser), total, paging);
  }

  async block(blocker: Owner, username: string, actor: Owner): Promise<void> {
    const target = await this.blockableUser(blocker, username, actor);
    if (blocker.kind === 'organization' && (await this.membership.isMember(blocker, target))) {
      throw new UnprocessableEntityException(`${target.name} is a member of ${blocker.name} and cannot be blocked by it`);
    }
    await this.blocks.block(blocker.id, target.id);
  }

  /** Unblocking one not blocked changes nothing (204), like unfollowing. */
  async unblock(blocker: Owner, username: string, actor: Owner): Promise<void> {
    const target = await this.blockableUser(blocker, username, actor);
    await this.blocks.unblock(blocker.id, target.id);
  }

  /** The user named, one the actor may see: 404 otherwise; 422 for oneself or an organization. */
  private async blockableUser(blocker: Owner, username: string, actor: Owner): Promise<Owner> {
    const target = await this.owners.findByName(username);
    if (!target || !(await this.membership.canSee(target, actor))) throw new NotFoundException(`user "${username}" does not exist`);
    if (target.kind !== 'user') throw new UnprocessableEntityException(`${target.name} is an organization; only users can be blocked`);
    if (target.id === blocker.id || target.id === actor.id) throw new UnprocessableEntityException('you cannot block or unblock yourself');
    return target;
  }
}

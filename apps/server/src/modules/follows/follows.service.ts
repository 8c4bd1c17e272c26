import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { FollowStore, Owner, OwnerStore, UserBlockStore } from '@bellows/domain';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ApiUser, ShapeContext, usersSeenBy } from '../accounts/dto/user.dto';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';

/**
 * Following users (Forgejo's userCurrentPutFollow and friends). One follows a
 * user one may see; following oneself changes nothing, as in Forgejo; lists
 * show only the users the viewer may see, and count only those.
 */
@Injectable()
export class FollowsService {
  constructor(
    private readonly follows: FollowStore,
    private readonly owners: OwnerStore,
    private readonly blocks: UserBlockStore,
    private readonly membership: OrgMembershipService,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  async follow(follower: Owner, username: string): Promise<void> {
    const target = await this.visibleUser(username, follower);
    // As in Forgejo, neither of two users one of whom blocked the other may follow the other.
    if ((await this.blocks.isBlocked(target.id, follower.id)) || (await this.blocks.isBlocked(follower.id, target.id))) {
      throw new ForbiddenException(`you cannot follow ${target.name}: one of you has blocked the other`);
    }
    if (target.id !== follower.id) await this.follows.follow(follower.id, target.id);
  }

  async unfollow(follower: Owner, username: string): Promise<void> {
    const target = await this.visibleUser(username, follower);
    await this.follows.unfollow(follower.id, target.id);
  }

  /** 204 when `follower` follows the user, 404 otherwise (as Forgejo's check operations). */
  async requireFollowing(follower: Owner, username: string, viewer: Owner | undefined): Promise<void> {
    const target = await this.visibleUser(username, viewer);
    if (!(await this.follows.isFollowing(follower.id, target.id)))
      throw new NotFoundException(`${follower.name} does not follow ${username}`);
  }

  async followersOf(user: Owner, viewer: Owner | undefined, paging: PageRequest): Promise<PageOf<ApiUser>> {
    return this.page(await this.follows.followers(user.id), viewer, paging);
  }

  async followingOf(user: Owner, viewer: Owner | undefined, paging: PageRequest): Promise<PageOf<ApiUser>> {
    return this.page(await this.follows.following(user.id), viewer, paging);
  }

  /** A user `viewer` may see, by name; 404 otherwise, as if it did not exist. */
  async visibleUser(username: string, viewer: Owner | undefined): Promise<Owner> {
    const user = await this.owners.findByName(username);
    if (!user || user.kind !== 'user' || !(await this.membership.canSee(user, viewer))) {
      throw new NotFoundException(`user ${username} does not exist`);
    }
    return user;
  }

  private async page(users: readonly Owner[], viewer: Owner | undefined, paging: PageRequest): Promise<PageOf<ApiUser>> {
    const visible: Owner[] = [];
    for (const user of users) if (await this.membership.canSee(user, viewer)) visible.push(user);
    const shape = usersSeenBy(viewer, this.shapes);
    return new PageOf(visible.slice(paging.offset, paging.offset + paging.limit).map(shape), visible.length, paging);
  }
}

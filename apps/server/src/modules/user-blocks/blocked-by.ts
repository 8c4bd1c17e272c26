import { ForbiddenException } from '@nestjs/common';
import { Owner, UserBlockStore } from '@bellows/domain';

/** 403 when `owner` (a repository's owner) has blocked `user`: blocked users watch nothing, open no issues and write no comments there, as in Forgejo. */
export async function assertNotBlockedBy(blocks: UserBlockStore, owner: Owner, user: Owner): Promise<void> {
  if (await blocks.isBlocked(owner.id, user.id)) throw new ForbiddenException(`${owner.name} has blocked you`);
}

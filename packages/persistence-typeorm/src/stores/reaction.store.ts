import { EntityManager, FindOptionsWhere, IsNull } from 'typeorm';
import { Reaction, ReactionStore, ReactionTarget, ReactionWithUser } from '@bellows/domain';
import { OwnerEntity } from '../entities/owner.entity';
import { ReactionEntity } from '../entities/reaction.entity';
import { isUniqueViolation } from '../unique-violation';

/** Reactions on TypeORM: the `reaction` table. */
export class TypeOrmReactionStore implements ReactionStore {
  constructor(private readonly manager: EntityManager) {}

  private get reactions() {
    return this.manager.getRepository(ReactionEntity);
  }

  async add(target: ReactionTarget, userId: number, content: string, at: Date): Promise<{ reaction: Reaction; created: boolean }> {
    try {
      const id = (await this.reactions.insert({ ...target, userId, content, createdAt: at })).identifiers[0].id as number;
      return { reaction: await this.reactions.findOneByOrFail({ id }), created: true };
    } catch (error) {
      // The same reaction left before, or at the same moment by another request: answer that one.
      if (!isUniqueViolation(error)) throw error;
      return { reaction: await this.reactions.findOneByOrFail(where(target, userId, content)), created: false };
    }
  }

  async remove(target: ReactionTarget, userId: number, content: string): Promise<boolean> {
    return ((await this.reactions.delete(where(target, userId, content))).affected ?? 0) > 0;
  }

  async list(target: ReactionTarget, skip: number, take: number): Promise<[ReactionWithUser[], number]> {
    const [rows, total] = await this.reactions.findAndCount({
      where: where(target),
      order: { createdAt: 'ASC', id: 'ASC' },
      skip,
      take,
      relations: { user: true },
    });
    return [rows.map((row) => ({ ...row, user: row.user as OwnerEntity })), total];
  }
}

function where(target: ReactionTarget, userId?: number, content?: string): FindOptionsWhere<ReactionEntity> {
  return {
    issueId: target.issueId,
    commentId: target.commentId ?? IsNull(),
    ...(userId !== undefined && { userId }),
    ...(content !== undefined && { content }),
  };
}

import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { ALLOWED_REACTIONS, isAllowedReaction, ReactionStore, ReactionTarget } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { ShapeContext } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { ApiReaction, toApiReaction } from './reaction.dto';

/** Whether a reaction was just added (Forgejo answers 201) or had been left before (200). */
export interface ReactionAnswer {
  reaction: ApiReaction;
  created: boolean;
}

/**
 * Reactions on issues, pull requests and comments (Forgejo's
 * `issuePostIssueReaction` and friends): whoever may read the issue may react,
 * with one of the allowed reactions, each once.
 */
@Injectable()
export class ReactionsService {
  constructor(
    private readonly reactions: ReactionStore,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  async list(target: ReactionTarget, actor: Actor | undefined, paging: PageRequest): Promise<PageOf<ApiReaction>> {
    const [reactions, total] = await this.reactions.list(target, paging.offset, paging.limit);
    return new PageOf(
      reactions.map((reaction) => toApiReaction(reaction, actor?.user, this.shapes)),
      total,
      paging,
    );
  }

  /** As Forgejo: a reaction outside the allowed list is refused with 403. */
  async add(target: ReactionTarget, content: string, actor: Actor): Promise<ReactionAnswer> {
    if (!isAllowedReaction(content)) {
      throw new ForbiddenException(`'${content}' is not an allowed reaction; allowed: ${ALLOWED_REACTIONS.join(', ')}`);
    }
    const { reaction, created } = await this.reactions.add(target, actor.user.id, content, new Date());
    return { reaction: toApiReaction({ ...reaction, user: actor.user }, actor.user, this.shapes), created };
  }

  /** Taking back a reaction that is not there changes nothing (and is no error, as in Forgejo). */
  async remove(target: ReactionTarget, content: string, actor: Actor): Promise<void> {
    await this.reactions.remove(target, actor.user.id, content);
  }
}

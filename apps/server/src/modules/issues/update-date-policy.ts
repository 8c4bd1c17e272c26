import { ForbiddenException, Injectable, UnprocessableEntityException } from '@nestjs/common';
import {
  OperationContext,
  parseUpdateDateRequest,
  UpdateDatePermissionError,
  UpdateDateRights,
  UpdateDateValidationError,
} from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { RepoContext } from '../repositories/repository-access.service';
import { atLeast } from '../repositories/repo-permission';

/**
 * Applies the domain's update-date policy (`@bellows/domain` issues) over HTTP:
 * builds the OperationContext an operation hands to the domain's date functions
 * (`editIssueDates`, `addLabelsDates`, `createCommentDates`, …) and turns the
 * domain's refusals into answers: a bad or out-of-range date is 422, a date the
 * actor may not set is 403. The dates themselves are decided only by the domain.
 */
@Injectable()
export class UpdateDatePolicy {
  /**
   * The context for one operation: `rawUpdatedAt` as it came in (JSON field or
   * query parameter), the actor's rights in the repository, and now.
   */
  context(repoCtx: RepoContext, actor: Actor, rawUpdatedAt: unknown, now = new Date()): OperationContext {
    return { now, rights: rightsOf(repoCtx, actor), request: this.decide(() => parseUpdateDateRequest(rawUpdatedAt)) };
  }

  /** Runs a domain date decision, answering its refusals with 422 or 403. */
  decide<T>(decision: () => T): T {
    try {
      return decision();
    } catch (error) {
      if (error instanceof UpdateDateValidationError) throw new UnprocessableEntityException(error.message);
      if (error instanceof UpdateDatePermissionError) throw new ForbiddenException(error.message);
      throw error;
    }
  }
}

/** Site admins hold `owner` on every repository; organization owners hold `admin` through the Owners team. */
export function rightsOf(repoCtx: RepoContext, actor: Actor): UpdateDateRights {
  return {
    siteAdmin: actor.user.isAdmin,
    repositoryOwner: repoCtx.permission === 'owner',
    repositoryAdmin: atLeast(repoCtx.permission, 'admin'),
  };
}

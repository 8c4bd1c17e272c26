import { Inject, Injectable } from '@nestjs/common';
import { Owner, Repository } from '@bellows/domain';
import { ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { toApiRepository } from '../repositories/dto/repository.dto';
import { RepoPermission } from '../repositories/repo-permission';
import { WebhookEvents } from '../webhooks/webhook-events';
import { ForkPayload, HookRepositoryAction, RepositoryPayload } from './payloads/hook-payloads';

/** A repository with its owner. */
export interface OwnedRepository {
  owner: Owner;
  repo: Repository;
}

/**
 * `repository` (created, deleted) and `fork` events as Forgejo sends them. A
 * repository's creation and deletion are not one transaction (rows, then
 * files on disk), so the event is queued in a transaction of its own once the
 * change has succeeded; a deletion's payload is rendered before the row goes.
 */
@Injectable()
export class RepositoryWebhooks {
  constructor(
    private readonly hooks: WebhookEvents,
    @Inject(SHAPE_CONTEXT) private readonly ctx: ShapeContext,
  ) {}

  /**
   * `created` or `deleted`, to the hooks of the repository, its owner and the
   * site; `organization` is the owner, as in Forgejo.
   */
  repositoryPayload(action: HookRepositoryAction, { owner, repo }: OwnedRepository, sender: Owner): RepositoryPayload {
    return {
      action,
      repository: toApiRepository(repo, owner, 'owner', undefined, this.ctx),
      organization: toApiUser(owner, undefined, this.ctx),
      sender: toApiUser(sender, undefined, this.ctx),
    };
  }

  async created(created: OwnedRepository, sender: Owner): Promise<void> {
    await this.send(created, this.repositoryPayload('created', created, sender));
  }

  /** Sends a payload rendered (by `repositoryPayload`) before the repository was deleted. */
  async deleted(deleted: OwnedRepository, payload: RepositoryPayload): Promise<void> {
    await this.send(deleted, payload);
  }

  /**
   * `fork` to the hooks of the forked repository (`forkee`, with the forker's
   * permissions on each side), and `repository` created to the new fork's
   * owner when it is an organization, as in Forgejo.
   */
  async forked(
    parent: OwnedRepository & { permission: RepoPermission },
    fork: OwnedRepository & { permission: RepoPermission },
    sender: Owner,
  ): Promise<void> {
    const payload: ForkPayload = {
      forkee: toApiRepository(parent.repo, parent.owner, parent.permission, undefined, this.ctx),
      repository: toApiRepository(fork.repo, fork.owner, fork.permission, undefined, this.ctx),
      sender: toApiUser(sender, undefined, this.ctx),
    };
    await this.hooks.enqueueNow({ event: 'fork', repoId: parent.repo.id, ownerId: parent.owner.id, payload });
    if (fork.owner.kind === 'organization') await this.created(fork, sender);
  }

  private send({ owner, repo }: OwnedRepository, payload: RepositoryPayload): Promise<void> {
    return this.hooks.enqueueNow({ event: 'repository', repoId: repo.id, ownerId: owner.id, payload });
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommitStatus, Owner } from '@bellows/domain';
import { ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { RepoGit } from '../repo-files/repo-git';
import { toApiRepository } from '../repositories/dto/repository.dto';
import { RepositoryHistory } from '../repositories/repository-history';
import { WebhookEvents } from '../webhooks/webhook-events';
import { CommitStatusPayload } from './payloads/hook-payloads';

/**
 * `status` events as Forgejo sends them: one for each commit status created,
 * to the hooks of the repository, its owner and the site, with the commit the
 * status is on (as a push payload lists it) and the status's fields.
 */
@Injectable()
export class StatusWebhooks {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly hooks: WebhookEvents,
    private readonly history: RepositoryHistory,
    @Inject(SHAPE_CONTEXT) private readonly ctx: ShapeContext,
  ) {}

  /** Queues the event after the status is stored; a missed event must not fail the report. */
  async send(place: Pick<RepoGit, 'owner' | 'repo' | 'path'>, status: CommitStatus, sender: Owner): Promise<void> {
    try {
      const commit = await this.history.getCommit(place.path, status.sha);
      const files = (kinds: string[]) => commit.files.filter((file) => kinds.includes(file.status)).map((file) => file.filename);
      const at = status.createdAt.toISOString();
      const payload: CommitStatusPayload = {
        commit: {
          id: commit.sha,
          message: commit.message,
          url: `${this.ctx.rootUrl}${place.owner.name}/${place.repo.name}/commit/${commit.sha}`,
          author: { name: commit.author.name, email: commit.author.email, username: '' },
          committer: { name: commit.committer.name, email: commit.committer.email, username: '' },
          verification: null,
          timestamp: commit.author.date,
          added: files(['added', 'copied']),
          removed: files(['removed']),
          modified: files(['modified', 'renamed']),
        },
        context: status.context,
        created_at: at,
        description: status.description,
        id: status.id,
        // Forgejo renders the repository of a payload with the owner's access.
        repository: toApiRepository(place.repo, place.owner, 'owner', undefined, this.ctx),
        sender: toApiUser(sender, undefined, this.ctx),
        sha: status.sha,
        state: status.state,
        target_url: status.targetUrl,
        // Statuses are never changed.
        updated_at: at,
      };
      await this.hooks.enqueueNow({ event: 'status', repoId: place.repo.id, ownerId: place.owner.id, payload });
    } catch (error) {
      this.logger.error(`status event of repository ${place.repo.id}: ${(error as Error).message}`);
    }
  }
}

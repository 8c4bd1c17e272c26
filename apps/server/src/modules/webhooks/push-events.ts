import { join } from 'node:path';
import { Inject, Injectable, Logger, NotFoundException, OnModuleInit } from '@nestjs/common';
import {
  CommitWithFiles,
  HookEventInput,
  Owner,
  OwnerStore,
  RefChange,
  refChanges,
  refKind,
  RefSnapshotStore,
  RefState,
  Repository,
  UnitOfWork,
  WebhookStore,
  ZERO_SHA,
} from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { ShapeContext, toApiUser } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { toApiRepository } from '../repositories/dto/repository.dto';
import { RepositoryHistory } from '../repositories/repository-history';
import { RepositoryRefs } from '../repositories/repository-refs';
import { RepositoryService } from '../repositories/repository.service';
import { RefSnapshots } from './ref-snapshots';
import { WebhookEvents } from './webhook-events';

/** Commits a push payload lists (Forgejo's FeedMaxCommitNum); `total_commits` counts them all. */
const MAX_PAYLOAD_COMMITS = 5;
/** Commits looked at for a new branch, as Forgejo (the latest ones). */
const NEW_BRANCH_COMMITS = 10;

/**
 * Push, create and delete events for every git write (a push over HTTP or
 * SSH, a commit, branch or tag made through the API, a merge): it follows the
 * repository service's git writes, compares the branches and tags with the
 * last ones seen, and publishes Forgejo's PushPayload, CreatePayload and
 * DeletePayload for each ref that moved. A repository seen for the first time
 * only has its refs noted (its creation or its past is not news), unless it
 * was empty and someone pushed to it.
 */
@Injectable()
export class PushEvents implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');
  private readonly snapshots: RefSnapshots;

  constructor(
    @Inject(CONFIG) config: BellowsConfig,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
    private readonly repositories: RepositoryService,
    private readonly refs: RepositoryRefs,
    private readonly history: RepositoryHistory,
    private readonly owners: OwnerStore,
    private readonly hooks: WebhookStore,
    events: WebhookEvents,
    snapshotStore: RefSnapshotStore,
    unitOfWork: UnitOfWork,
  ) {
    this.snapshots = new RefSnapshots(snapshotStore, unitOfWork, events, join(config.server.appDataPath, 'webhooks', 'refs'));
  }

  onModuleInit(): void {
    this.repositories.followGitWrites((repo, repoPath, writer) => this.followWrite(repo, repoPath, writer));
  }

  private async followWrite(repo: Repository, repoPath: string, writer?: Owner): Promise<void> {
    try {
      const stored = await this.snapshots.update(
        repo.id,
        () => this.refState(repoPath),
        // No refs seen yet: a repository being created or forked (no writer) or one older than
        // webhooks only has its refs noted; a first push into an empty one is news.
        async (before, after) =>
          before === undefined && (!writer || !repo.isEmpty) ? [] : this.eventsFor(repo, repoPath, refChanges(before ?? {}, after), writer),
      );
      if (!stored)
        this.logger.error(`push events of repository ${repo.id}: other writes kept coming first; this one's events are left out`);
    } catch (error) {
      // The write itself succeeded; a missed event must not fail it.
      this.logger.error(`push events of repository ${repo.id}: ${(error as Error).message}`);
    }
  }

  private async refState(repoPath: string): Promise<RefState> {
    const state: RefState = {};
    for (const branch of await this.refs.listBranches(repoPath)) state[`refs/heads/${branch.name}`] = branch.commit.sha;
    for (const tag of await this.refs.listTags(repoPath)) state[`refs/tags/${tag.name}`] = tag.id;
    return state;
  }

  private async eventsFor(repo: Repository, repoPath: string, changes: RefChange[], writer?: Owner): Promise<HookEventInput[]> {
    if (changes.length === 0) return [];
    const owner = await this.owners.findById(repo.ownerId);
    // Most repositories have no hook: no history is read for them.
    if (!owner || (await this.hooks.activeFor(repo.id, owner.id)).length === 0) return [];
    const pusher = writer ?? owner;
    const common = {
      repository: toApiRepository(repo, owner, 'owner', undefined, this.shapes),
      sender: toApiUser(pusher, undefined, this.shapes),
    };
    const events: HookEventInput[] = [];
    for (const change of changes) {
      const { type, name } = refKind(change.ref);
      const branch = type === 'branch' ? name : undefined;
      const base = { repoId: repo.id, ownerId: owner.id, branch };
      if (change.after === ZERO_SHA) {
        events.push({ ...base, event: 'delete', payload: { ref: name, ref_type: type, pusher_type: 'user', ...common } });
        continue;
      }
      if (change.before === ZERO_SHA) {
        const sha = type === 'tag' ? await this.history.getCommit(repoPath, change.after).then((c) => c.sha) : change.after;
        events.push({ ...base, event: 'create', payload: { sha, ref: name, ref_type: type, ...common } });
      }
      events.push({
        ...base,
        branch: branch ?? change.ref,
        event: 'push',
        payload: await this.pushPayload(repoPath, change, type, common, pusher),
      });
    }
    return events;
  }

  /**
   * The push event repoTestHook sends, as Forgejo: the commit `ref` names (the
   * default branch when none) as both before and after, on the default branch;
   * a placeholder commit when the repository is empty. 404 for an unknown ref.
   */
  async testPayload(repo: Repository, owner: Owner, doer: Owner, ref: string | undefined): Promise<object> {
    const repoPath = this.repositories.pathOf(owner, repo);
    const fullName = `${owner.name}/${repo.name}`;
    let commit: object;
    let sha = ZERO_SHA;
    if (repo.isEmpty && !ref) {
      const ghost = { name: 'Ghost', email: '', username: '' };
      const now = new Date().toISOString();
      commit = {
        id: sha,
        message: 'This is a fake commit',
        url: '',
        author: ghost,
        committer: ghost,
        verification: null,
        timestamp: now,
        added: [],
        removed: [],
        modified: [],
      };
    } else {
      const found = await this.refs.resolveRef(repoPath, ref || repo.defaultBranch);
      if (!found) throw new NotFoundException(`ref ${ref ?? repo.defaultBranch} does not exist`);
      const full = await this.history.getCommit(repoPath, found);
      sha = full.sha;
      commit = this.payloadCommit(fullName, full);
    }
    const doerJson = toApiUser(doer, undefined, this.shapes);
    return {
      ref: `refs/heads/${repo.defaultBranch}`,
      before: sha,
      after: sha,
      compare_url: `${this.shapes.rootUrl}${fullName}/compare/${sha}...${sha}`,
      commits: [commit],
      total_commits: 1,
      head_commit: commit,
      repository: toApiRepository(repo, owner, 'owner', undefined, this.shapes),
      pusher: doerJson,
      sender: doerJson,
    };
  }

  /** Forgejo's PushPayload: the newest commits (oldest first), the head commit, the total. */
  async pushPayload(
    repoPath: string,
    change: RefChange,
    type: 'branch' | 'tag',
    common: { repository: ReturnType<typeof toApiRepository>; sender: ReturnType<typeof toApiUser> },
    pusher: Owner,
  ): Promise<object> {
    const fullName = common.repository.full_name;
    const page =
      type === 'tag'
        ? { items: [], total: 0 }
        : change.before === ZERO_SHA
          ? await this.history.listCommits(repoPath, { sha: change.after, limit: NEW_BRANCH_COMMITS })
          : await this.history.commitsBetween(repoPath, change.before, change.after, { limit: MAX_PAYLOAD_COMMITS });
    const newest = page.items.slice(0, MAX_PAYLOAD_COMMITS);
    const commits = newest.map((commit) => this.payloadCommit(fullName, commit)).reverse();
    const compare = change.before !== ZERO_SHA ? `${this.shapes.rootUrl}${fullName}/compare/${change.before}...${change.after}` : '';
    return {
      ref: change.ref,
      before: change.before,
      after: change.after,
      compare_url: compare,
      commits,
      total_commits: type === 'tag' ? 0 : Math.min(page.total, change.before === ZERO_SHA ? NEW_BRANCH_COMMITS : page.total),
      head_commit: commits.length > 0 ? commits[commits.length - 1] : null,
      repository: common.repository,
      pusher: toApiUser(pusher, undefined, this.shapes),
      sender: common.sender,
    };
  }

  payloadCommit(fullName: string, commit: CommitWithFiles): object {
    const files = (status: string[]) => commit.files.filter((file) => status.includes(file.status)).map((file) => file.filename);
    return {
      id: commit.sha,
      message: commit.message,
      url: `${this.shapes.rootUrl}${fullName}/commit/${commit.sha}`,
      author: { name: commit.author.name, email: commit.author.email, username: '' },
      committer: { name: commit.committer.name, email: commit.committer.email, username: '' },
      verification: null,
      timestamp: commit.author.date,
      added: files(['added', 'copied']),
      removed: files(['removed']),
      modified: files(['modified', 'renamed']),
    };
  }
}

import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { ActionRun, ActionRunStore, Owner, OwnerStore, UnitOfWork } from '@bellows/domain';
import { CONFIG } from '../../../app/tokens';
import { BellowsConfig } from '../../../config';
import { Actor } from '../../../http/auth/actor';
import { PageRequest } from '../../../http/pagination';
import { ShapeContext, toApiUser } from '../../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../../accounts/shape-context.provider';
import { RepoContext, RepositoryAccess } from '../../repositories/repository-access.service';
import { ApiActionRun, ApiActionRunList, ApiRegisteredActionRun, RegisterActionRunOption, runUrl } from './dto/action-run.dto';
import { RuntimeTokens } from './runtime-token';
import { parseId } from '../../../http/id-param.pipe';

/** Runs registered by CI systems: who may register and read them, and their shapes. */
@Injectable()
export class ActionRunsService {
  constructor(
    private readonly runs: ActionRunStore,
    private readonly owners: OwnerStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly access: RepositoryAccess,
    private readonly tokens: RuntimeTokens,
    @Inject(CONFIG) private readonly config: BellowsConfig,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  /** Registers a run (repository write access) and issues its runtime token. */
  async register(owner: string, repo: string, option: RegisterActionRunOption, actor: Actor): Promise<ApiRegisteredActionRun> {
    const ctx = await this.access.resolve(owner, repo, actor);
    this.access.requireWrite(ctx);
    const run = await this.unitOfWork.run((tx) =>
      tx.actionRuns.insert({
        repoId: ctx.repo.id,
        name: option.name ?? option.workflow_id ?? 'run',
        event: option.event ?? 'workflow_dispatch',
        workflowId: option.workflow_id ?? '',
        headBranch: option.head_branch ?? '',
        headSha: option.head_sha ?? '',
        status: 'running',
        triggeringUserId: actor.user.id,
      }),
    );
    return {
      ...(await this.shape(ctx, run, actor)),
      runtime_token: this.tokens.issue({ runId: run.id, jobId: randomUUID() }),
      // The artifact client keeps only the origin of ACTIONS_RESULTS_URL and calls {origin}/twirp/….
      results_url: `${new URL(this.config.server.rootUrl).origin}/`,
    };
  }

  async list(owner: string, repo: string, actor: Actor | undefined, paging: PageRequest): Promise<ApiActionRunList> {
    const ctx = await this.access.resolve(owner, repo, actor);
    const [runs, total] = await this.runs.listForRepository(ctx.repo.id, paging.offset, paging.limit);
    return { total_count: total, workflow_runs: await Promise.all(runs.map((run) => this.shape(ctx, run, actor))) };
  }

  async get(owner: string, repo: string, runId: string, actor: Actor | undefined): Promise<ApiActionRun> {
    const { ctx, run } = await this.resolveRun(owner, repo, runId, actor);
    return this.shape(ctx, run, actor);
  }

  /** The repository and one of its runs; 404 when either is missing or hidden. */
  async resolveRun(owner: string, repo: string, runId: string, actor: Actor | undefined): Promise<{ ctx: RepoContext; run: ActionRun }> {
    const ctx = await this.access.resolve(owner, repo, actor);
    const id = parseId(runId);
    const run = id === null ? null : await this.runs.findInRepository(ctx.repo.id, id);
    if (!run) throw new NotFoundException(`run ${runId} does not exist in ${owner}/${repo}`);
    return { ctx, run };
  }

  private async shape(ctx: RepoContext, run: ActionRun, actor: Actor | undefined): Promise<ApiActionRun> {
    const trigger: Owner | null = run.triggeringUserId === null ? null : await this.owners.findById(run.triggeringUserId);
    return {
      id: run.id,
      name: run.name,
      status: run.status,
      event: run.event,
      workflow_id: run.workflowId,
      head_branch: run.headBranch,
      head_sha: run.headSha,
      run_number: run.runNumber,
      url: runUrl(this.config.server.rootUrl, ctx.owner.name, ctx.repo.name, run),
      ...(trigger && { triggering_actor: toApiUser(trigger, actor?.user, this.shapes) }),
      created: run.createdAt.toISOString(),
    };
  }
}

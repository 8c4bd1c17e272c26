import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { Milestone, MilestoneChanges, MilestoneFilter, MilestoneStore, UnitOfWork } from '@bellows/domain';
import { parseId } from '../../http/id-param.pipe';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { RepoContext } from '../repositories/repository-access.service';
import { ApiMilestone, CreateMilestoneOption, EditMilestoneOption } from './dto/milestone.dto';
import { IssueShaper } from './issue-shaper.service';

/** Milestones of a repository. Their issue counts are counted, never stored (see MilestoneStore). */
@Injectable()
export class MilestonesService {
  constructor(
    private readonly milestones: MilestoneStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly shaper: IssueShaper,
  ) {}

  /** One page of the milestones matching the filter, by id, with their issue counts. */
  async list(filter: MilestoneFilter, paging: PageRequest): Promise<PageOf<ApiMilestone>> {
    const [milestones, total] = await this.milestones.list(filter, paging.offset, paging.limit);
    return new PageOf(await this.shaper.milestones(milestones), total, paging);
  }

  create(repoCtx: RepoContext, input: CreateMilestoneOption): Promise<Milestone> {
    const now = new Date();
    const closed = input.state === 'closed';
    return this.milestones.create({
      repoId: repoCtx.repo.id,
      name: input.title.trim(),
      description: input.description ?? '',
      isClosed: closed,
      dueOn: dueOn(input.due_on),
      createdAt: now,
      updatedAt: now,
      closedAt: closed ? now : null,
    });
  }

  /** By id, or else by name (as Forgejo's `{id}` accepts both). */
  async find(repoCtx: RepoContext, idOrName: string): Promise<Milestone> {
    const id = parseId(idOrName);
    const milestone =
      (id ? await this.milestones.findById(repoCtx.repo.id, id) : null) ?? (await this.milestones.findByName(repoCtx.repo.id, idOrName));
    if (!milestone) throw new NotFoundException(`milestone ${idOrName} does not exist in ${repoCtx.owner.name}/${repoCtx.repo.name}`);
    return milestone;
  }

  /**
   * Writes the changed columns by id on the row as it is now: a milestone
   * deleted while the request ran is a 404 and stays deleted, and columns
   * another request changed meanwhile are kept.
   */
  async edit(milestone: Milestone, input: EditMilestoneOption): Promise<Milestone> {
    const now = new Date();
    const changes: MilestoneChanges = { updatedAt: now };
    if (input.title !== undefined) changes.name = input.title.trim();
    if (input.description !== undefined) changes.description = input.description;
    if (input.due_on !== undefined) changes.dueOn = dueOn(input.due_on);
    const gone = () => new NotFoundException(`milestone ${milestone.id} does not exist`);
    return this.unitOfWork.run(async (tx) => {
      const current = await tx.milestones.findForChange(milestone.id);
      if (!current) throw gone();
      if (input.state !== undefined && (input.state === 'closed') !== current.isClosed) {
        changes.isClosed = input.state === 'closed';
        changes.closedAt = changes.isClosed ? now : null;
      }
      if (!(await tx.milestones.update(milestone.id, changes))) throw gone();
      return Object.assign(current, changes);
    });
  }

  delete(milestone: Milestone): Promise<void> {
    return this.milestones.delete(milestone.id);
  }
}

function dueOn(raw: string | undefined): Date | null {
  if (raw === undefined || raw === '') return null;
  const date = new Date(raw);
  if (Number.isNaN(date.getTime()))
    throw new UnprocessableEntityException(`due_on must be a date-time such as 2024-05-01T12:00:00Z, got ${JSON.stringify(raw)}`);
  return date;
}

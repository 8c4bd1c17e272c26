import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { Database, MilestoneChanges, MilestoneEntity } from '@bellows/persistence-typeorm';
import { RepoContext } from '../repositories/repository-access.service';
import { parseId } from './issue-lookup.service';
import { CreateMilestoneOption, EditMilestoneOption } from './dto/issue-options.dto';

/** Milestones of a repository. Their issue counts are counted, never stored (see MilestoneStore). */
@Injectable()
export class MilestonesService {
  constructor(private readonly db: Database) {}

  create(repoCtx: RepoContext, input: CreateMilestoneOption): Promise<MilestoneEntity> {
    const now = new Date();
    const closed = input.state === 'closed';
    return this.db.milestones.create({
      repoId: repoCtx.repo.id, name: input.title.trim(), description: input.description ?? '', isClosed: closed,
      dueOn: dueOn(input.due_on), createdAt: now, updatedAt: now, closedAt: closed ? now : null,
    });
  }

  /** By id, or else by name (as Forgejo's `{id}` accepts both). */
  async find(repoCtx: RepoContext, idOrName: string): Promise<MilestoneEntity> {
    const id = parseId(idOrName);
    const milestone = (id ? await this.db.milestones.findById(repoCtx.repo.id, id) : null) ?? (await this.db.milestones.findByName(repoCtx.repo.id, idOrName));
    if (!milestone) throw new NotFoundException(`milestone ${idOrName} does not exist in ${repoCtx.owner.name}/${repoCtx.repo.name}`);
    return milestone;
  }

  /**
   * Writes the changed columns by id on the row as it is now: a milestone
   * deleted while the request ran is a 404 and stays deleted, and columns
   * another request changed meanwhile are kept.
   */
  async edit(milestone: MilestoneEntity, input: EditMilestoneOption): Promise<MilestoneEntity> {
    const now = new Date();
    const changes: MilestoneChanges = { updatedAt: now };
    if (input.title !== undefined) changes.name = input.title.trim();
    if (input.description !== undefined) changes.description = input.description;
    if (input.due_on !== undefined) changes.dueOn = dueOn(input.due_on);
    const gone = () => new NotFoundException(`milestone ${milestone.id} does not exist`);
    return this.db.transaction(async (tx) => {
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

  delete(milestone: MilestoneEntity): Promise<void> {
    return this.db.milestones.delete(milestone.id);
  }
}

function dueOn(raw: string | undefined): Date | null {
  if (raw === undefined || raw === '') return null;
  const date = new Date(raw);
  if (Number.isNaN(date.getTime())) throw new UnprocessableEntityException(`due_on must be a date-time such as 2024-05-01T12:00:00Z, got ${JSON.stringify(raw)}`);
  return date;
}

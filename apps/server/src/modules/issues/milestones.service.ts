import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { Database, MilestoneEntity } from '@bellows/persistence-typeorm';
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

  edit(milestone: MilestoneEntity, input: EditMilestoneOption): Promise<MilestoneEntity> {
    const now = new Date();
    if (input.title !== undefined) milestone.name = input.title.trim();
    if (input.description !== undefined) milestone.description = input.description;
    if (input.due_on !== undefined) milestone.dueOn = dueOn(input.due_on);
    if (input.state !== undefined && (input.state === 'closed') !== milestone.isClosed) {
      milestone.isClosed = input.state === 'closed';
      milestone.closedAt = milestone.isClosed ? now : null;
    }
    milestone.updatedAt = now;
    return this.db.milestones.save(milestone);
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

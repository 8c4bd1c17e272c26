import { Inject, Injectable } from '@nestjs/common';
import { CollaborationStore, Owner, TeamMemberStore } from '@bellows/domain';
import { ApiUser, ShapeContext, usersSeenBy } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { RepoGit } from '../repo-files/repo-git';
import { atLeast, RepoPermission } from '../repositories/repo-permission';
import { RepositoryAccess } from '../repositories/repository-access.service';

/** Lists are read in pages of this many rows, so a large organization is never one query's worth of rows. */
const PAGE = 500;

/**
 * Who may be asked to do something in a repository (Forgejo's repoGetReviewers
 * and repoGetAssignees): the people who hold a place in it, that is its owner,
 * its collaborators and, for an organization's repository, the organization's
 * members, narrowed to those whose permission is high enough.
 */
@Injectable()
export class RepoPeopleService {
  constructor(
    private readonly collaborations: CollaborationStore,
    private readonly members: TeamMemberStore,
    private readonly access: RepositoryAccess,
    @Inject(SHAPE_CONTEXT) private readonly shapeContext: ShapeContext,
  ) {}

  /** Users who may be asked to review: they may read the repository; the caller is left out, as in Forgejo. */
  async reviewers(target: RepoGit, caller: Owner): Promise<ApiUser[]> {
    const people = (await this.withAtLeast(target, 'read')).filter((user) => user.id !== caller.id);
    return this.shape(people, caller);
  }

  /** Users issues and pull requests may be assigned to: they may write the repository. */
  async assignees(target: RepoGit, caller: Owner): Promise<ApiUser[]> {
    return this.shape(await this.withAtLeast(target, 'write'), caller);
  }

  private async withAtLeast(target: RepoGit, required: RepoPermission): Promise<Owner[]> {
    const chosen: Owner[] = [];
    for (const user of await this.candidates(target)) {
      if (atLeast(await this.access.permissionOf(target.owner, target.repo, user), required)) chosen.push(user);
    }
    return chosen.sort((a, b) => a.lowerName.localeCompare(b.lowerName));
  }

  private async candidates(target: RepoGit): Promise<Owner[]> {
    const people = new Map<number, Owner>();
    if (target.owner.kind === 'user') people.set(target.owner.id, target.owner);
    for (const { user } of await readAll((skip) => this.collaborations.list(target.repo.id, skip, PAGE))) people.set(user.id, user);
    if (target.owner.kind === 'organization') {
      for (const member of await readAll((skip) => this.members.listOrgMembers(target.owner.id, skip, PAGE))) people.set(member.id, member);
    }
    return [...people.values()];
  }

  private shape(people: readonly Owner[], viewer: Owner): ApiUser[] {
    const users = usersSeenBy(viewer, this.shapeContext);
    return people.map(users);
  }
}

/** Every row of a paged list. */
async function readAll<T>(page: (skip: number) => Promise<[T[], number]>): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const [batch, total] = await page(rows.length);
    rows.push(...batch);
    if (batch.length === 0 || rows.length >= total) return rows;
  }
}

import { Brackets, EntityManager, SelectQueryBuilder } from 'typeorm';
import { RepositoryOrder, RepositorySearch, RepositorySearchStore, RepositoryViewer, RepositoryWithOwner } from '@bellows/domain';
import { RepositoryEntity } from '../entities/repository.entity';

const ORDERS: Record<RepositoryOrder, [string, 'ASC' | 'DESC']> = {
  alphabetically: ['r.lower_name', 'ASC'],
  reversealphabetically: ['r.lower_name', 'DESC'],
  newest: ['r.created_at', 'DESC'],
  oldest: ['r.created_at', 'ASC'],
  recentupdate: ['r.updated_at', 'DESC'],
  leastupdate: ['r.updated_at', 'ASC'],
  size: ['(r.git_size + r.lfs_size)', 'ASC'],
  reversesize: ['(r.git_size + r.lfs_size)', 'DESC'],
  gitsize: ['r.git_size', 'ASC'],
  reversegitsize: ['r.git_size', 'DESC'],
  lfssize: ['r.lfs_size', 'ASC'],
  reverselfssize: ['r.lfs_size', 'DESC'],
  id: ['r.id', 'ASC'],
};

/** Lists of repositories: per owner, for a viewer, by keyword, in any supported order. */
export class TypeOrmRepositorySearchStore implements RepositorySearchStore {
  constructor(private readonly manager: EntityManager) {}

  async search(search: RepositorySearch): Promise<[RepositoryWithOwner[], number]> {
    const query = this.manager.getRepository(RepositoryEntity).createQueryBuilder('r').innerJoinAndSelect('r.owner', 'o');
    if (search.ownerId !== undefined) query.andWhere('r.owner_id = :ownerId', { ownerId: search.ownerId });
    if (search.keyword)
      query.andWhere("r.lower_name LIKE :keyword ESCAPE '\\'", { keyword: `%${escapeLike(search.keyword.toLowerCase())}%` });
    if (search.isPrivate !== undefined) query.andWhere('r.is_private = :isPrivate', { isPrivate: search.isPrivate });
    if (search.includePrivate === false) query.andWhere('r.is_private = :notPrivate', { notPrivate: false });
    if (search.isArchived !== undefined) query.andWhere('r.is_archived = :isArchived', { isArchived: search.isArchived });
    if (search.forkOf !== undefined) query.andWhere('r.fork_id = :forkOf', { forkOf: search.forkOf });
    if (search.reachedByTeamId !== undefined) {
      query.andWhere(
        'EXISTS (SELECT 1 FROM team rt WHERE rt.id = :reachTeam AND rt.org_id = r.owner_id AND ' +
          "(rt.includes_all_repositories = :reachAll OR rt.permission = 'owner' OR " +
          'r.id IN (SELECT rtr.repo_id FROM team_repository rtr WHERE rtr.team_id = rt.id)))',
        { reachTeam: search.reachedByTeamId, reachAll: true },
      );
    }
    if (search.accessibleToUserId !== undefined) {
      query.andWhere(new Brackets((where) => whereUserHasAccess(where, search.accessibleToUserId!, 'acc')));
    }
    if (search.viewer) applyViewer(query, search.viewer);
    const [column, direction] = ORDERS[search.order];
    query.orderBy(column, direction).addOrderBy('r.id', 'ASC').offset(search.skip).limit(search.take);
    return (await query.getManyAndCount()) as [RepositoryWithOwner[], number];
  }
}

/** Owner, collaborator, or member of a team that reaches the repository. */
function whereUserHasAccess(where: { orWhere(sql: string, params?: object): unknown }, userId: number, prefix: string): void {
  const user = `${prefix}User`;
  where.orWhere(`r.owner_id = :${user}`, { [user]: userId });
  where.orWhere(`r.id IN (SELECT ${prefix}c.repo_id FROM collaboration ${prefix}c WHERE ${prefix}c.user_id = :${user})`);
  where.orWhere(
    `r.owner_id IN (SELECT ${prefix}t.org_id FROM team ${prefix}t INNER JOIN team_member ${prefix}tm ON ${prefix}tm.team_id = ${prefix}t.id ` +
      `WHERE ${prefix}tm.user_id = :${user} AND (${prefix}t.includes_all_repositories = :${prefix}Yes OR ${prefix}t.permission = 'owner'))`,
    { [`${prefix}Yes`]: true },
  );
  where.orWhere(
    `r.id IN (SELECT ${prefix}tr.repo_id FROM team_repository ${prefix}tr INNER JOIN team_member ${prefix}trm ON ${prefix}trm.team_id = ${prefix}tr.team_id ` +
      `WHERE ${prefix}trm.user_id = :${user})`,
  );
}

/** Public repositories of owners the viewer sees, plus what the viewer has access to. */
function applyViewer(query: SelectQueryBuilder<RepositoryEntity>, viewer: RepositoryViewer): void {
  query.andWhere(
    new Brackets((where) => {
      where.orWhere(
        new Brackets((visible) => {
          visible.where('r.is_private = :viewerNotPrivate', { viewerNotPrivate: false });
          visible.andWhere(
            new Brackets((owner) => {
              owner.where('o.visibility IN (:...viewerVisibilities)', { viewerVisibilities: viewer.ownerVisibilities });
              if (viewer.userId !== undefined) {
                owner.orWhere(
                  'o.id IN (SELECT vt.org_id FROM team vt INNER JOIN team_member vtm ON vtm.team_id = vt.id WHERE vtm.user_id = :viewerId)',
                  {
                    viewerId: viewer.userId,
                  },
                );
              }
            }),
          );
        }),
      );
      if (viewer.userId !== undefined) whereUserHasAccess(where, viewer.userId, 'vw');
    }),
  );
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

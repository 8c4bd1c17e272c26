import { EntityManager } from 'typeorm';
import { NewTeam, TeamChanges, TeamNameTakenError, TeamSearch, TeamStore } from '@bellows/domain';
import { TeamEntity } from '../entities/team.entity';
import { fitsIdColumn } from '../row-id';
import { isUniqueViolation } from '../unique-violation';
import { forgetFormerPublicMembers } from './public-member.store';

/** The TeamStore port on TypeORM: teams of organizations in the `team` table. */
export class TypeOrmTeamStore implements TeamStore {
  constructor(private readonly manager: EntityManager) {}

  private get repo() {
    return this.manager.getRepository(TeamEntity);
  }

  async insert(team: NewTeam): Promise<TeamEntity> {
    try {
      return await this.repo.save(this.repo.create({ ...team, lowerName: team.name.toLowerCase() }));
    } catch (error) {
      throw isUniqueViolation(error) ? new TeamNameTakenError(team.name) : error;
    }
  }

  /**
   * Writes exactly the given columns by id, so a concurrent change of another
   * column stays; false when the team is gone (a deleted team is never written back).
   * A name taken in the organization is a TeamNameTakenError, as on insert.
   */
  async update(id: number, changes: TeamChanges): Promise<boolean> {
    if (Object.keys(changes).length === 0) return this.repo.existsBy({ id });
    const columns = changes.name === undefined ? changes : { ...changes, lowerName: changes.name.toLowerCase() };
    try {
      return ((await this.repo.update({ id }, columns)).affected ?? 0) > 0;
    } catch (error) {
      throw isUniqueViolation(error) && changes.name !== undefined ? new TeamNameTakenError(changes.name) : error;
    }
  }

  async findById(id: number): Promise<TeamEntity | null> {
    return fitsIdColumn(id) ? this.repo.findOneBy({ id }) : null;
  }

  findByOrgAndName(orgId: number, name: string): Promise<TeamEntity | null> {
    return this.repo.findOneBy({ orgId, lowerName: name.toLowerCase() });
  }

  /** The organization's Owners team: the one team with permission 'owner'. */
  findOwnersTeam(orgId: number): Promise<TeamEntity | null> {
    return this.repo.findOneBy({ orgId, permission: 'owner' });
  }

  listForOrg(orgId: number, skip: number, take: number): Promise<[TeamEntity[], number]> {
    return this.repo.findAndCount({ where: { orgId }, order: { id: 'ASC' }, skip, take });
  }

  searchInOrg(orgId: number, search: TeamSearch, skip: number, take: number): Promise<[TeamEntity[], number]> {
    const query = this.repo.createQueryBuilder('t').where('t.org_id = :orgId', { orgId });
    if (search.keyword) {
      const keyword = `%${escapeLike(search.keyword.toLowerCase())}%`;
      const inDescription = search.includeDescription ? " OR LOWER(t.description) LIKE :keyword ESCAPE '\\'" : '';
      query.andWhere(`(t.lower_name LIKE :keyword ESCAPE '\\'${inDescription})`, { keyword });
    }
    if (search.memberId !== undefined) {
      query.andWhere('t.id IN (SELECT tm.team_id FROM team_member tm WHERE tm.user_id = :memberId)', { memberId: search.memberId });
    }
    return query.orderBy('t.id', 'ASC').skip(skip).take(take).getManyAndCount();
  }

  listForUser(userId: number, skip: number, take: number): Promise<[TeamEntity[], number]> {
    return this.repo
      .createQueryBuilder('t')
      .where('t.id IN (SELECT tm.team_id FROM team_member tm WHERE tm.user_id = :userId)', { userId })
      .orderBy('t.id', 'ASC')
      .skip(skip)
      .take(take)
      .getManyAndCount();
  }

  async delete(id: number): Promise<void> {
    const team = await this.findById(id);
    await this.repo.delete({ id });
    if (team) await forgetFormerPublicMembers(this.manager, team.orgId);
  }
}

/** `%` and `_` in a keyword match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

import { EntityManager, In } from 'typeorm';
import { OwnerEntity } from '../entities/owner.entity';
import { TeamMemberEntity } from '../entities/team-member.entity';
import { TeamEntity } from '../entities/team.entity';
import type { OwnerVisibilityFilter, TeamMemberStore } from '@bellows/domain';
import { applyOwnerVisibility } from './owner-visibility-filter';
import { forgetFormerPublicMembers } from './public-member.store';

/**
 * The TeamMemberStore port on TypeORM: team memberships (`team_member`), and
 * the organization memberships they imply: a user is a member of an
 * organization when they are a member of any of its teams.
 */
export class TypeOrmTeamMemberStore implements TeamMemberStore {
  constructor(private readonly manager: EntityManager) {}

  private get repo() {
    return this.manager.getRepository(TeamMemberEntity);
  }

  private get owners() {
    return this.manager.getRepository(OwnerEntity);
  }

  /** Adds the user to the team; adding an existing member changes nothing. */
  async add(teamId: number, userId: number): Promise<void> {
    if (await this.isTeamMember(teamId, userId)) return;
    await this.repo.insert({ teamId, userId });
  }

  async remove(teamId: number, userId: number): Promise<void> {
    await this.repo.delete({ teamId, userId });
    const team = await this.manager.getRepository(TeamEntity).findOne({ select: { orgId: true }, where: { id: teamId } });
    if (team) await forgetFormerPublicMembers(this.manager, team.orgId);
  }

  async isTeamMember(teamId: number, userId: number): Promise<boolean> {
    return (await this.repo.countBy({ teamId, userId })) > 0;
  }

  countTeamMembers(teamId: number): Promise<number> {
    return this.repo.countBy({ teamId });
  }

  listTeamMembers(teamId: number, skip: number, take: number): Promise<[OwnerEntity[], number]> {
    return this.owners
      .createQueryBuilder('o')
      .where('o.id IN (SELECT tm.user_id FROM team_member tm WHERE tm.team_id = :teamId)', { teamId })
      .orderBy('o.lower_name', 'ASC')
      .skip(skip)
      .take(take)
      .getManyAndCount();
  }

  async isOrgMember(orgId: number, userId: number): Promise<boolean> {
    const count = await this.repo
      .createQueryBuilder('tm')
      .innerJoin('team', 't', 't.id = tm.team_id')
      .where('t.org_id = :orgId AND tm.user_id = :userId', { orgId, userId })
      .getCount();
    return count > 0;
  }

  listOrgMembers(orgId: number, skip: number, take: number): Promise<[OwnerEntity[], number]> {
    return this.owners
      .createQueryBuilder('o')
      .where('o.id IN (SELECT tm.user_id FROM team_member tm INNER JOIN team t ON t.id = tm.team_id WHERE t.org_id = :orgId)', { orgId })
      .orderBy('o.lower_name', 'ASC')
      .skip(skip)
      .take(take)
      .getManyAndCount();
  }

  /** Removes the user from every team of the organization. */
  async removeFromOrg(orgId: number, userId: number): Promise<void> {
    const teams = await this.manager.getRepository(TeamEntity).find({ select: { id: true }, where: { orgId } });
    if (teams.length > 0) await this.repo.delete({ userId, teamId: In(teams.map((team) => team.id)) });
    await forgetFormerPublicMembers(this.manager, orgId);
  }

  /** The organizations the user is a member of, restricted to those the filter lets a viewer see (and, if asked, to public memberships). */
  listOrgsOfUser(
    userId: number,
    skip: number,
    take: number,
    visibleTo?: OwnerVisibilityFilter,
    publicOnly = false,
  ): Promise<[OwnerEntity[], number]> {
    const query = this.owners
      .createQueryBuilder('o')
      .where('o.id IN (SELECT t.org_id FROM team t INNER JOIN team_member tm ON tm.team_id = t.id WHERE tm.user_id = :userId)', { userId });
    if (publicOnly) query.andWhere('o.id IN (SELECT p.org_id FROM org_public_member p WHERE p.user_id = :userId)', { userId });
    applyOwnerVisibility(query, 'o', visibleTo);
    return query.orderBy('o.lower_name', 'ASC').skip(skip).take(take).getManyAndCount();
  }

  /** Organizations in which the user is the only member of the Owners team. */
  soleOwnedOrgIds(userId: number): Promise<number[]> {
    return this.repo
      .createQueryBuilder('tm')
      .innerJoin('team', 't', 't.id = tm.team_id')
      .select('t.org_id', 'orgId')
      .where("tm.user_id = :userId AND t.permission = 'owner'", { userId })
      .andWhere('(SELECT COUNT(*) FROM team_member other WHERE other.team_id = t.id) = 1')
      .getRawMany<{ orgId: number | string }>()
      .then((rows) => rows.map((row) => Number(row.orgId)));
  }
}

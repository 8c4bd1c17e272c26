import { EntityManager } from 'typeorm';
import { Team, TeamRepositoryStore } from '@bellows/domain';
import { TeamEntity } from '../entities/team.entity';
import { TeamRepositoryEntity } from '../entities/team-repository.entity';
import { isUniqueViolation } from '../unique-violation';

/**
 * Which teams reach a repository: the teams of its organization that include
 * all repositories (the Owners team among them), plus those it was added to.
 */
export class TypeOrmTeamRepositoryStore implements TeamRepositoryStore {
  constructor(private readonly manager: EntityManager) {}

  private get repo() {
    return this.manager.getRepository(TeamRepositoryEntity);
  }

  async add(teamId: number, repoId: number): Promise<void> {
    if ((await this.repo.countBy({ teamId, repoId })) > 0) return;
    try {
      await this.repo.insert({ teamId, repoId });
    } catch (error) {
      // Two requests adding the same repository at once: the second finds it added.
      if (!isUniqueViolation(error)) throw error;
    }
  }

  async remove(teamId: number, repoId: number): Promise<void> {
    await this.repo.delete({ teamId, repoId });
  }

  /** Whether the team reaches the repository: it includes all of its organization's repositories, or was added to it. */
  async reaches(team: Team, repoId: number): Promise<boolean> {
    if (team.includesAllRepositories || team.permission === 'owner') return true;
    return (await this.repo.countBy({ teamId: team.id, repoId })) > 0;
  }

  /** The teams of organization `orgId` that reach repository `repoId`, in the order they were created. */
  teamsReaching(orgId: number, repoId: number): Promise<Team[]> {
    return this.manager
      .getRepository(TeamEntity)
      .createQueryBuilder('t')
      .where('t.org_id = :orgId', { orgId })
      .andWhere(
        "(t.includes_all_repositories = :yes OR t.permission = 'owner' OR t.id IN (SELECT tr.team_id FROM team_repository tr WHERE tr.repo_id = :repoId))",
        { yes: true, repoId },
      )
      .orderBy('t.id', 'ASC')
      .getMany();
  }

  /** The teams of organization `orgId` whose member `userId` may create repositories through them. */
  teamsThatMayCreate(orgId: number, userId: number): Promise<Team[]> {
    return this.manager
      .getRepository(TeamEntity)
      .createQueryBuilder('t')
      .innerJoin('team_member', 'tm', 'tm.team_id = t.id AND tm.user_id = :userId', { userId })
      .where('t.org_id = :orgId AND t.can_create_org_repo = :yes', { orgId, yes: true })
      .getMany();
  }

  /** The teams of organization `orgId` that `userId` is a member of and that reach repository `repoId`. */
  teamsOfUserReaching(orgId: number, repoId: number, userId: number): Promise<Team[]> {
    return this.manager
      .getRepository(TeamEntity)
      .createQueryBuilder('t')
      .innerJoin('team_member', 'tm', 'tm.team_id = t.id AND tm.user_id = :userId', { userId })
      .where('t.org_id = :orgId', { orgId })
      .andWhere(
        "(t.includes_all_repositories = :yes OR t.permission = 'owner' OR t.id IN (SELECT tr.team_id FROM team_repository tr WHERE tr.repo_id = :repoId))",
        { yes: true, repoId },
      )
      .getMany();
  }
}

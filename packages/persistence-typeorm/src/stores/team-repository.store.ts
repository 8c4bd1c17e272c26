import { EntityManager } from 'typeorm';
import { Team, TeamRepositoryStore } from '@bellows/domain';
import { TeamEntity } from '../entities/team.entity';
import { TeamRepositoryEntity } from '../entities/team-repository.entity';

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
    await this.repo.insert({ teamId, repoId });
  }

  async remove(teamId: number, repoId: number): Promise<void> {
    await this.repo.delete({ teamId, repoId });
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

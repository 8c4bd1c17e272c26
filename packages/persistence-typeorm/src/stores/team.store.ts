import { EntityManager } from 'typeorm';
import { TeamEntity } from '../entities/team.entity';

/** Teams of organizations. Names are looked up case-insensitively within an organization. */
export class TeamStore {
  constructor(private readonly manager: EntityManager) {}

  private get repo() {
    return this.manager.getRepository(TeamEntity);
  }

  insert(team: Omit<TeamEntity, 'id' | 'lowerName'>): Promise<TeamEntity> {
    return this.repo.save(this.repo.create({ ...team, lowerName: team.name.toLowerCase() }));
  }

  save(team: TeamEntity): Promise<TeamEntity> {
    team.lowerName = team.name.toLowerCase();
    return this.repo.save(team);
  }

  findById(id: number): Promise<TeamEntity | null> {
    return this.repo.findOneBy({ id });
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

  async delete(id: number): Promise<void> {
    await this.repo.delete({ id });
  }
}

import { Team, TeamPermission } from '@bellows/domain';
import { Database } from '../../src/database';
import { TeamEntity } from '../../src/entities/team.entity';
import { TeamMemberEntity } from '../../src/entities/team-member.entity';
import { uniqueName } from './quota-fixtures';

/** A team row of organization `orgId` with the given members, written straight to its tables. */
export async function insertTeam(
  db: Database,
  orgId: number,
  options: { permission?: TeamPermission; includesAllRepositories?: boolean; canCreateOrgRepo?: boolean; members?: number[] } = {},
): Promise<Team> {
  const name = uniqueName('team');
  const team = await db.dataSource.getRepository(TeamEntity).save({
    orgId,
    name,
    lowerName: name.toLowerCase(),
    description: '',
    permission: options.permission ?? 'read',
    includesAllRepositories: options.includesAllRepositories ?? false,
    canCreateOrgRepo: options.canCreateOrgRepo ?? false,
    unitsMap: '{}',
  });
  for (const userId of options.members ?? []) await db.dataSource.getRepository(TeamMemberEntity).insert({ teamId: team.id, userId });
  return team;
}

import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import {
  Owner,
  OwnerStore,
  Team,
  TeamChanges,
  TeamMemberStore,
  TeamNameTakenError,
  TeamStore,
  TransactionStores,
  UnitOfWork,
} from '@bellows/domain';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { definedOnly } from './account-input';
import { CreateTeamOption, EditTeamOption } from './dto/team.dto';
import { allUnitsAt, isTeamUnit, UNIT_ACCESS_LEVELS, UnitAccess, UnitsMap, unitsListToMap } from './team-units';

/** Team names follow Forgejo's rule: letters, digits, '-', '_' and '.'. */
const TEAM_NAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

/**
 * Teams of an organization and their members. The Owners team is special: it
 * cannot be deleted, renamed or given another permission, and always keeps at
 * least one member. Permission checks are the caller's.
 */
@Injectable()
export class TeamsService {
  constructor(
    private readonly teams: TeamStore,
    private readonly teamMembers: TeamMemberStore,
    private readonly owners: OwnerStore,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async findById(id: number): Promise<{ team: Team; org: Owner }> {
    const team = await this.teams.findById(id);
    const org = team && (await this.owners.findById(team.orgId));
    if (!team || !org) throw new NotFoundException(`team ${id} does not exist`);
    return { team, org };
  }

  async list(org: Owner, paging: PageRequest): Promise<PageOf<Team>> {
    const [teams, total] = await this.teams.listForOrg(org.id, paging.offset, paging.limit);
    return new PageOf(teams, total, paging);
  }

  async create(org: Owner, input: CreateTeamOption): Promise<Team> {
    assertValidTeamName(input.name);
    const permission = input.permission ?? 'read';
    const unitsMap = unitsFromInput(input, permission) ?? allUnitsAt(permission);
    return this.saveUniquelyNamed(
      input.name,
      (tx) =>
        tx.teams.insert({
          orgId: org.id,
          name: input.name,
          description: input.description ?? '',
          permission,
          includesAllRepositories: input.includes_all_repositories ?? false,
          canCreateOrgRepo: input.can_create_org_repo ?? false,
          unitsMap: JSON.stringify(unitsMap),
        }),
      org.id,
    );
  }

  /**
   * Writes exactly the given fields, by id: a change another request made
   * meanwhile to other fields stays, and a team deleted meanwhile is a 404
   * (never brought back).
   */
  async edit(team: Team, input: EditTeamOption): Promise<Team> {
    const changes: TeamChanges = definedOnly({ description: input.description, canCreateOrgRepo: input.can_create_org_repo });
    // As in Forgejo, the Owners team keeps its name, permission and units; only the rest changes.
    if (team.permission !== 'owner') {
      assertValidTeamName(input.name);
      const permission = input.permission ?? team.permission;
      const units = unitsFromInput(input, permission);
      Object.assign(
        changes,
        definedOnly({ name: input.name, permission: input.permission, includesAllRepositories: input.includes_all_repositories }),
      );
      if (units) changes.unitsMap = JSON.stringify(units);
    }
    const name = changes.name ?? team.name;
    return this.saveUniquelyNamed(
      name,
      async (tx) => {
        if (!(await tx.teams.update(team.id, changes))) throw new NotFoundException(`team ${team.id} does not exist`);
        return (await tx.teams.findById(team.id)) as Team;
      },
      team.orgId,
      team.id,
    );
  }

  async delete(team: Team): Promise<void> {
    if (team.permission === 'owner') throw new UnprocessableEntityException('the Owners team cannot be deleted');
    await this.unitOfWork.run((tx) => tx.teams.delete(team.id));
  }

  async listMembers(team: Team, paging: PageRequest): Promise<PageOf<Owner>> {
    const [members, total] = await this.teamMembers.listTeamMembers(team.id, paging.offset, paging.limit);
    return new PageOf(members, total, paging);
  }

  isMember(team: Team, user: Owner): Promise<boolean> {
    return this.teamMembers.isTeamMember(team.id, user.id);
  }

  async addMember(team: Team, user: Owner): Promise<void> {
    await this.unitOfWork.run((tx) => tx.teamMembers.add(team.id, user.id));
  }

  async removeMember(team: Team, user: Owner): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      if (!(await tx.teamMembers.isTeamMember(team.id, user.id)))
        throw new NotFoundException(`"${user.name}" is not a member of team "${team.name}"`);
      if (team.permission === 'owner' && (await tx.teamMembers.countTeamMembers(team.id)) === 1) {
        throw new UnprocessableEntityException('the last member of the Owners team cannot be removed');
      }
      await tx.teamMembers.remove(team.id, user.id);
    });
  }

  /** Writes after checking that no other team of the organization has the name (case-insensitively); Forgejo answers 422. */
  private async saveUniquelyNamed(
    name: string,
    write: (tx: TransactionStores) => Promise<Team>,
    orgId: number,
    selfId?: number,
  ): Promise<Team> {
    const taken = () => new UnprocessableEntityException(`team "${name}" already exists in this organization`);
    try {
      return await this.unitOfWork.run(async (tx) => {
        const existing = await tx.teams.findByOrgAndName(orgId, name);
        if (existing && existing.id !== selfId) throw taken();
        return write(tx);
      });
    } catch (error) {
      if (error instanceof TeamNameTakenError) throw taken();
      throw error;
    }
  }
}

function assertValidTeamName(name: string): void {
  if (!TEAM_NAME_PATTERN.test(name)) {
    throw new UnprocessableEntityException(`name: team name "${name}" may only contain letters, digits, '-', '_' and '.'`);
  }
}

/** The units the client asked for (`units_map` wins over `units`), checked; undefined when it named none. */
function unitsFromInput(input: EditTeamOption, permission: string): UnitsMap | undefined {
  const map =
    input.units_map && Object.keys(input.units_map).length > 0
      ? (input.units_map as UnitsMap)
      : input.units && input.units.length > 0
        ? unitsListToMap(input.units, permission)
        : undefined;
  if (!map) return undefined;
  for (const [unit, access] of Object.entries(map)) {
    if (!isTeamUnit(unit)) throw new UnprocessableEntityException(`units: "${unit}" is not a known unit`);
    if (!(UNIT_ACCESS_LEVELS as readonly string[]).includes(access as UnitAccess)) {
      throw new UnprocessableEntityException(
        `units_map: access "${String(access)}" for "${unit}" must be one of ${UNIT_ACCESS_LEVELS.join(', ')}`,
      );
    }
  }
  return map;
}

import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { Owner, OwnerStore, TeamStore } from '@bellows/domain';

/**
 * Protection whitelists name users and teams in the API and keep their ids:
 * a renamed user or team stays listed, a deleted one drops out of the answer.
 */
@Injectable()
export class WhitelistNames {
  constructor(
    private readonly owners: OwnerStore,
    private readonly teams: TeamStore,
  ) {}

  /** The ids of the named users; 422 naming the field for one that does not exist. */
  async userIds(field: string, names: readonly string[] | undefined): Promise<number[] | undefined> {
    if (names === undefined) return undefined;
    const ids: number[] = [];
    for (const name of new Set(names)) {
      const user = await this.owners.findByName(name);
      if (!user || user.kind !== 'user') throw new UnprocessableEntityException(`${field}: user ${name} does not exist`);
      ids.push(user.id);
    }
    return ids;
  }

  /** The ids of the named teams of the organization; teams exist only in organizations' repositories. */
  async teamIds(field: string, names: readonly string[] | undefined, owner: Owner): Promise<number[] | undefined> {
    if (names === undefined) return undefined;
    if (names.length > 0 && owner.kind !== 'organization') {
      throw new UnprocessableEntityException(`${field}: only repositories of organizations have teams`);
    }
    const ids: number[] = [];
    for (const name of new Set(names)) {
      const team = await this.teams.findByOrgAndName(owner.id, name);
      if (!team) throw new UnprocessableEntityException(`${field}: team ${name} does not exist in ${owner.name}`);
      ids.push(team.id);
    }
    return ids;
  }

  async userNames(ids: readonly number[]): Promise<string[]> {
    const names: string[] = [];
    for (const id of ids) {
      const user = await this.owners.findById(id);
      if (user) names.push(user.name);
    }
    return names;
  }

  async teamNames(ids: readonly number[]): Promise<string[]> {
    const names: string[] = [];
    for (const id of ids) {
      const team = await this.teams.findById(id);
      if (team) names.push(team.name);
    }
    return names;
  }
}

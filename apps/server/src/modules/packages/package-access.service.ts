import { ForbiddenException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { Owner, OwnerStore, Package, PackageStore, RepositoryStore, scopesAllow, TeamMemberStore, TeamStore } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { RepositoryAccess } from '../repositories/repository-access.service';

export type PackageAccessLevel = 'read' | 'write';

/** Team permissions that may publish and delete an organization's packages. */
const WRITING_TEAM_PERMISSIONS = new Set(['write', 'admin', 'owner']);

/**
 * Who may see and change an owner's packages, for the registries and the
 * package API alike. Reading needs the owner to be visible to the caller (404
 * otherwise, so private names never leak) and, for a package linked to a
 * private repository, read access to it. Writing needs a signed-in caller who
 * is the owner, a site admin, or (for an organization) one of its owners or a
 * member of a team with write permission. Tokens need the package scope.
 */
@Injectable()
export class PackageAccess {
  constructor(
    private readonly owners: OwnerStore,
    private readonly packages: PackageStore,
    private readonly repositoryStore: RepositoryStore,
    private readonly teams: TeamStore,
    private readonly teamMembers: TeamMemberStore,
    private readonly membership: OrgMembershipService,
    private readonly repositories: RepositoryAccess,
  ) {}

  /** The owner named `ownerName`, when the caller may act on its packages at `level`. */
  async owner(ownerName: string, actor: Actor | undefined, level: PackageAccessLevel): Promise<Owner> {
    if (level === 'write' && !actor) throw new UnauthorizedException('sign in to publish or delete packages');
    if (actor?.scopes && !scopesAllow(actor.scopes, 'package', level)) {
      throw new ForbiddenException(`token does not have at least one of required scope(s): [${level}:package]`);
    }
    const owner = await this.owners.findByName(ownerName);
    if (!owner || owner.id < 0 || !(await this.membership.canSee(owner, actor?.user)))
      throw new NotFoundException(`owner ${ownerName} does not exist`);
    if (level === 'write' && !(await this.mayWrite(owner, actor!.user)))
      throw new ForbiddenException(`you may not change the packages of ${owner.name}`);
    return owner;
  }

  /** The owner's package of that type and name, when it exists and the caller may see it. */
  async visiblePackage(owner: Owner, type: string, name: string, actor: Actor | undefined): Promise<Package | null> {
    const pkg = await this.packages.findPackage(owner.id, type, name);
    return pkg && (await this.maySee(owner, pkg, actor)) ? pkg : null;
  }

  /** Whether the caller may see this package (it is hidden with a private repository it is linked to). */
  async maySee(owner: Owner, pkg: Package, actor: Actor | undefined): Promise<boolean> {
    if (pkg.repoId === null) return true;
    return !(await this.hiddenRepositoryIds(owner, actor)).includes(pkg.repoId);
  }

  /** The repositories linked to the owner's packages that the caller may not read. */
  async hiddenRepositoryIds(owner: Owner, actor: Actor | undefined): Promise<number[]> {
    const hidden: number[] = [];
    for (const repoId of await this.packages.linkedRepositoryIds(owner.id)) {
      const repo = await this.repositoryStore.findById(repoId);
      if (repo?.isPrivate && (await this.repositories.permissionOf(owner, repo, actor?.user)) === 'none') hidden.push(repoId);
    }
    return hidden;
  }

  private async mayWrite(owner: Owner, user: Owner): Promise<boolean> {
    if (user.isAdmin || user.id === owner.id) return true;
    if (owner.kind !== 'organization') return false;
    if (await this.membership.isOwner(owner, user)) return true;
    const [teams] = await this.teams.listForOrg(owner.id, 0, 1000);
    for (const team of teams) {
      if (WRITING_TEAM_PERMISSIONS.has(team.permission) && (await this.teamMembers.isTeamMember(team.id, user.id))) return true;
    }
    return false;
  }
}

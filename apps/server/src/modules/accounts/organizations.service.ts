import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { Owner, OwnerChanges, OwnerNameTakenError, OwnerStore, PublicMemberStore, TeamMemberStore, UnitOfWork } from '@bellows/domain';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { assertValidEmail, assertValidOwnerName, definedOnly } from './account-input';
import { CreateOrgOption, EditOrgOption } from './dto/organization.dto';
import { visibilityFilterFor } from './org-membership.service';
import { allUnitsAt } from './team-units';
import { assertNameFree } from './users.service';

/** Creating, editing, deleting and listing organizations. Permission checks are the caller's. */
@Injectable()
export class OrganizationsService {
  constructor(
    private readonly owners: OwnerStore,
    private readonly teamMembers: TeamMemberStore,
    private readonly publicMembers: PublicMemberStore,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** Creates the organization with its Owners team, whose only member is `creator`. */
  async create(creator: Owner, input: CreateOrgOption): Promise<Owner> {
    assertValidOwnerName(input.username);
    if (input.email) assertValidEmail(input.email);
    const now = new Date();
    try {
      return await this.unitOfWork.run(async (tx) => {
        await assertNameFree(tx.owners, input.username);
        const org = await tx.owners.insert({
          name: input.username,
          kind: 'organization',
          fullName: input.full_name ?? '',
          email: input.email ?? '',
          passwordHash: null,
          isAdmin: false,
          isActive: true,
          prohibitLogin: false,
          visibility: input.visibility ?? 'public',
          description: input.description ?? '',
          website: input.website ?? '',
          location: input.location ?? '',
          totpSecret: null,
          totpEnabled: false,
          createdAt: now,
          updatedAt: now,
          lastLoginAt: null,
        });
        const owners = await tx.teams.insert({
          orgId: org.id,
          name: 'Owners',
          description: '',
          permission: 'owner',
          includesAllRepositories: true,
          canCreateOrgRepo: true,
          unitsMap: JSON.stringify(allUnitsAt('admin')),
        });
        await tx.teamMembers.add(owners.id, creator.id);
        return org;
      });
    } catch (error) {
      if (error instanceof OwnerNameTakenError) {
        throw new UnprocessableEntityException(`name "${input.username}" is already taken by a user or organization`);
      }
      throw error;
    }
  }

  /**
   * Writes exactly the given fields, by id: a change another request made
   * meanwhile to other fields stays, and an organization deleted meanwhile is
   * a 404 (never brought back).
   */
  async edit(org: Owner, input: EditOrgOption): Promise<Owner> {
    if (input.email) assertValidEmail(input.email);
    const changes: OwnerChanges = {
      ...definedOnly({
        fullName: input.full_name,
        email: input.email,
        description: input.description,
        website: input.website,
        location: input.location,
        visibility: input.visibility,
      }),
      updatedAt: new Date(),
    };
    return this.unitOfWork.run(async (tx) => {
      if (!(await tx.owners.update(org.id, changes))) throw new NotFoundException(`organization "${org.name}" does not exist`);
      return (await tx.owners.findById(org.id)) as Owner;
    });
  }

  /** Deletes the organization; its teams and memberships go with it. */
  async delete(org: Owner): Promise<void> {
    await this.unitOfWork.run((tx) => tx.owners.delete(org.id));
  }

  /** Every organization `viewer` may see. */
  async listVisible(viewer: Owner | undefined, paging: PageRequest): Promise<PageOf<Owner>> {
    const [orgs, total] = await this.owners.search(
      { kind: 'organization', visibleTo: visibilityFilterFor(viewer) },
      paging.offset,
      paging.limit,
    );
    return new PageOf(orgs, total, paging);
  }

  /**
   * The organizations `user` belongs to that `viewer` may see. As in Forgejo,
   * others than the user and site admins see only the memberships the user
   * made public.
   */
  async listOfUser(user: Owner, viewer: Owner | undefined, paging: PageRequest): Promise<PageOf<Owner>> {
    const publicOnly = !viewer?.isAdmin && viewer?.id !== user.id;
    const [orgs, total] = await this.teamMembers.listOrgsOfUser(
      user.id,
      paging.offset,
      paging.limit,
      visibilityFilterFor(viewer),
      publicOnly,
    );
    return new PageOf(orgs, total, paging);
  }

  /** Every member, or with `publicOnly` those who made their membership public. */
  async listMembers(org: Owner, paging: PageRequest, publicOnly = false): Promise<PageOf<Owner>> {
    const [members, total] = publicOnly
      ? await this.publicMembers.listPublicMembers(org.id, paging.offset, paging.limit)
      : await this.teamMembers.listOrgMembers(org.id, paging.offset, paging.limit);
    return new PageOf(members, total, paging);
  }

  /** Removes the user from every team of the organization, unless that would leave it without an owner. */
  async removeMember(org: Owner, user: Owner): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      const owners = await tx.teams.findOwnersTeam(org.id);
      if (owners && (await tx.teamMembers.isTeamMember(owners.id, user.id)) && (await tx.teamMembers.countTeamMembers(owners.id)) === 1) {
        throw new UnprocessableEntityException(`"${user.name}" is the last owner of "${org.name}" and cannot be removed`);
      }
      await tx.teamMembers.removeFromOrg(org.id, user.id);
    });
  }
}

import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { Owner, OwnerChanges, OwnerNameTakenError, OwnerStore, UnitOfWork } from '@bellows/domain';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { assertValidEmail, assertValidOwnerName, assertValidPassword, definedOnly, Visibility } from './account-input';
import { EditUserOption } from './dto/user.dto';
import { visibilityFilterFor } from './org-membership.service';
import { hashPassword } from './password-hasher';
import { findSystemUserByName, isSystemUserId, SYSTEM_USERS } from './system-users';

export interface CreateUserInput {
  username: string;
  email: string;
  password: string;
  isAdmin?: boolean;
  fullName?: string;
  visibility?: Visibility;
}

/**
 * Creating and finding user accounts. Used by the API and by the
 * `bellows admin user create` command, so every rule lives here once.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly owners: OwnerStore,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async createUser(input: CreateUserInput): Promise<Owner> {
    assertValidOwnerName(input.username);
    assertValidEmail(input.email);
    assertValidPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    const now = new Date();
    try {
      return await this.unitOfWork.run(async (tx) => {
        await assertNameFree(tx.owners, input.username);
        await assertEmailFree(tx.owners, input.email);
        return tx.owners.insert({
          name: input.username,
          kind: 'user',
          fullName: input.fullName ?? '',
          email: input.email,
          passwordHash,
          isAdmin: input.isAdmin ?? false,
          isActive: true,
          prohibitLogin: false,
          visibility: input.visibility ?? 'public',
          description: '',
          website: '',
          location: '',
          totpSecret: null,
          totpEnabled: false,
          createdAt: now,
          updatedAt: now,
          lastLoginAt: null,
        });
      });
    } catch (error) {
      // A concurrent sign-up can pass the checks above and still lose the race at the unique index.
      if (error instanceof OwnerNameTakenError) throw new UnprocessableEntityException(`user "${input.username}" already exists`);
      throw error;
    }
  }

  /**
   * Applies an admin's edit: exactly the given fields are written, by id, so a
   * change another request made meanwhile to other fields stays, and a user
   * deleted meanwhile is a 404 (never brought back).
   */
  async editUser(user: Owner, input: EditUserOption): Promise<Owner> {
    assertNotSystemUser(user);
    if (input.email !== undefined) assertValidEmail(input.email);
    const changes: OwnerChanges = definedOnly({
      email: input.email,
      fullName: input.full_name,
      isAdmin: input.admin,
      isActive: input.active,
      prohibitLogin: input.prohibit_login,
      description: input.description,
      website: input.website,
      location: input.location,
      visibility: input.visibility,
    });
    if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password);
    changes.updatedAt = new Date();
    return this.unitOfWork.run(async (tx) => {
      if (input.email !== undefined) await assertEmailFree(tx.owners, input.email, user.id);
      if (!(await tx.owners.update(user.id, changes))) throw new NotFoundException(`user "${user.name}" does not exist`);
      return (await tx.owners.findById(user.id)) as Owner;
    });
  }

  /**
   * Deletes the user with their tokens and team memberships. As in Forgejo, a
   * member of organizations is refused unless `purge` is set; even then a user
   * who is the only owner of an organization is refused, so no organization is
   * left without an owner.
   */
  async deleteUser(user: Owner, purge: boolean): Promise<void> {
    assertNotSystemUser(user);
    await this.unitOfWork.run(async (tx) => {
      const [orgs] = await tx.teamMembers.listOrgsOfUser(user.id, 0, 1);
      if (orgs.length > 0 && !purge) {
        throw new UnprocessableEntityException(
          `user "${user.name}" is still a member of organizations; remove them first or use purge=true`,
        );
      }
      if ((await tx.teamMembers.soleOwnedOrgIds(user.id)).length > 0) {
        throw new UnprocessableEntityException(
          `user "${user.name}" is the only owner of an organization; give it another owner or delete it first`,
        );
      }
      await tx.owners.delete(user.id);
    });
  }

  /**
   * Users matching `keyword` (name or full name) or `id` that `viewer` may see.
   * The system users come first when they match, though they have no rows.
   */
  async search(query: { keyword?: string; id?: number }, viewer: Owner | undefined, paging: PageRequest): Promise<PageOf<Owner>> {
    const system = SYSTEM_USERS.filter((user) => systemUserMatches(user, query));
    const fromSystem = system.slice(paging.offset, paging.offset + paging.limit);
    const skip = Math.max(0, paging.offset - system.length);
    const take = paging.limit - fromSystem.length;
    const search = { kind: 'user' as const, keyword: query.keyword, id: query.id, visibleTo: visibilityFilterFor(viewer) };
    const [rows, total] = await this.owners.search(search, skip, Math.max(take, 1));
    return new PageOf([...fromSystem, ...rows.slice(0, take)], system.length + total, paging);
  }

  /** Every user, for site admins. */
  async listAll(paging: PageRequest): Promise<PageOf<Owner>> {
    const [rows, total] = await this.owners.search({ kind: 'user' }, paging.offset, paging.limit);
    return new PageOf(rows, total, paging);
  }

  /** Like findUserByName, but a missing user is a 404. */
  async requireUserByName(name: string): Promise<Owner> {
    const user = await this.findUserByName(name);
    if (!user) throw new NotFoundException(`user "${name}" does not exist`);
    return user;
  }

  /** A user that has a row (no system user), as needed to own or join anything; otherwise 404. */
  async requireStoredUserByName(name: string): Promise<Owner> {
    const owner = findSystemUserByName(name) ? null : await this.owners.findByName(name);
    if (owner?.kind !== 'user') throw new NotFoundException(`user "${name}" does not exist`);
    return owner;
  }

  /** A user (never an organization) by name, case-insensitively; system users included. */
  async findUserByName(name: string): Promise<Owner | null> {
    const system = findSystemUserByName(name);
    if (system) return system;
    const owner = await this.owners.findByName(name);
    return owner?.kind === 'user' ? owner : null;
  }
}

/** Users and organizations share one namespace, so a name is taken by either. Forgejo answers 422. */
export async function assertNameFree(owners: OwnerStore, name: string): Promise<void> {
  if (findSystemUserByName(name) || (await owners.findByName(name))) {
    throw new UnprocessableEntityException(`name "${name}" is already taken by a user or organization`);
  }
}

export async function assertEmailFree(owners: OwnerStore, email: string, exceptUserId?: number): Promise<void> {
  const holder = await owners.findUserByEmail(email);
  if (holder && holder.id !== exceptUserId) throw new UnprocessableEntityException(`e-mail address "${email}" is already used`);
}

function assertNotSystemUser(user: Owner): void {
  if (isSystemUserId(user.id)) throw new UnprocessableEntityException(`"${user.name}" is a system user and cannot be changed or deleted`);
}

/** A system user matches an explicit id, or a non-empty keyword in its name or full name. */
function systemUserMatches(user: Owner, query: { keyword?: string; id?: number }): boolean {
  if (query.id !== undefined) return query.id === user.id && (!query.keyword || includesKeyword(user, query.keyword));
  return !!query.keyword && includesKeyword(user, query.keyword);
}

function includesKeyword(user: Owner, keyword: string): boolean {
  const lower = keyword.toLowerCase();
  return user.lowerName.includes(lower) || user.fullName.toLowerCase().includes(lower);
}

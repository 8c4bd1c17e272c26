import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { Database, isUniqueViolation, OwnerEntity } from '@bellows/persistence-typeorm';
import { PageOf } from '../../http/page-of';
import { PageRequest } from '../../http/pagination';
import { assertValidEmail, assertValidOwnerName, assertValidPassword, Visibility } from './account-input';
import { EditUserOption } from './dto/user-options.dto';
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
  constructor(private readonly db: Database) {}

  async createUser(input: CreateUserInput): Promise<OwnerEntity> {
    assertValidOwnerName(input.username);
    assertValidEmail(input.email);
    assertValidPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    const now = new Date();
    try {
      return await this.db.transaction(async (tx) => {
        await assertNameFree(tx, input.username);
        await assertEmailFree(tx, input.email);
        return tx.owners.insert({
          name: input.username, kind: 'user', fullName: input.fullName ?? '', email: input.email, passwordHash,
          isAdmin: input.isAdmin ?? false, isActive: true, prohibitLogin: false, visibility: input.visibility ?? 'public',
          description: '', website: '', location: '', totpSecret: null, totpEnabled: false,
          createdAt: now, updatedAt: now, lastLoginAt: null,
        });
      });
    } catch (error) {
      // A concurrent sign-up can pass the checks above and still lose the race at the unique index.
      if (isUniqueViolation(error)) throw new UnprocessableEntityException(`user "${input.username}" already exists`);
      throw error;
    }
  }

  /** Applies an admin's edit; absent fields stay as they are. */
  async editUser(user: OwnerEntity, input: EditUserOption): Promise<OwnerEntity> {
    assertNotSystemUser(user);
    if (input.email !== undefined) assertValidEmail(input.email);
    if (input.password !== undefined) user.passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      if (input.email !== undefined) await assertEmailFree(tx, input.email, user.id);
      user.email = input.email ?? user.email;
      user.fullName = input.full_name ?? user.fullName;
      user.isAdmin = input.admin ?? user.isAdmin;
      user.isActive = input.active ?? user.isActive;
      user.prohibitLogin = input.prohibit_login ?? user.prohibitLogin;
      user.description = input.description ?? user.description;
      user.website = input.website ?? user.website;
      user.location = input.location ?? user.location;
      user.visibility = input.visibility ?? user.visibility;
      user.updatedAt = new Date();
      return tx.owners.save(user);
    });
  }

  /**
   * Deletes the user with their tokens and team memberships. As in Forgejo, a
   * member of organizations is refused unless `purge` is set; even then a user
   * who is the only owner of an organization is refused, so no organization is
   * left without an owner.
   */
  async deleteUser(user: OwnerEntity, purge: boolean): Promise<void> {
    assertNotSystemUser(user);
    await this.db.transaction(async (tx) => {
      const [orgs] = await tx.teamMembers.listOrgsOfUser(user.id, 0, 1);
      if (orgs.length > 0 && !purge) {
        throw new UnprocessableEntityException(`user "${user.name}" is still a member of organizations; remove them first or use purge=true`);
      }
      if ((await tx.teamMembers.soleOwnedOrgIds(user.id)).length > 0) {
        throw new UnprocessableEntityException(`user "${user.name}" is the only owner of an organization; give it another owner or delete it first`);
      }
      await tx.owners.delete(user.id);
    });
  }

  /**
   * Users matching `keyword` (name or full name) or `id` that `viewer` may see.
   * The system users come first when they match, though they have no rows.
   */
  async search(query: { keyword?: string; id?: number }, viewer: OwnerEntity | undefined, paging: PageRequest): Promise<PageOf<OwnerEntity>> {
    const system = SYSTEM_USERS.filter((user) => systemUserMatches(user, query));
    const fromSystem = system.slice(paging.offset, paging.offset + paging.limit);
    const skip = Math.max(0, paging.offset - system.length);
    const take = paging.limit - fromSystem.length;
    const [rows, total] = await this.db.owners.search({ kind: 'user', keyword: query.keyword, id: query.id, visibleTo: visibilityFilterFor(viewer) }, skip, Math.max(take, 1));
    return new PageOf([...fromSystem, ...rows.slice(0, take)], system.length + total, paging);
  }

  /** Every user, for site admins. */
  async listAll(paging: PageRequest): Promise<PageOf<OwnerEntity>> {
    const [rows, total] = await this.db.owners.search({ kind: 'user' }, paging.offset, paging.limit);
    return new PageOf(rows, total, paging);
  }

  /** Like findUserByName, but a missing user is a 404. */
  async requireUserByName(name: string): Promise<OwnerEntity> {
    const user = await this.findUserByName(name);
    if (!user) throw new NotFoundException(`user "${name}" does not exist`);
    return user;
  }

  /** A user that has a row (no system user), as needed to own or join anything; otherwise 404. */
  async requireStoredUserByName(name: string): Promise<OwnerEntity> {
    const owner = findSystemUserByName(name) ? null : await this.db.owners.findByName(name);
    if (owner?.kind !== 'user') throw new NotFoundException(`user "${name}" does not exist`);
    return owner;
  }

  /** A user (never an organization) by name, case-insensitively; system users included. */
  async findUserByName(name: string): Promise<OwnerEntity | null> {
    const system = findSystemUserByName(name);
    if (system) return system;
    const owner = await this.db.owners.findByName(name);
    return owner?.kind === 'user' ? owner : null;
  }
}

/** Users and organizations share one namespace, so a name is taken by either. Forgejo answers 422. */
export async function assertNameFree(db: Database, name: string): Promise<void> {
  if (findSystemUserByName(name) || (await db.owners.findByName(name))) {
    throw new UnprocessableEntityException(`name "${name}" is already taken by a user or organization`);
  }
}

export async function assertEmailFree(db: Database, email: string, exceptUserId?: number): Promise<void> {
  const holder = await db.owners.findUserByEmail(email);
  if (holder && holder.id !== exceptUserId) throw new UnprocessableEntityException(`e-mail address "${email}" is already used`);
}

function assertNotSystemUser(user: OwnerEntity): void {
  if (isSystemUserId(user.id)) throw new UnprocessableEntityException(`"${user.name}" is a system user and cannot be changed or deleted`);
}

/** A system user matches an explicit id, or a non-empty keyword in its name or full name. */
function systemUserMatches(user: OwnerEntity, query: { keyword?: string; id?: number }): boolean {
  if (query.id !== undefined) return query.id === user.id && (!query.keyword || includesKeyword(user, query.keyword));
  return !!query.keyword && includesKeyword(user, query.keyword);
}

function includesKeyword(user: OwnerEntity, keyword: string): boolean {
  const lower = keyword.toLowerCase();
  return user.lowerName.includes(lower) || user.fullName.toLowerCase().includes(lower);
}

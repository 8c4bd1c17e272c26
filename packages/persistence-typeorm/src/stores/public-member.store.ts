import { EntityManager } from 'typeorm';
import { PublicMemberStore } from '@bellows/domain';
import { OrgPublicMemberEntity } from '../entities/org-public-member.entity';
import { OwnerEntity } from '../entities/owner.entity';
import { isUniqueViolation } from '../unique-violation';

/** Members of the organization: users in any of its teams (a subquery on `:orgId`). */
const ORG_MEMBER_IDS = 'SELECT tm.user_id FROM team_member tm INNER JOIN team t ON t.id = tm.team_id WHERE t.org_id = :orgId';

/** PublicMemberStore on TypeORM: the `org_public_member` table, read together with team memberships. */
export class TypeOrmPublicMemberStore implements PublicMemberStore {
  constructor(private readonly manager: EntityManager) {}

  private get rows() {
    return this.manager.getRepository(OrgPublicMemberEntity);
  }

  async publicize(orgId: number, userId: number): Promise<void> {
    if (await this.rows.existsBy({ orgId, userId })) return;
    try {
      await this.rows.insert({ orgId, userId });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error; // publicized at the same moment by another request
    }
  }

  async conceal(orgId: number, userId: number): Promise<void> {
    await this.rows.delete({ orgId, userId });
  }

  async isPublicMember(orgId: number, userId: number): Promise<boolean> {
    const count = await this.rows
      .createQueryBuilder('p')
      .where('p.org_id = :orgId AND p.user_id = :userId', { orgId, userId })
      .andWhere(`p.user_id IN (${ORG_MEMBER_IDS})`)
      .getCount();
    return count > 0;
  }

  listPublicMembers(orgId: number, skip: number, take: number): Promise<[OwnerEntity[], number]> {
    return this.manager
      .getRepository(OwnerEntity)
      .createQueryBuilder('o')
      .where('o.id IN (SELECT p.user_id FROM org_public_member p WHERE p.org_id = :orgId)', { orgId })
      .andWhere(`o.id IN (${ORG_MEMBER_IDS})`)
      .orderBy('o.lower_name', 'ASC')
      .skip(skip)
      .take(take)
      .getManyAndCount();
  }
}

/**
 * Forgets the public flag of users who are no longer members of organization
 * `orgId`, so someone who leaves and is added again starts concealed, as in
 * Forgejo (where leaving deletes the membership row with its flag). The team
 * stores call it after every change that can end a membership.
 */
export async function forgetFormerPublicMembers(manager: EntityManager, orgId: number): Promise<void> {
  await manager
    .createQueryBuilder()
    .delete()
    .from(OrgPublicMemberEntity)
    .where('org_id = :orgId', { orgId })
    .andWhere(`user_id NOT IN (${ORG_MEMBER_IDS})`)
    .execute();
}

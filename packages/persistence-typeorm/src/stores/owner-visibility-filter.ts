import { SelectQueryBuilder } from 'typeorm';
import type { OwnerVisibilityFilter } from '@bellows/domain';
import { OwnerEntity } from '../entities/owner.entity';

/** Restricts a query over owners aliased `alias` to what the filter lets through. */
export function applyOwnerVisibility(
  query: SelectQueryBuilder<OwnerEntity>,
  alias: string,
  filter: OwnerVisibilityFilter | undefined,
): void {
  if (!filter) return;
  const clauses = [`${alias}.visibility IN (:...visibleKinds)`];
  query.setParameter('visibleKinds', filter.visibilities.length ? filter.visibilities : ['public']);
  if (filter.orId !== undefined) {
    clauses.push(`${alias}.id = :visibleSelfId`);
    query.setParameter('visibleSelfId', filter.orId);
  }
  if (filter.orMemberOfUserId !== undefined) {
    clauses.push(
      `${alias}.id IN (SELECT vt.org_id FROM team vt INNER JOIN team_member vtm ON vtm.team_id = vt.id WHERE vtm.user_id = :visibleMemberId)`,
    );
    query.setParameter('visibleMemberId', filter.orMemberOfUserId);
  }
  query.andWhere(`(${clauses.join(' OR ')})`);
}

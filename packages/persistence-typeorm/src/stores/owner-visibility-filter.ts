import { SelectQueryBuilder } from 'typeorm';
import { OwnerEntity, OwnerVisibility } from '../entities/owner.entity';

/**
 * Which owners a viewer may see in a list: those with one of `visibilities`,
 * plus the viewer's own account (`orId`) and the organizations the viewer is a
 * member of (`orMemberOfUserId`). No filter at all means "everything" (site admins).
 */
export interface OwnerVisibilityFilter {
  visibilities: OwnerVisibility[];
  orId?: number;
  orMemberOfUserId?: number;
}

/** Restricts a query over owners aliased `alias` to what the filter lets through. */
export function applyOwnerVisibility(query: SelectQueryBuilder<OwnerEntity>, alias: string, filter: OwnerVisibilityFilter | undefined): void {
  if (!filter) return;
  const clauses = [`${alias}.visibility IN (:...visibleKinds)`];
  query.setParameter('visibleKinds', filter.visibilities.length ? filter.visibilities : ['public']);
  if (filter.orId !== undefined) {
    clauses.push(`${alias}.id = :visibleSelfId`);
    query.setParameter('visibleSelfId', filter.orId);
  }
  if (filter.orMemberOfUserId !== undefined) {
    clauses.push(`${alias}.id IN (SELECT vt.org_id FROM team vt INNER JOIN team_member vtm ON vtm.team_id = vt.id WHERE vtm.user_id = :visibleMemberId)`);
    query.setParameter('visibleMemberId', filter.orMemberOfUserId);
  }
  query.andWhere(`(${clauses.join(' OR ')})`);
}

import { UnprocessableEntityException } from '@nestjs/common';
import { RepositoryOrder } from '@bellows/domain';

/**
 * Forgejo's `order_by` values for repository lists. Stars and forks do not
 * exist here, so those orders fall back to the id. `size` is git plus LFS.
 */
const ORDER_BY: Record<string, RepositoryOrder> = {
  name: 'alphabetically',
  alphabetically: 'alphabetically',
  reversealphabetically: 'reversealphabetically',
  id: 'id',
  newest: 'newest',
  oldest: 'oldest',
  recentupdate: 'recentupdate',
  leastupdate: 'leastupdate',
  size: 'size',
  reversesize: 'reversesize',
  gitsize: 'gitsize',
  reversegitsize: 'reversegitsize',
  lfssize: 'lfssize',
  reverselfssize: 'reverselfssize',
  moststars: 'id',
  feweststars: 'id',
  mostforks: 'id',
  fewestforks: 'id',
};

export const ORDER_BY_VALUES = Object.keys(ORDER_BY);

/** `repoSearch`'s `sort` attribute, ascending and descending. */
const SORT: Record<string, [RepositoryOrder, RepositoryOrder]> = {
  alpha: ['alphabetically', 'reversealphabetically'],
  created: ['oldest', 'newest'],
  updated: ['leastupdate', 'recentupdate'],
  size: ['size', 'reversesize'],
  git_size: ['gitsize', 'reversegitsize'],
  lfs_size: ['lfssize', 'reverselfssize'],
  id: ['id', 'id'],
  stars: ['id', 'id'],
  forks: ['id', 'id'],
};

export const SORT_VALUES = Object.keys(SORT);

/** Reads `order_by`; missing means `fallback`, an unknown value is 422 naming it. */
export function parseOrderBy(value: unknown, fallback: RepositoryOrder): RepositoryOrder {
  if (value === undefined || value === '') return fallback;
  const order = typeof value === 'string' ? ORDER_BY[value.toLowerCase()] : undefined;
  if (!order) throw new UnprocessableEntityException(`order_by must be one of ${ORDER_BY_VALUES.join(', ')}`);
  return order;
}

/** Reads `sort` and `order` (asc|desc) of the search; `order_by` wins when given. */
export function parseSearchOrder(query: { sort?: unknown; order?: unknown; order_by?: unknown }): RepositoryOrder {
  if (query.order_by !== undefined && query.order_by !== '') return parseOrderBy(query.order_by, 'alphabetically');
  if (query.sort === undefined || query.sort === '') return 'alphabetically';
  const pair = typeof query.sort === 'string' ? SORT[query.sort.toLowerCase()] : undefined;
  if (!pair) throw new UnprocessableEntityException(`sort must be one of ${SORT_VALUES.join(', ')}`);
  const order = query.order === undefined || query.order === '' ? 'asc' : String(query.order).toLowerCase();
  if (order !== 'asc' && order !== 'desc') throw new UnprocessableEntityException('order must be asc or desc');
  return order === 'asc' ? pair[0] : pair[1];
}

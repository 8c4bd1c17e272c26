import { BadRequestException, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';

/** A 1-based page of at most `limit` items. */
export interface PageRequest {
  page: number;
  limit: number;
  /** Rows to skip: (page - 1) * limit. */
  offset: number;
}

export interface PagingDefaults {
  defaultPagingNum: number;
  maxResponseItems: number;
}

function positiveInteger(raw: unknown, name: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) {
    throw new BadRequestException(`${name} must be a positive whole number`);
  }
  return Number(value);
}

/**
 * Reads `page` and `limit` the way Forgejo does: page 0 or missing is page 1; a
 * missing or zero limit is `[api] DEFAULT_PAGING_NUM`, and no limit exceeds
 * `[api] MAX_RESPONSE_ITEMS`.
 */
export function pageRequestFrom(query: Record<string, unknown>, defaults: PagingDefaults): PageRequest {
  const page = Math.max(1, positiveInteger(query.page, 'page') ?? 1);
  const askedLimit = positiveInteger(query.limit, 'limit');
  const limit = Math.min(askedLimit && askedLimit > 0 ? askedLimit : defaults.defaultPagingNum, defaults.maxResponseItems);
  return { page, limit, offset: (page - 1) * limit };
}

/** Parameter decorator: `@Paging() paging: PageRequest`. The defaults come from the config the app was built with. */
export const Paging = createParamDecorator((_data: unknown, context: ExecutionContext): PageRequest => {
  const request = context.switchToHttp().getRequest<FastifyRequest & { pagingDefaults?: PagingDefaults }>();
  const defaults = request.pagingDefaults ?? { defaultPagingNum: 30, maxResponseItems: 50 };
  return pageRequestFrom((request.query ?? {}) as Record<string, unknown>, defaults);
});

/**
 * Sets `X-Total-Count` and a `Link` header (next, last, first, prev as they apply)
 * on a list response, as Forgejo does.
 */
export function setPaginationHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  paging: PageRequest,
  total: number,
  rootUrl: string,
): void {
  reply.header('X-Total-Count', String(total));
  const lastPage = Math.max(1, Math.ceil(total / paging.limit));
  const base = new URL(request.url, rootUrl);
  const link = (page: number, rel: string) => {
    base.searchParams.set('page', String(page));
    base.searchParams.set('limit', String(paging.limit));
    return `<${base.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (paging.page < lastPage) links.push(link(paging.page + 1, 'next'), link(lastPage, 'last'));
  if (paging.page > 1) links.push(link(1, 'first'), link(paging.page - 1, 'prev'));
  if (links.length > 0) reply.header('Link', links.join(','));
  reply.header('Access-Control-Expose-Headers', 'X-Total-Count, Link');
}

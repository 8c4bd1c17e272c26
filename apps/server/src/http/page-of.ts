import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { map, Observable } from 'rxjs';
import { PageRequest, setPaginationHeaders } from './pagination';

/**
 * What a list operation returns: one page of items and the total. The
 * PaginationInterceptor turns it into the JSON array plus the `X-Total-Count`
 * and `Link` headers, so controllers never touch headers themselves.
 */
export class PageOf<T> {
  constructor(
    readonly items: T[],
    readonly total: number,
    readonly paging: PageRequest,
  ) {}

  map<U>(convert: (item: T) => U): PageOf<U> {
    return new PageOf(this.items.map(convert), this.total, this.paging);
  }
}

@Injectable()
export class PaginationInterceptor implements NestInterceptor {
  constructor(private readonly rootUrl: string) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result) => {
        if (!(result instanceof PageOf)) return result;
        const http = context.switchToHttp();
        setPaginationHeaders(
          http.getRequest<FastifyRequest>(),
          http.getResponse<FastifyReply>(),
          result.paging,
          result.total,
          this.rootUrl,
        );
        return result.items;
      }),
    );
  }
}

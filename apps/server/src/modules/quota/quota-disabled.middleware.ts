import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { ServerResponse } from 'http';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { apiDocsUrl } from '../../http/api-error.filter';

/**
 * Mounted in front of every quota route when `[quota] ENABLED = false`: the
 * routes answer 404 as if they did not exist, before any sign-in check, while
 * the stores keep counting so that turning quota on later needs no recount.
 * Middleware gets the raw response (exception filters expect Fastify's reply),
 * so it writes the APIError body itself.
 */
@Injectable()
export class QuotaDisabledMiddleware implements NestMiddleware {
  private readonly body: string;

  constructor(@Inject(CONFIG) config: BellowsConfig) {
    this.body = JSON.stringify({ message: 'quota is not enabled on this server', url: apiDocsUrl(config.server.rootUrl) });
  }

  use(_request: unknown, response: ServerResponse): void {
    response.statusCode = 404;
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.end(this.body);
  }
}

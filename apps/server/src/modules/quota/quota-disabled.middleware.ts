import { Injectable, NestMiddleware, NotFoundException } from '@nestjs/common';

/**
 * Mounted in front of every quota route when `[quota] ENABLED = false`: the
 * routes answer 404 as if they did not exist, before any sign-in check, while
 * the stores keep counting so that turning quota on later needs no recount.
 */
@Injectable()
export class QuotaDisabledMiddleware implements NestMiddleware {
  use(): void {
    throw new NotFoundException('quota is not enabled on this server');
  }
}

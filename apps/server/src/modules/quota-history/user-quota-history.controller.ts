import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { QuotaHistoryInfo } from './dto/quota-history.dto';
import { historyRoute } from './history-query.decorator';
import { QuotaHistory, RawHistoryQuery } from './quota-history.service';

/** The signed-in user's usage history: `/user/quota/history`. */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn({ status: 403 })
@Controller('user/quota/history')
export class UserQuotaHistoryController {
  constructor(private readonly history: QuotaHistory) {}

  @Get()
  @historyRoute()
  userGetQuotaHistory(@CurrentActor() actor: Actor, @Query() query: RawHistoryQuery): Promise<QuotaHistoryInfo> {
    return this.history.answer({ ownerId: actor.user.id }, query);
  }
}

import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { QuotaHistoryInfo } from './dto/quota-history.dto';

/** The query and answers every history route shares. */
export function historyRoute(): MethodDecorator {
  return applyDecorators(
    ApiQuery({ name: 'subject', required: false, type: 'string', description: 'a quota subject; default size:all' }),
    ApiQuery({
      name: 'from',
      required: false,
      type: 'string',
      format: 'date',
      description: 'first day (UTC, YYYY-MM-DD); default 89 days before to',
    }),
    ApiQuery({ name: 'to', required: false, type: 'string', format: 'date', description: 'last day (UTC, YYYY-MM-DD); default today' }),
    ApiOkResponse({ type: QuotaHistoryInfo }),
    ApiUnprocessableEntityResponse({
      description: 'not a quota subject, not a YYYY-MM-DD day, from after to, or more days than HISTORY_DAYS',
    }),
  );
}

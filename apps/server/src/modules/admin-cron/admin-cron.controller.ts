import { Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { RequireSiteAdmin, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { paged } from '../accounts/orgs.controller';
import { CronTask, JobScheduler } from './job-scheduler';

/** Go's zero time: what Forgejo shows for a task that never ran or is not scheduled. */
const NEVER = '0001-01-01T00:00:00Z';

/** Forgejo's `Cron`. */
export class ApiCron {
  @ApiProperty() name!: string;
  @ApiProperty() schedule!: string;
  @ApiProperty({ format: 'date-time' }) next!: string;
  @ApiProperty({ format: 'date-time' }) prev!: string;
  @ApiProperty({ type: 'integer', format: 'int64' }) exec_times!: number;
}

function toApiCron(task: CronTask): ApiCron {
  return {
    name: task.name,
    schedule: task.schedule,
    next: task.next?.toISOString() ?? NEVER,
    prev: task.prev?.toISOString() ?? NEVER,
    exec_times: task.execTimes,
  };
}

/** `/admin/cron…`: site admins see the server's periodic jobs and run one now. */
@ApiTags('admin')
@ScopeGroup('admin')
@RequireSiteAdmin()
@Controller('admin/cron')
export class AdminCronController {
  constructor(@Inject(JobScheduler) private readonly scheduler: JobScheduler) {}

  @Get()
  @paged()
  @ApiOkResponse({ type: [ApiCron] })
  async adminCronList(@Paging() paging: PageRequest): Promise<PageOf<ApiCron>> {
    const all = await this.scheduler.list();
    return new PageOf(all.slice(paging.offset, paging.offset + paging.limit).map(toApiCron), all.length, paging);
  }

  /**
   * Unlike Forgejo, which starts the task and answers at once, this answers when the run is over, so its effect is
   * visible right after; a run under way on any instance is joined, not doubled.
   */
  @Post(':task')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the task ran' })
  @ApiNotFoundResponse({ description: 'no such task' })
  async adminCronRun(@Param('task') name: string): Promise<void> {
    await this.scheduler.runNow(name);
  }
}

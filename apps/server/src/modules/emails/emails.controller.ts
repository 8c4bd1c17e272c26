import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, RequireSiteAdmin, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { paged } from '../accounts/orgs.controller';
import { ApiEmail, CreateEmailOption, DeleteEmailOption } from './dto/email.dto';
import { EmailsService } from './emails.service';

/** The signed-in user's addresses: `/user/emails`. */
@ApiTags('user')
@ScopeGroup('user')
@RequireSignIn()
@Controller('user/emails')
export class MyEmailsController {
  constructor(private readonly emails: EmailsService) {}

  @Get()
  @ApiOkResponse({ type: [ApiEmail] })
  userListEmails(@CurrentActor() actor: Actor): Promise<ApiEmail[]> {
    return this.emails.list(actor.user);
  }

  @Post()
  @ApiCreatedResponse({ type: [ApiEmail], description: 'all of the user’s addresses' })
  @ApiUnprocessableEntityResponse({ description: 'no address given, an invalid address, or one a user has already' })
  userAddEmail(@Body() body: CreateEmailOption, @CurrentActor() actor: Actor): Promise<ApiEmail[]> {
    return this.emails.add(actor.user, body?.emails);
  }

  @Delete()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'deleted (all of them)' })
  @ApiNotFoundResponse({ description: 'an address the user has not added' })
  @ApiUnprocessableEntityResponse({ description: 'the primary address' })
  async userDeleteEmail(@Body() body: DeleteEmailOption, @CurrentActor() actor: Actor): Promise<void> {
    await this.emails.remove(actor.user, body?.emails);
  }
}

/** Everyone's addresses for site admins: `/admin/emails`, `/admin/emails/search`. */
@ApiTags('admin')
@ScopeGroup('admin')
@RequireSiteAdmin()
@Controller('admin/emails')
export class AdminEmailsController {
  constructor(private readonly emails: EmailsService) {}

  @Get()
  @paged()
  @ApiOkResponse({ type: [ApiEmail] })
  adminGetAllEmails(@Paging() paging: PageRequest): Promise<PageOf<ApiEmail>> {
    return this.emails.search(undefined, paging);
  }

  @Get('search')
  @paged()
  @ApiQuery({ name: 'q', required: false, description: 'keyword in the address or the user name' })
  @ApiOkResponse({ type: [ApiEmail] })
  adminSearchEmails(@Query('q') q: unknown, @Paging() paging: PageRequest): Promise<PageOf<ApiEmail>> {
    return this.emails.search(typeof q === 'string' && q !== '' ? q : undefined, paging);
  }
}

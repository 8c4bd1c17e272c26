import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Owner } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { PageOf } from '../../http/page-of';
import { Paging, PageRequest } from '../../http/pagination';
import { IdParam } from '../../http/id-param.pipe';
import { OrgMembershipService } from '../accounts/org-membership.service';
import { ApiLabel, CreateLabelOption, EditLabelOption } from './dto/label.dto';
import { LabelCatalog, LabelSet } from './label-catalog.service';

/**
 * An organization's labels, usable on the issues of all its repositories:
 * `/orgs/{org}/labels…`. Anyone who may see the organization reads them; its
 * owners (and site admins) change them.
 */
@ApiTags('organization')
@ScopeGroup('organization')
@Controller('orgs/:org/labels')
export class OrgLabelsController {
  constructor(
    private readonly membership: OrgMembershipService,
    private readonly labels: LabelCatalog,
  ) {}

  @Get()
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'limit', required: false, type: 'integer' })
  @ApiOkResponse({ type: [ApiLabel] })
  async orgListLabels(
    @Param('org') org: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
  ): Promise<PageOf<ApiLabel>> {
    return this.labels.list(labelSetOf(await this.membership.findVisibleOrg(org, actor?.user)), paging);
  }

  @Post()
  @RequireSignIn()
  @ApiCreatedResponse({ type: ApiLabel })
  @ApiUnprocessableEntityResponse({ description: 'invalid name or colour' })
  async orgCreateLabel(@Param('org') org: string, @Body() body: CreateLabelOption, @CurrentActor() actor: Actor): Promise<ApiLabel> {
    return this.labels.create(labelSetOf(await this.membership.findManageableOrg(org, actor.user)), body);
  }

  @Get(':id')
  @ApiOkResponse({ type: ApiLabel })
  async orgGetLabel(
    @Param('org') org: string,
    @Param('id', new IdParam('label')) id: number,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiLabel> {
    return this.labels.get(labelSetOf(await this.membership.findVisibleOrg(org, actor?.user)), id);
  }

  @Patch(':id')
  @RequireSignIn()
  @ApiOkResponse({ type: ApiLabel })
  @ApiUnprocessableEntityResponse({ description: 'invalid name or colour' })
  async orgEditLabel(
    @Param('org') org: string,
    @Param('id', new IdParam('label')) id: number,
    @Body() body: EditLabelOption,
    @CurrentActor() actor: Actor,
  ): Promise<ApiLabel> {
    return this.labels.edit(labelSetOf(await this.membership.findManageableOrg(org, actor.user)), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse()
  async orgDeleteLabel(
    @Param('org') org: string,
    @Param('id', new IdParam('label')) id: number,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.labels.delete(labelSetOf(await this.membership.findManageableOrg(org, actor.user)), id);
  }
}

function labelSetOf(org: Owner): LabelSet {
  return { holder: { orgId: org.id }, ownerName: org.name };
}

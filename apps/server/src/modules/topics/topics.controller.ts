import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { Paging, PageRequest, setPaginationHeaders } from '../../http/pagination';
import { ShapeContext } from '../accounts/dto/user.dto';
import { SHAPE_CONTEXT } from '../accounts/shape-context.provider';
import { queryText } from '../repo-files/query-flag';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { ApiTopicName, ApiTopicSearchResults, RepoTopicOptions } from './dto/topic.dto';
import { TopicsService } from './topics.service';

const PAGING_QUERIES = () => (target: object, key: string | symbol, descriptor: PropertyDescriptor) => {
  ApiQuery({ name: 'page', required: false, type: 'integer' })(target, key, descriptor);
  ApiQuery({ name: 'limit', required: false, type: 'integer' })(target, key, descriptor);
};

/** Topics: `/repos/{owner}/{repo}/topics[/{topic}]` (admins change them) and `/topics/search`. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller()
export class TopicsController {
  constructor(
    private readonly access: RepositoryAccess,
    private readonly topics: TopicsService,
    @Inject(SHAPE_CONTEXT) private readonly shapes: ShapeContext,
  ) {}

  @Get('repos/:owner/:repo/topics')
  @PAGING_QUERIES()
  @ApiOkResponse({ type: ApiTopicName })
  @ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
  async repoListTopics(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @CurrentActor() actor: Actor | undefined,
    @Paging() paging: PageRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiTopicName> {
    const page = await this.topics.namesOf(await this.access.resolve(owner, repo, actor), paging);
    // Forgejo wraps the names in {topics}, so the PageOf hook (bare arrays) cannot set the headers.
    setPaginationHeaders(request, reply, paging, page.total, this.shapes.rootUrl);
    return { topics: page.items };
  }

  @Put('repos/:owner/:repo/topics')
  @RequireSignIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the repository carries exactly these topics' })
  @ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
  @ApiUnprocessableEntityResponse({ description: 'an invalid name, or more than 25' })
  async repoUpdateTopics(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: RepoTopicOptions,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.topics.replace(await this.administered(owner, repo, actor), body.topics);
  }

  @Put('repos/:owner/:repo/topics/:topic')
  @RequireSignIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'the repository carries the topic' })
  @ApiNotFoundResponse({ description: 'no such repository, or one the caller may not read' })
  @ApiUnprocessableEntityResponse({ description: 'an invalid name, or a 26th topic' })
  async repoAddTopic(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('topic') topic: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.topics.add(await this.administered(owner, repo, actor), topic);
  }

  @Delete('repos/:owner/:repo/topics/:topic')
  @RequireSignIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'removed' })
  @ApiNotFoundResponse({ description: 'no such repository, or the repository does not carry the topic' })
  @ApiUnprocessableEntityResponse({ description: 'an invalid name' })
  async repoDeleteTopic(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('topic') topic: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.topics.remove(await this.administered(owner, repo, actor), topic);
  }

  @Get('topics/search')
  @ApiQuery({ name: 'q', required: false, description: 'a part of the topic name' })
  @PAGING_QUERIES()
  @ApiOkResponse({ type: ApiTopicSearchResults })
  async topicSearch(
    @Query('q') q: unknown,
    @Paging() paging: PageRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiTopicSearchResults> {
    const page = await this.topics.search(queryText(q) ?? '', paging);
    setPaginationHeaders(request, reply, paging, page.total, this.shapes.rootUrl);
    return { topics: page.items };
  }

  /** The repository, when the caller administers it (403 otherwise, 404 when they may not see it). */
  private async administered(owner: string, repo: string, actor: Actor) {
    const ctx = await this.access.resolve(owner, repo, actor);
    this.access.requireAdmin(ctx);
    return ctx;
  }
}

import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { FastifyReply } from 'fastify';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { ApiRepository } from './dto/repository.dto';
import { TransferRepoOption } from './dto/transfer.dto';
import { RepositoryAccess } from './repository-access.service';
import { RepositoryTransfers } from './repository-transfers.service';

/** `/repos/{owner}/{repo}/transfer[/accept|/reject]`: giving a repository to another owner. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/transfer')
export class TransfersController {
  constructor(
    private readonly access: RepositoryAccess,
    private readonly transfers: RepositoryTransfers,
  ) {}

  @Post()
  @RequireSignIn()
  @HttpCode(202)
  @ApiAcceptedResponse({ type: ApiRepository, description: 'transferred at once; its usage moved to the new owner' })
  @ApiCreatedResponse({ type: ApiRepository, description: 'pending until the new owner accepts it (as Forgejo answers)' })
  @ApiForbiddenResponse({ description: 'not the owner of the repository, or a team of another organization' })
  @ApiNotFoundResponse({ description: 'no such repository or new owner the caller may see' })
  @ApiConflictResponse({ description: 'a transfer of the repository is in progress' })
  @ApiUnprocessableEntityResponse({ description: 'the new owner has a repository of that name, or teams for a user' })
  async repoTransfer(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Body() body: TransferRepoOption,
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiRepository> {
    const outcome = await this.transfers.transfer(await this.access.resolve(owner, repo, actor), body, actor.user);
    if (outcome.pending) reply.status(201);
    return outcome.repository;
  }

  @Post('accept')
  @RequireSignIn()
  @HttpCode(202)
  @ApiAcceptedResponse({ type: ApiRepository, description: 'the repository, now the recipient’s' })
  @ApiForbiddenResponse({ description: 'the caller may not answer this transfer' })
  @ApiNotFoundResponse({ description: 'no such repository, or no pending transfer' })
  acceptRepoTransfer(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor): Promise<ApiRepository> {
    return this.transfers.accept(owner, repo, actor);
  }

  @Post('reject')
  @RequireSignIn()
  @HttpCode(200)
  @ApiOkResponse({ type: ApiRepository, description: 'the repository, unchanged' })
  @ApiForbiddenResponse({ description: 'the caller may not answer this transfer' })
  @ApiNotFoundResponse({ description: 'no such repository, or no pending transfer' })
  rejectRepoTransfer(@Param('owner') owner: string, @Param('repo') repo: string, @CurrentActor() actor: Actor): Promise<ApiRepository> {
    return this.transfers.reject(owner, repo, actor);
  }
}

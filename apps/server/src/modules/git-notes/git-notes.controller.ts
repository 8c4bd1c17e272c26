import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Actor } from '../../http/auth/actor';
import { CurrentActor, RequireSignIn, ScopeGroup } from '../../http/auth/auth-metadata';
import { queryFlag } from '../repo-files/query-flag';
import { RepoGitResolver } from '../repo-files/repo-git';
import { ApiNote, NoteOptions } from './dto/note.dto';
import { GitNotesService } from './git-notes.service';

/** `/repos/{owner}/{repo}/git/notes/{sha}`: read, set and remove the note on a commit. */
@ApiTags('repository')
@ScopeGroup('repository')
@Controller('repos/:owner/:repo/git/notes')
export class GitNotesController {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly notes: GitNotesService,
  ) {}

  @Get(':sha')
  @ApiQuery({ name: 'verification', required: false, type: Boolean })
  @ApiQuery({ name: 'files', required: false, type: Boolean })
  @ApiOkResponse({ type: ApiNote })
  @ApiNotFoundResponse({ description: 'no such repository for the caller, commit, or note' })
  @ApiUnprocessableEntityResponse({ description: 'the sha is not a valid revision' })
  async repoGetNote(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('sha') sha: string,
    @Query() query: Record<string, unknown>,
    @CurrentActor() actor: Actor | undefined,
  ): Promise<ApiNote> {
    const target = await this.repos.forReading(owner, repo, actor);
    return this.notes.get(target, sha, { files: queryFlag('files', query.files, true), stats: true }, actor);
  }

  @Post(':sha')
  @HttpCode(200)
  @RequireSignIn()
  @ApiOkResponse({ type: ApiNote })
  @ApiUnprocessableEntityResponse({ description: 'empty message, or the sha is not a valid revision' })
  async repoSetNote(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('sha') sha: string,
    @Body() body: NoteOptions,
    @CurrentActor() actor: Actor,
  ): Promise<ApiNote> {
    return this.notes.set(await this.repos.forWriting(owner, repo, actor), sha, body.message, actor);
  }

  @Delete(':sha')
  @HttpCode(204)
  @RequireSignIn()
  @ApiNoContentResponse({ description: 'the note is removed' })
  @ApiNotFoundResponse({ description: 'no such repository for the caller, commit, or note' })
  async repoRemoveNote(
    @Param('owner') owner: string,
    @Param('repo') repo: string,
    @Param('sha') sha: string,
    @CurrentActor() actor: Actor,
  ): Promise<void> {
    await this.notes.remove(await this.repos.forWriting(owner, repo, actor), sha, actor);
  }
}

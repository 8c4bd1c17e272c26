import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { GitIdentity, Owner } from '@bellows/domain';
import { Actor } from '../../http/auth/actor';
import { RepositoryRefs } from '../repositories/repository-refs';
import { withGitErrors } from '../repo-files/git-errors';
import { RepoGit, RepoGitResolver } from '../repo-files/repo-git';
import { RepoHistoryService } from '../repo-files/repo-history.service';
import { CommitDetail } from '../repo-files/dto/commit.dto';
import { ApiNote } from './dto/note.dto';
import { RepositoryNotes } from './repository-notes';

/**
 * Notes on a repository's commits, as Forgejo serves them: the commit is named
 * by sha or ref (404 when there is none, 422 when the name is not a valid
 * one), the answer carries the note's text and the notes commit that last
 * changed it. A write is a git write: the repository's size is measured again.
 */
@Injectable()
export class GitNotesService {
  constructor(
    private readonly notes: RepositoryNotes,
    private readonly refs: RepositoryRefs,
    private readonly repos: RepoGitResolver,
    private readonly history: RepoHistoryService,
  ) {}

  async get(target: RepoGit, revision: string, detail: CommitDetail, actor: Actor | undefined): Promise<ApiNote> {
    const commit = await this.commitOf(target, revision);
    const note = await withGitErrors(() => this.notes.readNote(target.path, commit));
    if (!note) throw new NotFoundException(`commit ${commit} has no note`);
    return { message: note.message, commit: await this.history.commit(target, note.changedBy, detail, actor) };
  }

  async set(target: RepoGit, revision: string, message: string | undefined, actor: Actor): Promise<ApiNote> {
    if (typeof message !== 'string' || message.trim() === '') throw new UnprocessableEntityException('message must not be empty');
    const commit = await this.commitOf(target, revision);
    await withGitErrors(() => this.notes.writeNote(target.path, commit, message, identityOf(actor.user)));
    await this.repos.afterWrite(target, actor.user);
    return this.get(target, commit, { files: true, stats: true }, actor);
  }

  async remove(target: RepoGit, revision: string, actor: Actor): Promise<void> {
    const commit = await this.commitOf(target, revision);
    if (!(await withGitErrors(() => this.notes.removeNote(target.path, commit, identityOf(actor.user))))) {
      throw new NotFoundException(`commit ${commit} has no note`);
    }
    await this.repos.afterWrite(target, actor.user);
  }

  private commitOf(target: RepoGit, revision: string): Promise<string> {
    return withGitErrors(async () => {
      // A branch, tag or sha: anything else (`..`, `main~1`) is not a valid name, 422 as in Forgejo.
      this.refs.assertRefName('sha', revision);
      if (await this.refs.isEmpty(target.path)) throw new NotFoundException(`${target.owner.name}/${target.repo.name} is empty`);
      return this.refs.resolveCommit(target.path, revision);
    });
  }
}

function identityOf(user: Owner): GitIdentity {
  return { name: user.fullName || user.name, email: user.email || `${user.lowerName}@noreply.bellows` };
}

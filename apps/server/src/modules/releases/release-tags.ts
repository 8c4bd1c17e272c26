import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { GitNotFoundError, InvalidGitInputError } from '../repositories/git-errors';
import { RepositoryRefs } from '../repositories/repository-refs';
import { RepositoryService } from '../repositories/repository.service';
import type { ReleaseRepo } from './releases.service';

/** The commit a release's tag points at, and whether this request made the tag. */
export interface ReleaseTag {
  sha1: string;
  created: boolean;
}

/**
 * The git side of releases. A published release names a tag: made at the
 * release's target when missing, reused as it is when present. Tags are made
 * before the row naming them is written, so a request whose write fails
 * removes the tag it made. None of these touch the database, so they may run
 * while a release row is held; the repository's git size is measured
 * afterwards (`measure`), outside any transaction, because measuring writes
 * the repository row and the owner's ledger, which an upload holding the
 * release's row may be waiting to lock.
 */
@Injectable()
export class ReleaseTags {
  constructor(
    private readonly repositories: RepositoryService,
    private readonly refs: RepositoryRefs,
  ) {}

  /** The tag name when git accepts it as one; 422 otherwise. */
  validName(tagName: string): string {
    try {
      return this.refs.assertRefName('tag_name', tagName);
    } catch (error) {
      if (error instanceof InvalidGitInputError) throw new UnprocessableEntityException(error.message);
      throw error;
    }
  }

  /** The existing tag's commit, or that of a new tag made at `targetCommitish` (422 when that is no branch or commit). */
  async ensure(target: ReleaseRepo, tagName: string, targetCommitish: string): Promise<ReleaseTag> {
    const existing = await this.refs.resolveRef(target.path, `refs/tags/${tagName}`);
    if (existing) return { sha1: existing, created: false };
    try {
      return { sha1: await this.refs.createTag(target.path, tagName, targetCommitish), created: true };
    } catch (error) {
      if (error instanceof GitNotFoundError || error instanceof InvalidGitInputError) {
        throw new UnprocessableEntityException(
          `target_commitish "${targetCommitish}" is not a branch or commit of ${target.owner.name}/${target.repo.name}`,
        );
      }
      throw error;
    }
  }

  /** Deletes the tag from git; one that is already gone is fine. */
  async remove(target: ReleaseRepo, tagName: string): Promise<void> {
    try {
      await this.refs.deleteTag(target.path, tagName);
    } catch (error) {
      if (!(error instanceof GitNotFoundError)) throw error;
    }
  }

  /** Brings the repository's git size up to date after tags were made or removed. */
  async measure(target: ReleaseRepo): Promise<void> {
    await this.repositories.refreshGitSize(target.repo, target.owner);
  }
}

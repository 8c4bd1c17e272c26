import { Injectable } from '@nestjs/common';
import { Issue, IssueStore, Owner, OwnerStore, RepositoryStore } from '@bellows/domain';
import { IssuePlace } from '../issues/dto/issue.dto';
import { RepositoryAccess } from '../repositories/repository-access.service';

/** An issue with the repository it lives in, as one viewer may read it. */
export interface ReadableIssue {
  issue: Issue;
  place: IssuePlace;
}

/**
 * Finds issues by id across repositories, keeping only those the viewer may
 * read (a repository that turned private, or that the viewer lost access to,
 * hides its issues here as everywhere). Each repository's permission is asked once.
 */
@Injectable()
export class ReadableIssues {
  constructor(
    private readonly issues: IssueStore,
    private readonly repositories: RepositoryStore,
    private readonly owners: OwnerStore,
    private readonly access: RepositoryAccess,
  ) {}

  async byId(issueIds: readonly number[], viewer: Owner | undefined): Promise<Map<number, ReadableIssue>> {
    const found = await this.issues.findByIds([...new Set(issueIds)]);
    const places = new Map<number, IssuePlace | null>();
    const readable = new Map<number, ReadableIssue>();
    for (const issue of found) {
      if (!places.has(issue.repoId)) places.set(issue.repoId, await this.placeOf(issue.repoId, viewer));
      const place = places.get(issue.repoId);
      if (place) readable.set(issue.id, { issue, place });
    }
    return readable;
  }

  private async placeOf(repoId: number, viewer: Owner | undefined): Promise<IssuePlace | null> {
    const repo = await this.repositories.findById(repoId);
    const owner = repo ? await this.owners.findById(repo.ownerId) : null;
    if (!repo || !owner) return null;
    return (await this.access.permissionOf(owner, repo, viewer)) === 'none' ? null : { owner, repo };
  }
}

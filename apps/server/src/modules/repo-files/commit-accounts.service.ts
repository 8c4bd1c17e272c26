import { Inject, Injectable } from '@nestjs/common';
import { Owner, OwnerStore } from '@bellows/domain';
import { CONFIG } from '../../app/tokens';
import { BellowsConfig } from '../../config';
import { ApiUser, toApiUser } from '../accounts/dto/user.dto';
import { CommitInfo, GitSignature } from '../repositories/repository-history';
import { CommitAccountLookup } from './dto/commit.dto';

/**
 * Forgejo shows the account behind a commit's author and committer when their
 * e-mail address belongs to a user. This looks each distinct address of a page
 * of commits up once.
 */
@Injectable()
export class CommitAccounts {
  constructor(
    private readonly owners: OwnerStore,
    @Inject(CONFIG) private readonly config: BellowsConfig,
  ) {}

  async lookupFor(commits: readonly CommitInfo[], viewer: Owner | undefined): Promise<CommitAccountLookup> {
    const emails = new Set(commits.flatMap((commit) => [commit.author.email.toLowerCase(), commit.committer.email.toLowerCase()]));
    const found = new Map<string, ApiUser>();
    for (const email of emails) {
      if (email === '') continue;
      const user = await this.owners.findUserByEmail(email);
      if (user) found.set(email, toApiUser(user, viewer, { rootUrl: this.config.server.rootUrl }));
    }
    return (signature: GitSignature) => found.get(signature.email.toLowerCase()) ?? null;
  }
}

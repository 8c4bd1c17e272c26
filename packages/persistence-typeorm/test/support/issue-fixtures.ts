import { Issue, NewIssue, Owner, Repository } from '@bellows/domain';
import { Database } from '../../src/database';
import { freshName, newOwner } from './account-fixtures';

/** A repository of a fresh user (or organization), stored through the ports, for issue-area contract tests. */
export async function newRepository(db: Database, kind: 'user' | 'organization' = 'user'): Promise<{ owner: Owner; repo: Repository }> {
  const owner = await newOwner(db.owners, { kind });
  const repo = await db.repositories.insert({ ownerId: owner.id, name: freshName('repo') });
  return { owner, repo };
}

/** An issue opened through the IssueStore port, in a transaction (as its number requires). */
export function newIssue(db: Database, fields: Pick<NewIssue, 'repoId' | 'posterId'> & Partial<NewIssue>): Promise<Issue> {
  const input: NewIssue = { title: freshName('issue'), body: '', isClosed: false, milestoneId: null, createdAt: new Date(), ...fields };
  return db.transaction((tx) => tx.issues.create(input));
}

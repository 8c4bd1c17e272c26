import { Database } from '../../src/database';
import { OwnerEntity, OwnerKind } from '../../src/entities/owner.entity';

let seq = 0;

/** A user or organization row, made straight through the owner store. */
export function insertOwner(db: Database, kind: OwnerKind = 'user'): Promise<OwnerEntity> {
  const now = new Date();
  return db.owners.insert({
    name: `${kind === 'user' ? 'qu' : 'qo'}${Date.now().toString(36)}${seq++}`, kind, fullName: '', email: '', passwordHash: null, isAdmin: false,
    isActive: true, prohibitLogin: false, visibility: 'public', description: '', website: '', location: '', totpSecret: null,
    totpEnabled: false, createdAt: now, updatedAt: now, lastLoginAt: null,
  });
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${seq++}`;
}

/** Real rows for attachments and artifacts to hang on (an issue, a comment on it, a release, an actions run) in the repository. */
export async function containersIn(db: Database, repoId: number, posterId: number): Promise<{ issueId: number; commentId: number; releaseId: number; runId: number }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const issue = await tx.issues.create({ repoId, posterId, title: 'container', body: '', isClosed: false, milestoneId: null, createdAt: now });
    const comment = await tx.comments.insert({ issueId: issue.id, type: 0, posterId, createdAt: now });
    const release = await tx.releases.create({
      repoId, tagName: uniqueName('v'), targetCommitish: 'main', name: '', body: '', isDraft: false, isPrerelease: false, publisherId: posterId,
      sha1: null, createdAt: now, publishedAt: now,
    });
    const run = await tx.actionRuns.insert({ repoId, name: 'ci', event: 'push', workflowId: 'ci.yml', headBranch: 'main', headSha: '0'.repeat(40), status: 'running', triggeringUserId: posterId });
    return { issueId: issue.id, commentId: comment.id, releaseId: release.id, runId: run.id };
  });
}

import { randomUUID } from 'crypto';
import { Database } from '../database';

/** Real rows a sized row can hang on, in one repository. */
export interface TestContainers {
  issueId: number;
  commentId: number;
  releaseId: number;
  runId: number;
}

/**
 * Makes an issue, a comment on it, a release and an actions run in the
 * repository, for tests and benchmarks that record attachments and artifacts
 * straight through the stores (which refuse rows whose container is missing).
 */
export function createTestContainers(db: Database, repoId: number, posterId: number): Promise<TestContainers> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const issue = await tx.issues.create({
      repoId,
      posterId,
      title: 'container',
      body: '',
      isClosed: false,
      milestoneId: null,
      createdAt: now,
    });
    const comment = await tx.comments.insert({ issueId: issue.id, type: 0, posterId, createdAt: now });
    const release = await tx.releases.create({
      repoId,
      tagName: `v-${randomUUID()}`,
      targetCommitish: 'main',
      name: '',
      body: '',
      isDraft: false,
      isPrerelease: false,
      publisherId: posterId,
      sha1: null,
      createdAt: now,
      publishedAt: now,
    });
    const run = await tx.actionRuns.insert({
      repoId,
      name: 'ci',
      event: 'push',
      workflowId: 'ci.yml',
      headBranch: 'main',
      headSha: '0'.repeat(40),
      status: 'running',
      triggeringUserId: posterId,
    });
    return { issueId: issue.id, commentId: comment.id, releaseId: release.id, runId: run.id };
  });
}

import { OwnerEntity, RepositoryEntity } from '@bellows/persistence-typeorm';
import { IssueEvents } from '../../src/modules/notifications/notification-events';
import { TestServer } from './test-server';

/**
 * Issues and comments made straight through persistence, publishing the same
 * issue events the issue routes publish, so notification tests do not depend
 * on the issue API. Returns the issue's number and the comment's id.
 */
export async function openIssueWithEvent(
  server: TestServer,
  repo: RepositoryEntity,
  poster: OwnerEntity,
  title: string,
  body = '',
): Promise<{ id: number; index: number }> {
  const events = server.app.get(IssueEvents, { strict: false });
  return server.db.transaction(async (tx) => {
    const issue = await tx.issues.create({
      repoId: repo.id,
      posterId: poster.id,
      title,
      body,
      isClosed: false,
      milestoneId: null,
      createdAt: new Date(),
    });
    await events.publish(tx, { kind: 'issue-opened', issue, actorId: poster.id, content: body, at: issue.createdAt });
    return { id: issue.id, index: issue.index };
  });
}

export async function commentWithEvent(server: TestServer, issueId: number, poster: OwnerEntity, content: string): Promise<number> {
  const events = server.app.get(IssueEvents, { strict: false });
  return server.db.transaction(async (tx) => {
    const comment = await tx.comments.insert({ issueId, type: 0, posterId: poster.id, content, createdAt: new Date() });
    const issue = await tx.issues.findById(issueId);
    if (!issue) throw new Error(`no issue ${issueId}`);
    await events.publish(tx, {
      kind: 'comment-created',
      issue,
      commentId: comment.id,
      actorId: poster.id,
      content,
      at: comment.createdAt,
    });
    return comment.id;
  });
}

import { Injectable } from '@nestjs/common';
import { Issue, TransactionStores } from '@bellows/domain';

/**
 * The hook between issues and notifications. The issues module publishes what
 * happened to an issue; notifications (and anything else later) subscribe. The
 * issues code thus never depends on who listens.
 *
 * Publish INSIDE the transaction that made the change, passing its `tx`: the
 * listeners write in the same unit of work, so an issue is never stored
 * without its notifications or the other way round.
 *
 *   await this.issueEvents.publish(tx, { kind: 'issue-opened', issue, actorId, content: body, at: createdAt });
 *   await this.issueEvents.publish(tx, { kind: 'comment-created', issue, commentId, actorId, content, at: comment.createdAt });
 *   await this.issueEvents.publish(tx, { kind: 'issue-closed' | 'issue-reopened', issue, actorId, at });
 */
export type IssueEventKind = 'issue-opened' | 'comment-created' | 'issue-closed' | 'issue-reopened';

export interface IssueEvent {
  kind: IssueEventKind;
  /**
   * The issue, as the publisher holds it: listeners read only what never
   * changes after it is opened (its row id, repository, poster, and whether it
   * is a pull request), so they need not read it again inside the transaction.
   */
  issue: EventIssue;
  /** Who did it; they are never notified of their own action. */
  actorId: number;
  /** The comment the event created, for `comment-created`. */
  commentId?: number;
  /** The text written (issue body or comment): `@name` mentions in it notify those users. */
  content?: string;
  /** When it happened (a back-dated `updated_at` included); now when absent. */
  at?: Date;
}

/** What of an issue every event carries: the parts that never change once it is opened. */
export type EventIssue = Pick<Issue, 'id' | 'repoId' | 'posterId' | 'isPull'>;

export type IssueEventListener = (tx: TransactionStores, event: IssueEvent) => Promise<void>;

/** An in-process publisher of issue events (one per server, provided globally). */
@Injectable()
export class IssueEvents {
  private readonly listeners: IssueEventListener[] = [];

  subscribe(listener: IssueEventListener): void {
    this.listeners.push(listener);
  }

  /** Runs every listener, in order, within `tx`. */
  async publish(tx: TransactionStores, event: IssueEvent): Promise<void> {
    for (const listener of this.listeners) await listener(tx, event);
  }
}

import { Injectable } from '@nestjs/common';
import { TransactionStores } from '@bellows/domain';

/**
 * The hook between issues and notifications. The issues module publishes what
 * happened to an issue; notifications (and anything else later) subscribe. The
 * issues code thus never depends on who listens.
 *
 * Publish INSIDE the transaction that made the change, passing its `tx`: the
 * listeners write in the same unit of work, so an issue is never stored
 * without its notifications or the other way round.
 *
 *   await this.issueEvents.publish(tx, { kind: 'issue-opened', issueId, actorId, content: body, at: createdAt });
 *   await this.issueEvents.publish(tx, { kind: 'comment-created', issueId, commentId, actorId, content, at: comment.createdAt });
 *   await this.issueEvents.publish(tx, { kind: 'issue-closed' | 'issue-reopened', issueId, actorId, at });
 */
export type IssueEventKind = 'issue-opened' | 'comment-created' | 'issue-closed' | 'issue-reopened';

export interface IssueEvent {
  kind: IssueEventKind;
  /** The `issue` row's id (not its number in the repository). */
  issueId: number;
  /** Who did it; they are never notified of their own action. */
  actorId: number;
  /** The comment the event created, for `comment-created`. */
  commentId?: number;
  /** The text written (issue body or comment): `@name` mentions in it notify those users. */
  content?: string;
  /** When it happened (a back-dated `updated_at` included); now when absent. */
  at?: Date;
}

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

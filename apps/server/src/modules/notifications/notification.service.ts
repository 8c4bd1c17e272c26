import { Injectable, OnModuleInit } from '@nestjs/common';
import { mentionedNames, Owner, Repository, RepositoryStore, TransactionStores } from '@bellows/domain';
import { RepositoryAccess } from '../repositories/repository-access.service';
import { EventIssue, IssueEvent, IssueEvents } from './notification-events';

/** More mentions than this in one text notify only the first ones (a guard against mass-mention spam). */
const MAX_MENTIONS = 50;

/**
 * Turns issue events into notification threads. Recipients are the
 * repository's watchers and the issue's participants (poster, commenters,
 * assignees, mentioned users), never the actor, and only those who may read
 * the repository: a private repository's events reach nobody outside it.
 */
@Injectable()
export class NotificationService implements OnModuleInit {
  constructor(
    private readonly events: IssueEvents,
    private readonly access: RepositoryAccess,
    private readonly repositories: RepositoryStore,
  ) {}

  onModuleInit(): void {
    this.events.subscribe((tx, event) => this.onIssueEvent(tx, event));
  }

  async onIssueEvent(tx: TransactionStores, event: IssueEvent): Promise<void> {
    const { issue } = event;
    const repo = await this.repositories.findById(issue.repoId);
    if (!repo) return;

    const mentioned = await this.mentionedUsers(tx, event.content ?? '');
    const participants = this.newParticipants(issue, event, mentioned);
    // Sent together, not one after the other: inside the transaction every wait for a statement's answer holds the
    // writer (SQLite) or the issue's rows (PostgreSQL). The read may not see the participants being added, so they are
    // added to what it answers: the same set as a read after the insert.
    const [, audience] = await Promise.all([
      tx.notifications.addParticipants(issue.id, participants),
      tx.notifications.audienceOf(issue.id, repo.id, repo.ownerId),
    ]);
    // The poster is a participant of record already (the audience leaves them out once they unsubscribed).
    const joining = participants.filter((id) => id !== issue.posterId);
    const candidates = [...new Set([...audience, ...joining])].filter((id) => id !== event.actorId);
    // Most events concern only their author (a lone user's own repository): the owner is read only when someone is to be checked.
    if (candidates.length === 0) return;
    const owner = await tx.owners.findById(repo.ownerId);
    if (!owner) return;
    const recipients = await this.readersAmong(tx, candidates, owner, repo);
    await tx.notifications.notify(recipients, {
      repoId: repo.id,
      issueId: issue.id,
      commentId: event.commentId ?? null,
      source: issue.isPull ? 'pull' : 'issue',
      at: event.at ?? new Date(),
    });
  }

  /** Who takes part from now on: the poster, whoever writes (opens or comments), and those mentioned. */
  private newParticipants(issue: EventIssue, event: IssueEvent, mentioned: Owner[]): number[] {
    const ids = mentioned.map((user) => user.id);
    if (issue.posterId !== null) ids.push(issue.posterId);
    if (event.kind === 'issue-opened' || event.kind === 'comment-created') ids.push(event.actorId);
    return [...new Set(ids)];
  }

  private async mentionedUsers(tx: TransactionStores, content: string): Promise<Owner[]> {
    const users: Owner[] = [];
    for (const name of mentionedNames(content).slice(0, MAX_MENTIONS)) {
      const owner = await tx.owners.findByName(name);
      if (owner?.kind === 'user') users.push(owner);
    }
    return users;
  }

  private async readersAmong(tx: TransactionStores, userIds: number[], owner: Owner, repo: Repository): Promise<number[]> {
    const readers: number[] = [];
    for (const id of userIds) {
      const user = await tx.owners.findById(id);
      if (user?.kind === 'user' && (await this.access.permissionOf(owner, repo, user)) !== 'none') readers.push(id);
    }
    return readers;
  }
}

import { ForbiddenException, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { deadlineFromText, IssueStore, NO_DEADLINE } from '@bellows/domain';
import { atLeast } from '../repositories/repo-permission';
import { ResolvedIssue } from '../issues/issue-lookup.service';
import { ApiIssueDeadline } from './issue-deadline.dto';

/** Deadlines of issues and pull requests (Forgejo's `issueEditIssueDeadline`): set or removed by writers. */
@Injectable()
export class IssueDeadlinesService {
  constructor(private readonly issues: IssueStore) {}

  async set({ repoCtx, issue }: ResolvedIssue, dueDate: unknown): Promise<ApiIssueDeadline> {
    if (!atLeast(repoCtx.permission, 'write')) {
      throw new ForbiddenException(`only writers of ${repoCtx.owner.name}/${repoCtx.repo.name} set deadlines`);
    }
    const deadline = parseDueDate(dueDate);
    // One column written by id: nothing loaded before is saved back.
    await this.issues.update(issue.id, { deadline });
    return { due_date: deadline ? deadline.toISOString() : NO_DEADLINE };
  }
}

/** Absent or null removes the deadline, as in Forgejo; anything else must be an RFC 3339 date-time. */
function parseDueDate(value: unknown): Date | null {
  if (value === undefined || value === null) return null;
  const deadline = typeof value === 'string' ? deadlineFromText(value) : null;
  if (!deadline) throw new UnprocessableEntityException('due_date must be an RFC 3339 date-time, e.g. 2026-12-24T00:00:00Z, or null');
  return deadline;
}

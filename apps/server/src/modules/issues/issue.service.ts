import { Injectable } from '@nestjs/common';
import { TransactionStores } from '@bellows/domain';

/**
 * @deprecated A pass-through: use cases set an issue's update date with
 * `tx.issues.touch(issueId, date)` (IssueStore). Kept only while
 * modules/attachments/issue-attachments.service.ts, being converted in
 * another change, still injects it; remove it with that last caller.
 */
@Injectable()
export class IssueService {
  /** Sets the issue's update date, in `tx`: the date the update-date policy decided (never computed here). */
  async touch(tx: Pick<TransactionStores, 'issues'>, issueId: number, date: Date): Promise<void> {
    await tx.issues.touch(issueId, date);
  }
}

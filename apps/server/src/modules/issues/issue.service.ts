import { Injectable } from '@nestjs/common';
import { Database } from '@bellows/persistence-typeorm';

/** Changes to issues that other features (labels, attachments, comments) make too. */
@Injectable()
export class IssueService {
  /** Sets the issue's update date, in `tx`: the date the update-date policy decided (never computed here). */
  async touch(tx: Database, issueId: number, date: Date): Promise<void> {
    await tx.issues.touch(issueId, date);
  }
}

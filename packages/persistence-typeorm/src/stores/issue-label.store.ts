import { EntityManager, In } from 'typeorm';
import { IssueLabelStore, Label } from '@bellows/domain';
import { IssueLabelEntity } from '../entities/issue-label.entity';
import { noteWrite } from '../read-cache/change-versions';

/** Which labels are on which issues. */
export class TypeOrmIssueLabelStore implements IssueLabelStore {
  constructor(private readonly manager: EntityManager) {}

  /** The issue's labels, by name. */
  async labelsOf(issueId: number): Promise<Label[]> {
    return (await this.labelsOfIssues([issueId])).get(issueId) ?? [];
  }

  /** The labels of several issues at once (for issue lists), by name; issues without labels are absent. */
  async labelsOfIssues(issueIds: readonly number[]): Promise<Map<number, Label[]>> {
    const byIssue = new Map<number, Label[]>();
    if (issueIds.length === 0) return byIssue;
    const rows = await this.manager.getRepository(IssueLabelEntity).find({
      where: { issueId: In([...issueIds]) },
      relations: { label: true },
      order: { label: { name: 'ASC', id: 'ASC' } },
    });
    for (const row of rows) {
      const labels = byIssue.get(row.issueId) ?? [];
      labels.push(row.label as Label);
      byIssue.set(row.issueId, labels);
    }
    return byIssue;
  }

  async add(issueId: number, labelIds: readonly number[]): Promise<void> {
    if (labelIds.length === 0) return;
    const repo = this.manager.getRepository(IssueLabelEntity);
    await repo.insert(labelIds.map((labelId) => ({ issueId, labelId })));
    noteWrite(this.manager, 'issues');
  }

  async remove(issueId: number, labelIds: readonly number[]): Promise<void> {
    if (labelIds.length === 0) return;
    await this.manager.getRepository(IssueLabelEntity).delete({ issueId, labelId: In([...labelIds]) });
    noteWrite(this.manager, 'issues');
  }
}

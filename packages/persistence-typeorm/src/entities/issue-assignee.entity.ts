import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { IssueEntity } from './issue.entity';
import { OwnerEntity } from './owner.entity';

/** A user assigned to an issue. */
@Entity('issue_assignee')
@Index('uq_issue_assignee', ['issueId', 'assigneeId'], { unique: true })
export class IssueAssigneeEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'issue_id', type: 'integer' })
  issueId!: number;

  @ManyToOne(() => IssueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'issue_id', foreignKeyConstraintName: 'fk_issue_assignee_issue' })
  issue?: IssueEntity;

  @Index('ix_issue_assignee_user')
  @Column({ name: 'assignee_id', type: 'integer' })
  assigneeId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'assignee_id', foreignKeyConstraintName: 'fk_issue_assignee_user' })
  assignee?: OwnerEntity;
}

import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { IssueEntity } from './issue.entity';
import { LabelEntity } from './label.entity';

/** A label put on an issue (or pull request). Goes away with either. */
@Entity('issue_label')
@Index('uq_issue_label', ['issueId', 'labelId'], { unique: true })
export class IssueLabelEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'issue_id', type: 'integer' })
  issueId!: number;

  @ManyToOne(() => IssueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'issue_id', foreignKeyConstraintName: 'fk_issue_label_issue' })
  issue?: IssueEntity;

  @Index('ix_issue_label_label')
  @Column({ name: 'label_id', type: 'integer' })
  labelId!: number;

  @ManyToOne(() => LabelEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'label_id', foreignKeyConstraintName: 'fk_issue_label_label' })
  label?: LabelEntity;
}

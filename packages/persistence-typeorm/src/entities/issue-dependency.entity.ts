import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../columns';
import { IssueEntity } from './issue.entity';
import { OwnerEntity } from './owner.entity';

/** `issue_id` depends on `dependency_id` (the latter blocks the former). */
@Entity('issue_dependency')
@Index('ux_issue_dependency_pair', ['issueId', 'dependencyId'], { unique: true })
@Index('ix_issue_dependency_dependency', ['dependencyId'])
export class IssueDependencyEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'issue_id', type: 'integer' })
  issueId!: number;

  @ManyToOne(() => IssueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'issue_id', foreignKeyConstraintName: 'fk_issue_dependency_issue' })
  issue?: IssueEntity;

  @Column({ name: 'dependency_id', type: 'integer' })
  dependencyId!: number;

  @ManyToOne(() => IssueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'dependency_id', foreignKeyConstraintName: 'fk_issue_dependency_dependency' })
  dependency?: IssueEntity;

  /** Who made the link; null once that account is deleted. */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;

  @ManyToOne(() => OwnerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_issue_dependency_user' })
  user?: OwnerEntity | null;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}

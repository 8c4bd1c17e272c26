import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { IssueEntity } from './issue.entity';
import { OwnerEntity } from './owner.entity';

/**
 * A user taking part in an issue: its poster, commenters, assignees and the
 * users mentioned in it. Participants are notified of the issue's later events.
 * Recorded by the notification service as events arrive, so it needs nothing
 * from the comment table.
 */
@Entity('issue_participant')
@Index('uq_issue_participant_issue_user', ['issueId', 'userId'], { unique: true })
export class IssueParticipantEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'issue_id', type: 'integer' })
  issueId!: number;

  @ManyToOne(() => IssueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'issue_id', foreignKeyConstraintName: 'fk_issue_participant_issue' })
  issue?: IssueEntity;

  @Index('ix_issue_participant_user')
  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_issue_participant_user' })
  user?: OwnerEntity;
}

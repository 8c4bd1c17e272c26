import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { QuotaGroupEntity } from './quota-group.entity';
import { QuotaRuleEntity } from './quota-rule.entity';

/** A rule's membership of a group. Deleting either side removes the link. */
@Entity('quota_group_rule')
@Index('uq_quota_group_rule_group_rule', ['groupId', 'ruleId'], { unique: true })
export class QuotaGroupRuleEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'group_id', type: 'integer' })
  groupId!: number;

  @ManyToOne(() => QuotaGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'fk_quota_group_rule_group' })
  group?: QuotaGroupEntity;

  @Index('ix_quota_group_rule_rule')
  @Column({ name: 'rule_id', type: 'integer' })
  ruleId!: number;

  @ManyToOne(() => QuotaRuleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'rule_id', foreignKeyConstraintName: 'fk_quota_group_rule_rule' })
  rule?: QuotaRuleEntity;
}

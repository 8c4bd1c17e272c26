import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { BranchProtection, BranchProtectionSettings } from '@bellows/domain';
import { timestampColumn } from '../columns';
import { RepositoryEntity } from './repository.entity';

/**
 * A branch protection rule. Its settings are always read and written whole, so
 * they are one JSON column (`settings`), not twenty-odd columns to migrate.
 */
@Entity('protected_branch')
@Index('ux_protected_branch_repo_rule', ['repoId', 'ruleName'], { unique: true })
export class ProtectedBranchEntity implements BranchProtection {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_protected_branch_repo' })
  repository?: RepositoryEntity;

  @Column({ name: 'rule_name', type: 'varchar', length: 255 })
  ruleName!: string;

  @Column({
    type: 'text',
    transformer: { to: (value: BranchProtectionSettings) => JSON.stringify(value), from: (value: string) => JSON.parse(value) },
  })
  settings!: BranchProtectionSettings;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt!: Date;
}

import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { TagProtection } from '@bellows/domain';
import { timestampColumn } from '../columns';
import { RepositoryEntity } from './repository.entity';

const idList = { to: (value: number[]) => JSON.stringify(value), from: (value: string) => JSON.parse(value) as number[] };

/** A tag protection rule: who may write tags matching a pattern (ids as JSON lists). */
@Entity('protected_tag')
@Index('ix_protected_tag_repo', ['repoId'])
export class ProtectedTagEntity implements TagProtection {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_protected_tag_repo' })
  repository?: RepositoryEntity;

  @Column({ name: 'name_pattern', type: 'varchar', length: 255 })
  namePattern!: string;

  @Column({ name: 'whitelist_user_ids', type: 'text', transformer: idList })
  whitelistUserIds!: number[];

  @Column({ name: 'whitelist_team_ids', type: 'text', transformer: idList })
  whitelistTeamIds!: number[];

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt!: Date;
}

import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Label } from '@bellows/domain';
import { OwnerEntity } from './owner.entity';
import { RepositoryEntity } from './repository.entity';

/**
 * A label of one repository (`repo_id`) or of an organization (`org_id`, usable
 * in all its repositories); exactly one of the two is set. A name `scope/name`
 * with `exclusive` makes it exclusive within its scope (see the domain's
 * label-scope rule).
 */
@Entity('label')
export class LabelEntity implements Label {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('ix_label_repo')
  @Column({ name: 'repo_id', type: 'integer', nullable: true })
  repoId!: number | null;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_label_repo' })
  repository?: RepositoryEntity | null;

  @Index('ix_label_org')
  @Column({ name: 'org_id', type: 'integer', nullable: true })
  orgId!: number | null;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'fk_label_org' })
  org?: OwnerEntity | null;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** `#rrggbb`, lower case. */
  @Column({ type: 'varchar', length: 7 })
  color!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'boolean', default: false })
  exclusive!: boolean;

  @Column({ name: 'is_archived', type: 'boolean', default: false })
  isArchived!: boolean;
}

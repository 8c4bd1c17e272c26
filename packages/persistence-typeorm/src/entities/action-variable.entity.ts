import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OwnerEntity } from './owner.entity';
import { RepositoryEntity } from './repository.entity';
import type { ActionVariable } from '@bellows/domain';

/**
 * An actions variable of a user, an organization (ownerId set) or a repository
 * (repoId set). As for secrets, `scope` ('owner:<id>' or 'repo:<id>') makes
 * names unique per holder on both engines; names are stored upper-cased.
 * `data` is plain text: variables are not secret.
 */
@Entity('action_variable')
@Index('uq_action_variable_scope_name', ['scope', 'name'], { unique: true })
export class ActionVariableEntity implements ActionVariable {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 32 })
  scope!: string;

  @Index('ix_action_variable_owner')
  @Column({ name: 'owner_id', type: 'integer', nullable: true })
  ownerId!: number | null;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'fk_action_variable_owner' })
  owner?: OwnerEntity;

  @Index('ix_action_variable_repo')
  @Column({ name: 'repo_id', type: 'integer', nullable: true })
  repoId!: number | null;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_action_variable_repo' })
  repository?: RepositoryEntity;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'text' })
  data!: string;
}

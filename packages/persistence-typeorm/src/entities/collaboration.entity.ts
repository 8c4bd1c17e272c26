import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Collaboration, CollaborationMode } from '@bellows/domain';
import { OwnerEntity } from './owner.entity';
import { RepositoryEntity } from './repository.entity';

export type { CollaborationMode };

/** A user given access to one repository they neither own nor reach through a team. */
@Entity('collaboration')
@Index('uq_collaboration_repo_user', ['repoId', 'userId'], { unique: true })
export class CollaborationEntity implements Collaboration {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_collaboration_repo' })
  repo?: RepositoryEntity;

  @Index('ix_collaboration_user')
  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_collaboration_user' })
  user?: OwnerEntity;

  @Column({ type: 'varchar', length: 16 })
  mode!: CollaborationMode;
}

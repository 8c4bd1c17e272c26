import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../columns';
import { OwnerEntity } from './owner.entity';
import { RepositoryEntity } from './repository.entity';

/**
 * A user who explicitly watches a repository: they are notified of every issue
 * event in it. (The repository's owners watch it implicitly, without a row.)
 */
@Entity('watch')
@Index('uq_watch_user_repo', ['userId', 'repoId'], { unique: true })
export class RepoWatchEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_watch_user' })
  user?: OwnerEntity;

  @Index('ix_watch_repo')
  @Column({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_watch_repo' })
  repository?: RepositoryEntity;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}

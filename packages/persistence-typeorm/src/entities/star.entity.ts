import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../columns';
import { OwnerEntity } from './owner.entity';
import { RepositoryEntity } from './repository.entity';

/** A user's star on a repository. */
@Entity('star')
@Index('ux_star_user_repo', ['userId', 'repoId'], { unique: true })
@Index('ix_star_repo', ['repoId'])
export class StarEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_star_user' })
  user?: OwnerEntity;

  @Column({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_star_repo' })
  repository?: RepositoryEntity;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}

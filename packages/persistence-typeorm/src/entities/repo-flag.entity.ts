import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { RepositoryEntity } from './repository.entity';

/** A flag a site admin put on a repository. */
@Entity('repo_flag')
@Index('ux_repo_flag_repo_name', ['repoId', 'name'], { unique: true })
export class RepoFlagEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_repo_flag_repo' })
  repository?: RepositoryEntity;

  @Column({ type: 'varchar', length: 255 })
  name!: string;
}

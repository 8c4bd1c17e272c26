import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { TeamRepository } from '@bellows/domain';
import { RepositoryEntity } from './repository.entity';
import { TeamEntity } from './team.entity';

/** A repository a team has access to, for teams that do not include all of their organization's repositories. */
@Entity('team_repository')
@Index('uq_team_repository_team_repo', ['teamId', 'repoId'], { unique: true })
export class TeamRepositoryEntity implements TeamRepository {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'team_id', type: 'integer' })
  teamId!: number;

  @ManyToOne(() => TeamEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'team_id', foreignKeyConstraintName: 'fk_team_repository_team' })
  team?: TeamEntity;

  @Index('ix_team_repository_repo')
  @Column({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_team_repository_repo' })
  repo?: RepositoryEntity;
}

import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Team, TeamPermission } from '@bellows/domain';
import { OwnerEntity } from './owner.entity';

export type { TeamPermission };

/**
 * A team of an organization. Every organization has one team with permission
 * 'owner' (its Owners team); its members own the organization.
 */
@Entity('team')
@Index('uq_team_org_lower_name', ['orgId', 'lowerName'], { unique: true })
export class TeamEntity implements Team {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'org_id', type: 'integer' })
  orgId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'fk_team_org' })
  org?: OwnerEntity;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  /** Lower-cased name: unique per organization, so team names are unique case-insensitively. */
  @Column({ name: 'lower_name', type: 'varchar', length: 255 })
  lowerName!: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  description!: string;

  @Column({ type: 'varchar', length: 16 })
  permission!: TeamPermission;

  @Column({ name: 'includes_all_repositories', type: 'boolean', default: false })
  includesAllRepositories!: boolean;

  @Column({ name: 'can_create_org_repo', type: 'boolean', default: false })
  canCreateOrgRepo!: boolean;

  /** JSON object from unit name (e.g. `repo.code`) to access (`none|read|write|admin`). */
  @Column({ name: 'units_map', type: 'text' })
  unitsMap!: string;
}

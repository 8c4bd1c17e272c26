import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OwnerEntity } from './owner.entity';
import { TeamEntity } from './team.entity';

/** A user's membership of a team. The members of an organization are the members of any of its teams. */
@Entity('team_member')
@Index('uq_team_member_team_user', ['teamId', 'userId'], { unique: true })
export class TeamMemberEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'team_id', type: 'integer' })
  teamId!: number;

  @ManyToOne(() => TeamEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'team_id', foreignKeyConstraintName: 'fk_team_member_team' })
  team?: TeamEntity;

  @Index('ix_team_member_user')
  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_team_member_user' })
  user?: OwnerEntity;
}

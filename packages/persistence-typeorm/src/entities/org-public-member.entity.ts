import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OwnerEntity } from './owner.entity';

/** A member of an organization who shows the membership publicly (Forgejo's `org_user.is_public`). */
@Entity('org_public_member')
@Index('ux_org_public_member_org_user', ['orgId', 'userId'], { unique: true })
export class OrgPublicMemberEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'org_id', type: 'integer' })
  orgId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'org_id', foreignKeyConstraintName: 'fk_org_public_member_org' })
  org?: OwnerEntity;

  @Index('ix_org_public_member_user')
  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_org_public_member_user' })
  user?: OwnerEntity;
}

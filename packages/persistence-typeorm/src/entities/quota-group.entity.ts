import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A named set of quota rules that must all stand. Names are unique case-insensitively. */
@Entity('quota_group')
export class QuotaGroupEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Index('uq_quota_group_lower_name', { unique: true })
  @Column({ name: 'lower_name', type: 'varchar', length: 255 })
  lowerName!: string;
}

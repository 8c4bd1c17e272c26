import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bytesColumn } from '../columns';

/** A named limit over some quota subjects. Names are unique case-insensitively (they appear in URLs). */
@Entity('quota_rule')
export class QuotaRuleEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Index('uq_quota_rule_lower_name', { unique: true })
  @Column({ name: 'lower_name', type: 'varchar', length: 255 })
  lowerName!: string;

  /** Bytes; -1 = unlimited. (`limit` is an SQL keyword, hence the column name.) */
  @Column({ name: 'limit_bytes', ...bytesColumn() })
  limitBytes!: number;

  /** The subjects in canonical form, as a JSON array of strings. */
  @Column({ type: 'text' })
  subjects!: string;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bytesColumn } from '../columns';

/**
 * A counter of the whole instance, kept in the database so that increments
 * made by any process (servers, `bellows admin` commands) add up: e.g.
 * `quota_ledger_corrections`. Only ever incremented in place (see LedgerCorrectionCounters).
 */
@Entity('instance_counter')
export class InstanceCounterEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name!: string;

  /** A BIGINT read back as a number (bytesColumn is that column kind). */
  @Column(bytesColumn({ name: 'value' }))
  value!: number;
}

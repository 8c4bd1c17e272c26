import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ScheduledJobState } from '@bellows/domain';
import { timestampColumn } from '../columns';

/** A scheduled job shared by every instance: its next due time, its history and its lease (see ScheduledJobStore). */
@Entity('scheduled_job')
export class ScheduledJobEntity implements ScheduledJobState {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'next_run_at', ...timestampColumn() })
  nextRunAt!: Date;

  @Column({ name: 'last_run_at', ...timestampColumn({ nullable: true }) })
  lastRunAt!: Date | null;

  @Column({ name: 'run_count', type: 'integer', default: 0 })
  runCount!: number;

  @Column({ name: 'lease_owner', type: 'varchar', length: 200, nullable: true })
  leaseOwner!: string | null;

  @Column({ name: 'lease_until', ...timestampColumn({ nullable: true }) })
  leaseUntil!: Date | null;
}

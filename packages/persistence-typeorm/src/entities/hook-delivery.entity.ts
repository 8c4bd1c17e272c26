import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../columns';
import { WebhookEntity } from './webhook.entity';

/** One event to send to one hook (Forgejo's hook_task); pending rows are the delivery queue. */
@Entity('hook_delivery')
@Index('ix_hook_delivery_hook', ['hookId'])
@Index('ix_hook_delivery_due', ['state', 'nextAttemptAt'])
export class HookDeliveryEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'hook_id', type: 'integer' })
  hookId!: number;

  @ManyToOne(() => WebhookEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'hook_id', foreignKeyConstraintName: 'fk_hook_delivery_hook' })
  hook?: WebhookEntity;

  @Column({ type: 'varchar', length: 36 })
  uuid!: string;

  @Column({ type: 'varchar', length: 64 })
  event!: string;

  @Column({ type: 'text' })
  payload!: string;

  /** pending, delivered or failed. */
  @Column({ type: 'varchar', length: 16, default: 'pending' })
  state!: string;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', ...timestampColumn() })
  nextAttemptAt!: Date;

  /** Until when a worker holds it; a lease that ran out (the worker died) lets another take it. */
  @Column({ name: 'leased_until', ...timestampColumn({ nullable: true }) })
  leasedUntil!: Date | null;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}

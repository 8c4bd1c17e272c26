import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { timestampColumn } from '../columns';
import { HookDeliveryEntity } from './hook-delivery.entity';

/** One try to send a delivery: what was sent and what came back. */
@Entity('hook_delivery_attempt')
@Index('ix_hook_delivery_attempt_delivery', ['deliveryId'])
export class HookDeliveryAttemptEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'delivery_id', type: 'integer' })
  deliveryId!: number;

  @ManyToOne(() => HookDeliveryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delivery_id', foreignKeyConstraintName: 'fk_hook_delivery_attempt_delivery' })
  delivery?: HookDeliveryEntity;

  @Column({ name: 'started_at', ...timestampColumn() })
  startedAt!: Date;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;

  @Column({ name: 'request_url', type: 'text' })
  requestUrl!: string;

  /** JSON object of the headers sent (the Authorization value masked). */
  @Column({ name: 'request_headers', type: 'text' })
  requestHeaders!: string;

  @Column({ name: 'request_body', type: 'text' })
  requestBody!: string;

  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus!: number | null;

  @Column({ name: 'response_body', type: 'text', default: '' })
  responseBody!: string;

  @Column({ type: 'text', nullable: true })
  error!: string | null;
}

import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { RepositoryTransfer } from '@bellows/domain';
import { timestampColumn } from '../columns';
import { OwnerEntity } from './owner.entity';
import { RepositoryEntity } from './repository.entity';

/**
 * Team ids as a comma-separated list: they are only ever read and written
 * together. (TypeORM also hands back the value it just inserted, still a list.)
 */
const idList = {
  to: (ids: number[] | undefined) => (ids ?? []).join(','),
  from: (stored: string | number[] | null) => (Array.isArray(stored) ? stored : stored ? stored.split(',').map(Number) : []),
};

/**
 * A repository's transfer in progress: pending until the recipient accepts,
 * then (with `moving_from`) until its folder on disk follows the new owner.
 * At most one per repository.
 */
@Entity('repo_transfer')
export class RepositoryTransferEntity implements RepositoryTransfer {
  @PrimaryColumn({ name: 'repo_id', type: 'integer', primaryKeyConstraintName: 'pk_repo_transfer' })
  repoId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_repo_transfer_repo' })
  repo?: RepositoryEntity;

  /** Who asked; kept as a plain number so that deleting that user does not lose a move still to be finished. */
  @Column({ name: 'doer_id', type: 'integer' })
  doerId!: number;

  @Column({ name: 'recipient_id', type: 'integer' })
  recipientId!: number;

  @ManyToOne(() => OwnerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'recipient_id', foreignKeyConstraintName: 'fk_repo_transfer_recipient' })
  recipient?: OwnerEntity;

  @Column({ name: 'team_ids', type: 'varchar', length: 1024, default: '', transformer: idList })
  teamIds!: number[];

  @Column({ name: 'moving_from', type: 'varchar', length: 255, nullable: true })
  movingFrom!: string | null;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;
}

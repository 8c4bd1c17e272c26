import type { Attachment } from '@bellows/domain';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { bytesColumn, timestampColumn } from '../columns';
import { OwnerEntity } from './owner.entity';
import { RepositoryEntity } from './repository.entity';

/**
 * A file attached to an issue, an issue comment or a release. It counts toward
 * the owner of its repository, not its uploader. The issue and release issues
 * add their foreign keys when those tables exist.
 */
@Entity('attachment')
export class AttachmentEntity implements Attachment {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('uq_attachment_uuid', { unique: true })
  @Column({ type: 'varchar', length: 40 })
  uuid!: string;

  @Index('ix_attachment_repo')
  @Column({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_attachment_repo' })
  repository?: RepositoryEntity;

  @Index('ix_attachment_issue')
  @Column({ name: 'issue_id', type: 'integer', nullable: true })
  issueId!: number | null;

  @Index('ix_attachment_comment')
  @Column({ name: 'comment_id', type: 'integer', nullable: true })
  commentId!: number | null;

  @Index('ix_attachment_release')
  @Column({ name: 'release_id', type: 'integer', nullable: true })
  releaseId!: number | null;

  @Column({ name: 'uploader_id', type: 'integer', nullable: true })
  uploaderId!: number | null;

  @ManyToOne(() => OwnerEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'uploader_id', foreignKeyConstraintName: 'fk_attachment_uploader' })
  uploader?: OwnerEntity;

  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column(bytesColumn())
  size!: number;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  /** How often it was downloaded (added by the labels and issue attachments migration). */
  @Column({ name: 'download_count', ...bytesColumn() })
  downloadCount!: number;
}

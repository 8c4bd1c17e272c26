import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { RepositoryEntity } from './repository.entity';
import { timestampColumn } from '../columns';

/** A topic name, kept while some repository carries it. */
@Entity('topic')
export class TopicEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('uq_topic_name', { unique: true })
  @Column({ type: 'varchar', length: 50 })
  name!: string;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt!: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt!: Date;
}

/** A repository carrying a topic. */
@Entity('repo_topic')
export class RepoTopicEntity {
  @PrimaryColumn({ name: 'repo_id', type: 'integer' })
  repoId!: number;

  @Index('ix_repo_topic_topic')
  @PrimaryColumn({ name: 'topic_id', type: 'integer' })
  topicId!: number;

  @ManyToOne(() => RepositoryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'repo_id', foreignKeyConstraintName: 'fk_repo_topic_repo' })
  repository?: RepositoryEntity;

  @ManyToOne(() => TopicEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'topic_id', foreignKeyConstraintName: 'fk_repo_topic_topic' })
  topic?: TopicEntity;
}

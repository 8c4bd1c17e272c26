import { randomUUID } from 'crypto';
import { EntityManager, In, IsNull } from 'typeorm';
import { Attachment, AttachmentContainerKind, AttachmentStore, NewAttachment, UsageChanges } from '@bellows/domain';
import { AttachmentEntity } from '../entities/attachment.entity';
import { RepositoryEntity } from '../entities/repository.entity';
import { InTransaction } from '../quota/in-transaction';
import { CommentEntity } from '../entities/comment.entity';
import { IssueEntity } from '../entities/issue.entity';
import { ReleaseEntity } from '../entities/release.entity';
import { ContainerLink, findLocked, holdRepositoryAnd } from '../quota/locked-row';
import { attachmentThing } from '../quota/sized-rows';
import { UsageLedger } from '../quota/usage-ledger';
import type { CountedAttachment } from '@bellows/domain';
import { fitsIdColumn } from '../row-id';
import { insertRow } from './insert-row';
import { noteWrite } from '../read-cache/change-versions';

/** Attachments. They count toward the owner of their repository, never the uploader. */
export class TypeOrmAttachmentStore implements AttachmentStore {
  constructor(
    private readonly manager: EntityManager,
    private readonly inTransaction: InTransaction,
  ) {}

  private get repo() {
    return this.manager.getRepository(AttachmentEntity);
  }

  async findById(id: number): Promise<Attachment | null> {
    return fitsIdColumn(id) ? this.repo.findOneBy({ id }) : null;
  }

  findByUuid(uuid: string): Promise<AttachmentEntity | null> {
    return this.repo.findOneBy({ uuid });
  }

  /** The issue's own attachments (not those of its comments), oldest first. */
  listOfIssue(issueId: number): Promise<AttachmentEntity[]> {
    return this.repo.find({ where: { issueId, commentId: IsNull() }, order: { id: 'ASC' } });
  }

  /** A comment's attachments, oldest first. */
  listOfComment(commentId: number): Promise<AttachmentEntity[]> {
    return this.repo.find({ where: { commentId }, order: { id: 'ASC' } });
  }

  /** A release's attachments, oldest first. */
  listOfRelease(releaseId: number): Promise<AttachmentEntity[]> {
    return this.repo.find({ where: { releaseId }, order: { id: 'ASC' } });
  }

  /** The attachments of several releases at once (for a page of releases), oldest first. */
  listOfReleases(releaseIds: number[]): Promise<AttachmentEntity[]> {
    return releaseIds.length ? this.repo.find({ where: { releaseId: In(releaseIds) }, order: { id: 'ASC' } }) : Promise.resolve([]);
  }

  async rename(id: number, name: string): Promise<boolean> {
    return ((await this.repo.update({ id }, { name })).affected ?? 0) > 0;
  }

  async countDownload(id: number): Promise<void> {
    await this.repo.increment({ id }, 'downloadCount', 1);
  }

  /**
   * Records an uploaded file and counts it, in one transaction, while its
   * repository and its issue, comment or release are held; ContainerGoneError
   * when one of them was deleted meanwhile (nothing is recorded then).
   */
  insert(input: NewAttachment): Promise<AttachmentEntity> {
    return this.inTransaction(async (manager) => {
      // The repository is the first container held: its owner is the one the bytes count for.
      const repository = await holdRepositoryAnd(manager, input.repoId, containersInRepository(input));
      const saved = await insertRow(manager, AttachmentEntity, {
        uuid: input.uuid ?? randomUUID(),
        repoId: input.repoId,
        name: input.name,
        size: input.size,
        uploaderId: input.uploaderId,
        issueId: input.issueId ?? null,
        commentId: input.commentId ?? null,
        releaseId: input.releaseId ?? null,
        createdAt: input.createdAt ?? new Date(),
      });
      await new UsageLedger(manager).apply(UsageChanges.added(repository.ownerId, attachmentThing(saved), saved.size));
      return saved;
    });
  }

  /** Deletes the attachment and takes its bytes off the repository owner's ledger. False when it was already gone. */
  delete(id: number): Promise<boolean> {
    return this.inTransaction(async (manager) => {
      const attachment = await findLocked(manager, AttachmentEntity, { id });
      if (!attachment) return false;
      const repository = await manager.getRepository(RepositoryEntity).findOneByOrFail({ id: attachment.repoId });
      await manager.getRepository(AttachmentEntity).delete({ id });
      await new UsageLedger(manager).apply(UsageChanges.removed(repository.ownerId, attachmentThing(attachment), attachment.size));
      return true;
    });
  }

  /**
   * Deletes an issue, a comment or a release with all its attachments, in one
   * transaction: the container is locked first, so an upload into it either
   * finished before (its row is seen and taken off the ledger here) or is
   * refused by `insert`. Returns the deleted attachments (their files are the
   * caller's to remove once this has committed), or null when the container
   * was already gone. An issue's attachments include its comments'.
   */
  deleteContainer(kind: AttachmentContainerKind, id: number): Promise<AttachmentEntity[] | null> {
    return this.inTransaction(async (manager) => {
      const { entity, column } = CONTAINER_TABLES[kind];
      // Issue lists show issues and count comments; releases are not in them.
      if (kind !== 'release') noteWrite(manager, 'issues');
      if (!(await findLocked(manager, entity, { id }))) return null;
      const attachments = await manager.getRepository(AttachmentEntity).findBy({ [column]: id });
      if (attachments.length) {
        const repository = await manager.getRepository(RepositoryEntity).findOneByOrFail({ id: attachments[0].repoId });
        await manager.getRepository(AttachmentEntity).delete({ id: In(attachments.map((a) => a.id)) });
        const changes = attachments.flatMap((a) => UsageChanges.removed(repository.ownerId, attachmentThing(a), a.size));
        await new UsageLedger(manager).apply(UsageChanges.merged(changes));
      }
      await manager.getRepository(entity).delete({ id });
      return attachments;
    });
  }

  /** One page of the attachments counted for the owner, biggest first, and how many there are. */
  async listCountedForOwner(ownerId: number, skip: number, take: number): Promise<[CountedAttachment[], number]> {
    const query = this.repo
      .createQueryBuilder('a')
      .innerJoin(RepositoryEntity, 'r', 'r.id = a.repo_id')
      .innerJoin('owner', 'o', 'o.id = r.owner_id')
      .leftJoin('issue', 'i', 'i.id = a.issue_id')
      .leftJoin('release', 'rel', 'rel.id = a.release_id')
      .where('r.owner_id = :ownerId', { ownerId })
      .andWhere('(a.release_id IS NOT NULL OR a.issue_id IS NOT NULL OR a.comment_id IS NOT NULL)');
    const total = await query.getCount();
    const rows = await query
      .select(['a.id AS id', 'a.uuid AS uuid', 'a.name AS name', 'a.size AS size', 'a.issue_id AS issue_id', 'a.comment_id AS comment_id'])
      .addSelect([
        'a.release_id AS release_id',
        'o.name AS owner_name',
        'r.name AS repo_name',
        'i.index AS issue_index',
        'rel.tag_name AS release_tag',
      ])
      .orderBy('a.size', 'DESC')
      .addOrderBy('a.id', 'ASC')
      .offset(skip)
      .limit(take)
      .getRawMany();
    return [
      rows.map((row) => ({
        id: Number(row.id),
        uuid: row.uuid,
        name: row.name,
        size: Number(row.size),
        issueId: nullableNumber(row.issue_id),
        issueIndex: nullableNumber(row.issue_index),
        commentId: nullableNumber(row.comment_id),
        releaseId: nullableNumber(row.release_id),
        releaseTag: row.release_tag ?? null,
        ownerName: row.owner_name,
        repoName: row.repo_name,
      })),
      total,
    ];
  }
}

/** The table of each kind of container, and the attachment column that points at it. */
const CONTAINER_TABLES = {
  issue: { entity: IssueEntity, column: 'issueId' },
  comment: { entity: CommentEntity, column: 'commentId' },
  release: { entity: ReleaseEntity, column: 'releaseId' },
} as const;

/** What an attachment hangs on inside its repository, outermost first. */
function containersInRepository(input: NewAttachment): ContainerLink[] {
  const links: ContainerLink[] = [];
  if (input.issueId != null) links.push({ kind: 'issue', entity: IssueEntity, id: input.issueId });
  if (input.commentId != null) links.push({ kind: 'comment', entity: CommentEntity, id: input.commentId });
  if (input.releaseId != null) links.push({ kind: 'release', entity: ReleaseEntity, id: input.releaseId });
  return links;
}

function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

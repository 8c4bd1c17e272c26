import { EntityManager, In } from 'typeorm';
import type { BlobReferenceStore } from '@bellows/domain';
import { ActionArtifactEntity } from '../entities/action-artifact.entity';
import { ActionArtifactUploadEntity } from '../entities/action-artifact-upload.entity';
import { AttachmentEntity } from '../entities/attachment.entity';
import { LfsObjectEntity } from '../entities/lfs-object.entity';
import { PackageBlobEntity } from '../entities/package-blob.entity';

/** The BlobReferenceStore port on TypeORM: which stored files rows still refer to, a batch at a time. */
export class TypeOrmBlobReferenceStore implements BlobReferenceStore {
  constructor(private readonly manager: EntityManager) {}

  /** Attachment uuids that have a row (attached to something or not yet). */
  async attachmentUuids(uuids: string[]): Promise<Set<string>> {
    if (uuids.length === 0) return new Set();
    const rows = await this.manager.getRepository(AttachmentEntity).find({ select: { uuid: true }, where: { uuid: In(uuids) } });
    return new Set(rows.map((row) => row.uuid.toLowerCase()));
  }

  /** LFS oids that have an object row. */
  async lfsOids(oids: string[]): Promise<Set<string>> {
    if (oids.length === 0) return new Set();
    const rows = await this.manager.getRepository(LfsObjectEntity).find({ select: { oid: true }, where: { oid: In(oids) } });
    return new Set(rows.map((row) => row.oid));
  }

  /** Package content digests that have a blob row. */
  async packageBlobSha256s(sha256s: string[]): Promise<Set<string>> {
    if (sha256s.length === 0) return new Set();
    const rows = await this.manager.getRepository(PackageBlobEntity).find({ select: { sha256: true }, where: { sha256: In(sha256s) } });
    return new Set(rows.map((row) => row.sha256));
  }

  /** Artifact uploads (not finalized yet) that still exist: their blocks and zip are theirs. */
  async artifactUploadIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.manager.getRepository(ActionArtifactUploadEntity).find({ select: { id: true }, where: { id: In(ids) } });
    return new Set(rows.map((row) => row.id));
  }

  /** Storage keys of artifacts that can still be downloaded (an expired artifact's zip is garbage). */
  async activeArtifactKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.manager
      .getRepository(ActionArtifactEntity)
      .find({ select: { storageKey: true }, where: { storageKey: In(keys), status: 'active' } });
    return new Set(rows.map((row) => row.storageKey!));
  }
}

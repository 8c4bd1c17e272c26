import type {
  ArtifactStore,
  CountedArtifact,
  CountedAttachment,
  CountedObjects,
  CountedPackageVersion,
  PackageStore,
} from '@bellows/domain';
import type { TypeOrmAttachmentStore } from '../stores/attachment.store';

/** The CountedObjects port: each kind is listed by the store that keeps it. */
export class TypeOrmCountedObjects implements CountedObjects {
  constructor(private readonly stores: { attachments: TypeOrmAttachmentStore; packages: PackageStore; artifacts: ArtifactStore }) {}

  attachments(ownerId: number, skip: number, take: number): Promise<[CountedAttachment[], number]> {
    return this.stores.attachments.listCountedForOwner(ownerId, skip, take);
  }

  packageVersions(ownerId: number, skip: number, take: number): Promise<[CountedPackageVersion[], number]> {
    return this.stores.packages.listCountedForOwner(ownerId, skip, take);
  }

  artifacts(ownerId: number, skip: number, take: number): Promise<[CountedArtifact[], number]> {
    return this.stores.artifacts.listCountedForOwner(ownerId, skip, take);
  }
}

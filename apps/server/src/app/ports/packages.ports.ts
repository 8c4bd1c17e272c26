import { ActionRunStore, ActionSecretStore, ArtifactStore, BlobReferenceStore, OrphanRows, PackageStore, UsageRecount } from '@bellows/domain';
import { bindPort } from './bind-port';

/** Packages, actions runs, artifacts and secrets, stored files, and the operator's repair tools. */
export const PACKAGES_PORTS = [
  bindPort(PackageStore, (db) => db.packages),
  bindPort(ActionRunStore, (db) => db.actionRuns),
  bindPort(ArtifactStore, (db) => db.artifacts),
  bindPort(ActionSecretStore, (db) => db.actionSecrets),
  bindPort(BlobReferenceStore, (db) => db.blobReferences),
  bindPort(OrphanRows, (db) => db.orphanRows),
  bindPort(UsageRecount, (db) => db.quotaRecount),
];

import {
  ActionRunStore,
  ActionSecretStore,
  ActionVariableStore,
  ArtifactStore,
  BlobReferenceStore,
  OrphanRows,
  PackageStore,
  UsageRecount,
} from '@bellows/domain';
import { DatabaseHealth } from '../../modules/health/database-health';
import { bindPort } from './bind-port';

/** Packages, actions runs, artifacts and secrets, stored files, the operator's repair tools, and the health check. */
export const PACKAGES_PORTS = [
  bindPort(PackageStore, (db) => db.packages),
  bindPort(ActionRunStore, (db) => db.actionRuns),
  bindPort(ArtifactStore, (db) => db.artifacts),
  bindPort(ActionSecretStore, (db) => db.actionSecrets),
  bindPort(ActionVariableStore, (db) => db.actionVariables),
  bindPort(BlobReferenceStore, (db) => db.blobReferences),
  bindPort(OrphanRows, (db) => db.orphanRows),
  bindPort(UsageRecount, (db) => db.quotaRecount),
  bindPort(DatabaseHealth, (db) => db),
];

import { CommitStatusStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** Statuses reported on commits. */
export const COMMIT_STATUSES_PORTS = [bindPort(CommitStatusStore, (db) => db.commitStatuses)];

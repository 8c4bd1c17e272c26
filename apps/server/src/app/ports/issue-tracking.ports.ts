import { IssueDependencyStore, StopwatchStore, TrackedTimeStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** Time tracking on issues (tracked times, stopwatches) and issue dependencies. */
export const ISSUE_TRACKING_PORTS = [
  bindPort(TrackedTimeStore, (db) => db.trackedTimes),
  bindPort(StopwatchStore, (db) => db.stopwatches),
  bindPort(IssueDependencyStore, (db) => db.issueDependencies),
];

import { IssuePinStore, IssueWatchStore, ReactionStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** Subscriptions to issues, reactions and pins (the repository watches are in REPOSITORIES_PORTS). */
export const ISSUE_SOCIAL_PORTS = [
  bindPort(IssueWatchStore, (db) => db.issueWatches),
  bindPort(ReactionStore, (db) => db.reactions),
  bindPort(IssuePinStore, (db) => db.issuePins),
];

import { IssueWatchStore, ReactionStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** Subscriptions to issues and reactions (the repository watches are in REPOSITORIES_PORTS). */
export const ISSUE_SOCIAL_PORTS = [bindPort(IssueWatchStore, (db) => db.issueWatches), bindPort(ReactionStore, (db) => db.reactions)];

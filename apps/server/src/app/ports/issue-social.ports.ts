import { IssueWatchStore } from '@bellows/domain';
import { bindPort } from './bind-port';

/** Subscriptions to issues (the repository watches are in REPOSITORIES_PORTS). */
export const ISSUE_SOCIAL_PORTS = [bindPort(IssueWatchStore, (db) => db.issueWatches)];

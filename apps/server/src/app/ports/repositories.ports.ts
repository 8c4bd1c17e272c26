import {
  CollaborationStore,
  LfsStore,
  PullRequestStore,
  PullReviewStore,
  ProtectionStore,
  RepositorySearchStore,
  RepositoryStore,
  RepositoryTransferStore,
  RepoWatchStore,
  StarStore,
  TeamRepositoryStore,
} from '@bellows/domain';
import { bindPort } from './bind-port';
import { GIT_PORTS } from './git.ports';

/** Repositories, who may use them, LFS objects and pull requests; their git data (GIT_PORTS). */
export const REPOSITORIES_PORTS = [
  bindPort(RepositoryStore, (db) => db.repositories),
  bindPort(RepositoryTransferStore, (db) => db.repositoryTransfers),
  bindPort(RepositorySearchStore, (db) => db.repositorySearch),
  bindPort(CollaborationStore, (db) => db.collaborations),
  bindPort(TeamRepositoryStore, (db) => db.teamRepositories),
  bindPort(LfsStore, (db) => db.lfs),
  bindPort(PullRequestStore, (db) => db.pullRequests),
  bindPort(PullReviewStore, (db) => db.pullReviews),
  bindPort(ProtectionStore, (db) => db.protection),
  bindPort(StarStore, (db) => db.stars),
  bindPort(RepoWatchStore, (db) => db.repoWatches),
  ...GIT_PORTS,
];

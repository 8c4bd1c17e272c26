import { FactoryProvider } from '@nestjs/common';
import * as git from '@bellows/git';
import { BellowsConfig } from '../../config';
import { GitTransport } from '../../modules/git-http/git-transport';
import { PullDiffs } from '../../modules/pulls/pull-diffs';
import { MergeConflictError, MergeStyleError, PullMerges } from '../../modules/pulls/pull-merges';
import { BareRepositories } from '../../modules/repositories/bare-repositories';
import { GitObjects } from '../../modules/repositories/git-objects';
import { RepositoryNotes } from '../../modules/git-notes/repository-notes';
import { ForkSync } from '../../modules/sync-fork/fork-sync';
import { GitConflictError, GitContentTooLargeError, GitNotFoundError, InvalidGitInputError } from '../../modules/repositories/git-errors';
import { RepositoryContents } from '../../modules/repositories/repository-contents';
import { RepositoryHistory } from '../../modules/repositories/repository-history';
import { RepositoryRefs } from '../../modules/repositories/repository-refs';
import { RepositorySizes } from '../../modules/repositories/repository-sizes';
import { CONFIG } from '../tokens';
import { Port } from './bind-port';

/**
 * The git ports bound to the git adapter (`@bellows/git`): bare repositories
 * under `[repository] ROOT`, and the adapter's functions grouped by what the
 * use cases do with them. Each binding's type makes the compiler check that
 * the adapter satisfies the port; every call goes through `withPortErrors`,
 * so use cases see the application's errors (modules/repositories/git-errors),
 * never the adapter's.
 */
export const GIT_PORTS: FactoryProvider[] = [
  {
    provide: git.GitRepositories,
    inject: [CONFIG],
    useFactory: (config: BellowsConfig) => new git.GitRepositories(config.repository.root),
  },
  bindGitPort(BareRepositories, (repositories) => repositories),
  bindGitPort(RepositoryRefs, () => ({
    assertRefName: git.assertRefName,
    isEmpty: git.isEmpty,
    resolveRef: git.resolveRef,
    resolveCommit: git.resolveCommit,
    branchTip: git.branchTip,
    getDefaultBranch: git.getDefaultBranch,
    setDefaultBranch: git.setDefaultBranch,
    listBranches: git.listBranches,
    getBranch: git.getBranch,
    createTag: git.createTag,
    createBranch: git.createBranch,
    deleteBranch: git.deleteBranch,
    renameBranch: git.renameBranch,
    listTags: git.listTags,
    getTag: git.getTag,
    createAnnotatedTag: git.createAnnotatedTag,
    deleteTag: git.deleteTag,
  })),
  bindGitPort(GitObjects, () => ({
    listTree: git.listTree,
    statBlob: git.statBlob,
    readAnnotatedTag: git.readAnnotatedTag,
    listRefs: git.listRefs,
    openCommitDiff: git.openCommitDiff,
  })),
  bindGitPort(RepositoryHistory, () => ({
    listCommits: git.listCommits,
    getCommit: git.getCommit,
    commitsBetween: git.commitsBetween,
    changedFiles: git.changedFiles,
    mergeBase: git.mergeBase,
    isAncestor: git.isAncestor,
  })),
  bindGitPort(RepositoryContents, () => ({
    readTree: git.readTree,
    statPath: git.statPath,
    readBlob: git.readBlob,
    readBlobBytes: git.readBlobBytes,
    createOrUpdateFile: git.createOrUpdateFile,
    deleteFile: git.deleteFile,
    createInitialCommit: git.createInitialCommit,
    commitChanges: git.commitChanges,
    applyPatch: git.applyPatch,
  })),
  bindGitPort(RepositorySizes, () => ({ measureSize: git.measureSize })),
  bindGitPort(RepositoryNotes, () => ({ readNote: git.readNote, writeNote: git.writeNote, removeNote: git.removeNote })),
  bindGitPort(ForkSync, () => ({ fastForwardFrom: git.fastForwardFrom })),
  bindGitPort(PullMerges, () => ({
    checkMerge: git.checkMerge,
    mergePullRequest: git.mergePullRequest,
    updateBranch: git.updateBranch,
    setRef: git.setRef,
    deleteBranchAt: git.deleteBranchAt,
  })),
  bindGitPort(PullDiffs, () => ({ openPullDiff: git.openPullDiff })),
  bindGitPort(GitTransport, () => ({
    advertiseRefs: git.advertiseRefs,
    serviceRpc: git.serviceRpc,
    serviceRpcIntoSocket: git.serviceRpcIntoSocket,
    serviceSession: git.serviceSession,
  })),
];

/** Binds a git port to what `adapter` makes of the git adapter (the compiler checks it satisfies the port), answering the port's errors. */
function bindGitPort<P extends object>(port: Port<P>, adapter: (repositories: git.GitRepositories) => P): FactoryProvider<P> {
  return {
    provide: port,
    inject: [git.GitRepositories],
    useFactory: (repositories: git.GitRepositories) => withPortErrors(adapter(repositories)),
  };
}

/**
 * The same object, whose methods throw (or reject with) the application's
 * error for each error of the git adapter; other errors pass through.
 */
export function withPortErrors<P extends object>(adapter: P): P {
  return new Proxy(adapter, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        let result: unknown;
        try {
          result = value.apply(target, args);
        } catch (error) {
          throw portError(error);
        }
        return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(portError(error))) : result;
      };
    },
  });
}

/** The application's error for an error of the git adapter, with the same message and stack. */
export function portError(error: unknown): unknown {
  const translated = translate(error);
  if (translated === undefined) return error;
  translated.stack = (error as Error).stack;
  return translated;
}

function translate(error: unknown): Error | undefined {
  if (error instanceof git.GitMergeConflictError) return new MergeConflictError(error.message, error.files);
  if (error instanceof git.GitMergeStyleError) return new MergeStyleError(error.message);
  if (error instanceof git.InvalidGitInputError) return new InvalidGitInputError(error.message, error.field, error.value);
  if (error instanceof git.GitNotFoundError) return new GitNotFoundError(error.message);
  if (error instanceof git.GitConflictError) return new GitConflictError(error.message);
  if (error instanceof git.GitContentTooLargeError) return new GitContentTooLargeError(error.message);
  return undefined;
}

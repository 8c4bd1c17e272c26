export * from './errors';
export * from './types';
export * from './validation';
export { GitRepositories, type CreateBareOptions } from './repositories';
export { measureSize } from './measure-size';
export type { GitExit, GitRun, GitStream } from './git-stream';
export * from './smart-http';
export {
  resolveRef,
  resolveCommit,
  branchTip,
  isEmpty,
  getDefaultBranch,
  setDefaultBranch,
  listBranches,
  getBranch,
  listCommits,
  getCommit,
  readTree,
  statPath,
  readBlob,
  openBlob,
  readBlobBytes,
  type ListCommitsOptions,
  type BlobHandle,
} from './read';
export * from './compare';
export { createBranch, deleteBranch, renameBranch, createAnnotatedTag, listTags, getTag } from './refs';
export { listTree, statBlob, readAnnotatedTag, listRefs, openCommitDiff } from './objects';
export {
  createInitialCommit,
  createOrUpdateFile,
  deleteFile,
  createTag,
  deleteTag,
  commitChanges,
  applyPatch,
  buildTree,
  type FileChange,
  type CheckedFileChange,
  type ChangesCommitOptions,
  type ChangesCommitResult,
  type PatchCommitOptions,
  type CommitOptions,
  type InitialCommitOptions,
  type FileCommitOptions,
  type FileCommitResult,
} from './write';
export * from './archive';
export {
  checkMerge,
  mergePullRequest,
  setRef,
  deleteBranchAt,
  updateBranch,
  GitMergeConflictError,
  GitMergeStyleError,
  type MergeStyle,
  type MergeCheck,
  type MergeOptions,
  type MergeResult,
  type BranchUpdateOptions,
} from './merge';
export { readNote, writeNote, removeNote, type GitNote } from './notes';
export { fastForwardFrom } from './sync';

// The records git produces are the domain's (packages/domain/src/repositories/git-records.ts).
export type {
  GitSignature,
  GitIdentity,
  FileChangeStatus,
  ChangedFile,
  DiffStats,
  CommitInfo,
  CommitWithFiles,
  Branch,
  Tag,
  TagAnnotation,
  GitRef,
  AnnotatedTagObject,
  TreeEntryType,
  TreeEntry,
  Page,
} from '@bellows/domain';

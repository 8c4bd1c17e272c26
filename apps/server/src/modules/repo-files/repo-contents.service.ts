import { BadRequestException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { MAX_LFS_POINTER_SIZE, Owner, parseLfsPointer } from '@bellows/domain';
import { LfsObjectStorage } from '../git-http/lfs/lfs-object-storage';
import { RefProtection } from '../protection/ref-protection.service';
import { GitConflictError } from '../repositories/git-errors';
import { BlobHandle, CheckedFileChange, GitIdentity, RepositoryContents, TreeEntry } from '../repositories/repository-contents';
import { RepositoryHistory } from '../repositories/repository-history';
import { RepositoryRefs } from '../repositories/repository-refs';
import { UNVERIFIED } from './dto/commit.dto';
import {
  ApiContentsResponse,
  ApiFileDeleteResponse,
  ApiFileResponse,
  ApiFilesResponse,
  ApplyDiffPatchOptions,
  ChangeFileOperation,
  ChangeFilesOptions,
  CommitFileOptions,
  contentType,
  DeleteFileOptions,
  FileOperationKind,
  FileOptions,
  Identity,
  toApiContents,
  toApiFileCommit,
  toApiFileResponse,
  UpdateFileOptions,
} from './dto/contents.dto';
import { withGitErrors } from './git-errors';
import { RepoGit, RepoGitResolver } from './repo-git';

/** A file to download: its size, a strong validator, and its bytes on demand. */
export interface RawFile {
  size: number;
  etag: string;
  open(): Promise<Readable>;
  /** An LFS object's presigned URL when `[lfs] SERVE_DIRECT` is on object storage (null otherwise). */
  directUrl?(): Promise<string | null>;
}

/** Files up to this size come with their content, as Forgejo's `[api] DEFAULT_MAX_BLOB_SIZE`. */
export const MAX_INLINE_BLOB = 10 * 1024 * 1024;

/** The contents API: read a file or directory at a ref, create or update one file with a commit. */
@Injectable()
export class RepoContentsService {
  constructor(
    private readonly repos: RepoGitResolver,
    private readonly refs: RepositoryRefs,
    private readonly history: RepositoryHistory,
    private readonly contents: RepositoryContents,
    private readonly lfsObjects: LfsObjectStorage,
    private readonly protection: RefProtection,
  ) {}

  /** A file (with its content) or a directory (its entries); 404 when the path or ref does not exist. */
  async read(target: RepoGit, filePath: string, ref: string | undefined): Promise<ApiContentsResponse | ApiContentsResponse[]> {
    return withGitErrors(async () => {
      const revision = ref ?? target.repo.defaultBranch;
      if (await this.refs.isEmpty(target.path)) throw new NotFoundException(`${target.owner.name}/${target.repo.name} is empty`);
      const commit = await this.refs.resolveCommit(target.path, revision);
      if (filePath === '') return this.listDirectory(target, commit, '', revision);
      const entry = await this.contents.statPath(target.path, commit, filePath);
      if (!entry) throw new NotFoundException(`${filePath} does not exist at ${revision}`);
      if (entry.type === 'tree') return this.listDirectory(target, commit, filePath, revision);
      return this.describe(target, commit, entry, revision);
    });
  }

  /** The file at `ref` (the default branch when absent) to stream as it is; 404 when the path or ref does not exist. */
  raw(target: RepoGit, filePath: string, ref: string | undefined): Promise<BlobHandle> {
    return withGitErrors(() => this.contents.readBlob(target.path, ref ?? target.repo.defaultBranch, filePath));
  }

  /**
   * The file at `ref` as a client of `git lfs` would see it: when the blob is an LFS
   * pointer to an object this repository holds, the object; otherwise the blob itself.
   */
  async media(target: RepoGit, filePath: string, ref: string | undefined): Promise<RawFile> {
    const blob = await this.raw(target, filePath, ref);
    const pointer =
      blob.size <= MAX_LFS_POINTER_SIZE
        ? parseLfsPointer(
            (await withGitErrors(() => this.contents.readBlobBytes(target.path, blob.sha, MAX_LFS_POINTER_SIZE))).toString('utf8'),
          )
        : undefined;
    const object = pointer && (await this.lfsObjects.findInRepository(target.repo.id, pointer.oid));
    if (!object) return { size: blob.size, etag: blob.sha, open: async () => blob.open().output };
    return {
      size: object.size,
      etag: object.oid,
      open: () => this.lfsObjects.open(object.oid),
      directUrl: () => this.lfsObjects.directUrl(object.oid, filePath.split('/').pop()),
    };
  }

  async create(target: RepoGit, filePath: string, options: FileOptions, actor: Owner): Promise<ApiFileResponse> {
    const plan = planOf(target, options, actor, [{ operation: 'create', path: filePath, content: decoded(options.content) }]);
    return this.singleFileAnswer(target, plan, await this.commit(target, plan, 422));
  }

  async update(target: RepoGit, filePath: string, options: UpdateFileOptions, actor: Owner): Promise<ApiFileResponse> {
    const operation: PlannedOperation = { operation: 'update', path: filePath, content: decoded(options.content), sha: options.sha };
    const fromPath = trimSlashes(options.from_path ?? '');
    if (fromPath !== '' && fromPath !== filePath) operation.fromPath = fromPath;
    const plan = planOf(target, options, actor, [operation]);
    return this.singleFileAnswer(target, plan, await this.commit(target, plan, 422));
  }

  /** Deletes one file; Forgejo answers a stale `sha` or an existing new branch with 400 here. */
  async delete(target: RepoGit, filePath: string, options: DeleteFileOptions, actor: Owner): Promise<ApiFileDeleteResponse> {
    const plan = planOf(target, options, actor, [{ operation: 'delete', path: filePath, sha: options.sha }]);
    const commitSha = await this.commit(target, plan, 400);
    return { content: null, commit: toApiFileCommit(await this.getCommit(target, commitSha), target.urls), verification: UNVERIFIED };
  }

  /** Creates, updates and deletes several files in one commit. */
  async change(target: RepoGit, options: ChangeFilesOptions, actor: Owner): Promise<ApiFilesResponse> {
    const operations = options.files.map((file) => plannedOperation(file));
    const plan = planOf(target, options, actor, operations);
    const commitSha = await this.commit(target, plan, 422);
    const files = await withGitErrors(() =>
      Promise.all(
        plan.operations.map((op) => (op.operation === 'delete' ? null : this.describePath(target, commitSha, op.path, plan.ref))),
      ),
    );
    return { files, commit: toApiFileCommit(await this.getCommit(target, commitSha), target.urls), verification: UNVERIFIED };
  }

  /** Applies a unified diff with one commit; a patch that does not apply is a 422 with git's reason. */
  async applyPatch(target: RepoGit, options: ApplyDiffPatchOptions, actor: Owner): Promise<ApiFileResponse> {
    const plan = planOf(target, { ...options, message: options.message?.trim() || 'apply-patch' }, actor, []);
    await this.checkBranches(target, plan, 422);
    const commitSha = await withGitErrors(() =>
      this.contents.applyPatch(target.path, { ...commitOptionsOf(plan), patch: patchText(options.content) }),
    );
    await this.repos.afterWrite(target, plan.committedBy);
    const commit = await this.getCommit(target, commitSha);
    const root: TreeEntry = { name: '', path: '', type: 'tree', mode: '040000', sha: commit.tree };
    return toApiFileResponse(toApiContents(root, plan.ref, target.urls, { bytes: null, lastCommitSha: commitSha }), commit, target.urls);
  }

  /**
   * Checks what the caller expects against the branch first, so each mistake gets
   * Forgejo's status (missing branch or file 404; a file that exists, a stale sha or an
   * existing new branch `mistake`), then commits all changes at once; a branch moved by
   * someone else meanwhile is a 409. Re-measures the repository's git size after.
   */
  private async commit(target: RepoGit, plan: CommitPlan, mistake: 400 | 422): Promise<string> {
    const result = await withGitErrors(async () => {
      await this.checkBranches(target, plan, mistake);
      await this.checkFiles(target, plan, mistake);
      try {
        return await this.contents.commitChanges(target.path, { ...commitOptionsOf(plan), changes: plan.operations.flatMap(changesOf) });
      } catch (error) {
        if (error instanceof GitConflictError)
          throw new GitConflictError(`${error.message} (the branch changed while writing; read the files again and retry)`);
        throw error;
      }
    });
    await this.repos.afterWrite(target, plan.committedBy);
    return result.commitSha;
  }

  private async singleFileAnswer(target: RepoGit, plan: CommitPlan, commitSha: string): Promise<ApiFileResponse> {
    return withGitErrors(async () => {
      const content = await this.describePath(target, commitSha, plan.operations[0].path, plan.ref);
      return toApiFileResponse(content, await this.history.getCommit(target.path, commitSha), target.urls);
    });
  }

  private async describePath(target: RepoGit, commitSha: string, filePath: string, ref: string): Promise<ApiContentsResponse> {
    const entry = await this.contents.statPath(target.path, commitSha, filePath);
    return this.describe(target, commitSha, entry!, ref);
  }

  private getCommit(target: RepoGit, sha: string) {
    return withGitErrors(() => this.history.getCommit(target.path, sha));
  }

  private async listDirectory(target: RepoGit, commit: string, dir: string, ref: string): Promise<ApiContentsResponse[]> {
    const entries = await this.contents.readTree(target.path, commit, dir);
    return entries.map((entry) => toApiContents(entry, ref, target.urls, { bytes: null, lastCommitSha: '' }));
  }

  private async describe(target: RepoGit, commit: string, entry: TreeEntry, ref: string): Promise<ApiContentsResponse> {
    const type = contentType(entry);
    const inline = (type === 'file' || type === 'symlink') && (entry.size ?? 0) <= MAX_INLINE_BLOB;
    const [bytes, history] = await Promise.all([
      inline ? this.contents.readBlobBytes(target.path, entry.sha, MAX_INLINE_BLOB) : Promise.resolve(null),
      this.history.listCommits(target.path, { sha: commit, path: entry.path, limit: 1 }),
    ]);
    return toApiContents(entry, ref, target.urls, { bytes, lastCommitSha: history.items[0]?.sha ?? '' });
  }

  /** The branch exists (or the repository is empty) and a new branch does not exist yet. */
  private async checkBranches(target: RepoGit, plan: CommitPlan, mistake: 400 | 422): Promise<void> {
    const empty = await this.refs.isEmpty(target.path);
    plan.tip = empty ? undefined : await this.refs.branchTip(target.path, plan.branch);
    if (!empty && plan.tip === undefined) throw new NotFoundException(`branch ${plan.branch} does not exist`);
    if (plan.newBranch !== undefined && (await this.refs.branchTip(target.path, plan.newBranch)) !== undefined) {
      throw mistakeError(mistake, `new_branch: branch ${plan.newBranch} already exists`);
    }
    // A commit through the API is judged like a push by its author (403 naming the rule).
    await this.protection.requireBranchChange(target, plan.ref, { user: plan.committedBy }, plan.newBranch ? 'create' : 'update');
  }

  /** Each operation meets what is on the branch now: a created file is new, an updated or deleted one is at `sha`. */
  private async checkFiles(target: RepoGit, plan: CommitPlan, mistake: 400 | 422): Promise<void> {
    const stat = (filePath: string) =>
      plan.tip === undefined ? Promise.resolve(undefined) : this.contents.statPath(target.path, plan.tip, filePath);
    for (const op of plan.operations) {
      const source = op.fromPath ?? op.path;
      const current = await stat(source);
      if (op.operation === 'create' && current !== undefined) throw mistakeError(mistake, `${op.path} already exists on ${plan.branch}`);
      if (op.operation === 'create') continue;
      if (current === undefined) throw new NotFoundException(`${source} does not exist on ${plan.branch}`);
      if (!op.sha) throw mistakeError(mistake, `sha: give the sha of ${source} to ${op.operation} it`);
      if (current.sha !== op.sha) {
        throw mistakeError(mistake, `sha does not match: ${source} on ${plan.branch} is at ${current.sha}, not ${op.sha}`);
      }
      if (op.fromPath !== undefined && (await stat(op.path)) !== undefined) {
        throw mistakeError(mistake, `${op.path} already exists on ${plan.branch}; cannot move ${op.fromPath} there`);
      }
    }
  }
}

/** One file operation of a commit, its content decoded and its paths trimmed. */
interface PlannedOperation {
  operation: FileOperationKind;
  path: string;
  content?: Buffer;
  sha?: string;
  /** Update only: the file moved to `path`, when it differs. */
  fromPath?: string;
}

/** What one commit through the contents API will do. */
interface CommitPlan {
  branch: string;
  newBranch?: string;
  /** The branch the answer's links name, and the commit lands on: the new branch when there is one. */
  ref: string;
  /** Who commits (branch protection judges them). */
  committedBy: Owner;
  message: string;
  author: GitIdentity;
  committer: GitIdentity;
  operations: PlannedOperation[];
  /** The branch's tip when it was checked (undefined in an empty repository). */
  tip?: string;
}

function planOf(target: RepoGit, options: CommitFileOptions, actor: Owner, operations: PlannedOperation[]): CommitPlan {
  const branch = options.branch || target.repo.defaultBranch;
  const newBranch = options.new_branch && options.new_branch !== branch ? options.new_branch : undefined;
  return {
    branch,
    newBranch,
    ref: newBranch ?? branch,
    committedBy: actor,
    message: options.message?.trim() || defaultMessage(operations),
    author: identityOf(options.author, actor, options.dates?.author),
    committer: identityOf(options.committer ?? options.author, actor, options.dates?.committer),
    operations,
  };
}

function commitOptionsOf(plan: CommitPlan) {
  return { branch: plan.branch, newBranch: plan.newBranch, message: plan.message, author: plan.author, committer: plan.committer };
}

function plannedOperation(file: ChangeFileOperation): PlannedOperation {
  const op: PlannedOperation = { operation: file.operation, path: trimSlashes(file.path), sha: file.sha };
  if (file.operation !== 'delete') {
    if (file.content === undefined) throw new UnprocessableEntityException(`files: content is required to ${file.operation} ${file.path}`);
    op.content = decoded(file.content);
  }
  const fromPath = trimSlashes(file.from_path ?? '');
  if (file.operation === 'update' && fromPath !== '' && fromPath !== op.path) op.fromPath = fromPath;
  return op;
}

/** What git writes for an operation: a move is a deletion at the old path plus a new file. */
function changesOf(op: PlannedOperation): CheckedFileChange[] {
  if (op.operation === 'delete') return [{ path: op.path, content: null, expectedBlobSha: op.sha }];
  if (op.operation === 'create') return [{ path: op.path, content: op.content!, expectedBlobSha: null }];
  if (op.fromPath === undefined) return [{ path: op.path, content: op.content!, expectedBlobSha: op.sha }];
  return [
    { path: op.fromPath, content: null, expectedBlobSha: op.sha },
    { path: op.path, content: op.content!, expectedBlobSha: null },
  ];
}

/** Forgejo's default message: the files added, updated and deleted, one line each. */
function defaultMessage(operations: readonly PlannedOperation[]): string {
  const named = (kind: FileOperationKind) => operations.filter((op) => op.operation === kind).map((op) => op.path);
  const lines: [string, string[]][] = [
    ['Add', named('create')],
    ['Update', named('update')],
    ['Delete', named('delete')],
  ];
  return lines
    .filter(([, paths]) => paths.length > 0)
    .map(([verb, paths]) => `${verb} ${paths.join(', ')}`)
    .join('\n');
}

function mistakeError(status: 400 | 422, message: string) {
  return status === 400 ? new BadRequestException(message) : new UnprocessableEntityException(message);
}

function decoded(base64: string): Buffer {
  return Buffer.from(base64, 'base64');
}

/**
 * Forgejo reads diffpatch's `content` as the patch itself, though its description calls
 * it base64: a body that is not a diff but decodes to one is taken as base64.
 */
function patchText(content: string): string {
  if (looksLikePatch(content)) return content;
  const fromBase64 = Buffer.from(content, 'base64').toString('utf8');
  return looksLikePatch(fromBase64) ? fromBase64 : content;
}

function looksLikePatch(text: string): boolean {
  return /^(diff --git |--- |From [0-9a-f]{40} )/m.test(text);
}

/** `a/b/` and `/a/b` mean `a/b`. */
export function trimSlashes(filePath: string): string {
  return filePath.replace(/^\/+|\/+$/g, '');
}

/** A commit identity from the request, completed from the signed-in user as Forgejo does. */
function identityOf(given: Identity | undefined, actor: Owner, date: string | undefined): GitIdentity {
  return {
    name: given?.name || actor.fullName || actor.name,
    email: given?.email || actor.email || `${actor.lowerName}@noreply.bellows`,
    ...(date ? { date: new Date(date) } : {}),
  };
}

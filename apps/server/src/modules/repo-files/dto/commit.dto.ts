import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ChangedFile, CommitInfo, CommitWithFiles, GitSignature } from '../../repositories/repository-history';
import { Branch } from '../../repositories/repository-refs';
import { ApiUser } from '../../accounts/dto/user.dto';
import { encodePath, RepoUrls } from '../repo-urls';

/**
 * The JSON shapes of branches and commits, with Forgejo's field names
 * (definitions `Branch`, `PayloadCommit`, `Commit`, `CommitAffectedFiles`,
 * `CommitStats`, `ChangedFile`), and the converters from the git ports' types.
 */

export class ApiCommitUser {
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ format: 'date-time' }) date!: string;
}

export class ApiCommitMeta {
  @ApiProperty() url!: string;
  @ApiProperty() sha!: string;
  @ApiPropertyOptional({ format: 'date-time' }) created?: string;
}

export class ApiCommitVerification {
  @ApiProperty() verified!: boolean;
  @ApiProperty() reason!: string;
  @ApiProperty() signature!: string;
  @ApiProperty() payload!: string;
  @ApiProperty({ nullable: true, type: Object }) signer!: null;
}

export class ApiPayloadUser {
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty() username!: string;
}

export class ApiPayloadCommit {
  @ApiProperty() id!: string;
  @ApiProperty() message!: string;
  @ApiProperty() url!: string;
  @ApiProperty({ type: ApiPayloadUser }) author!: ApiPayloadUser;
  @ApiProperty({ type: ApiPayloadUser }) committer!: ApiPayloadUser;
  @ApiProperty({ type: ApiCommitVerification }) verification!: ApiCommitVerification;
  @ApiProperty({ format: 'date-time' }) timestamp!: string;
  @ApiProperty({ type: [String], nullable: true }) added!: string[] | null;
  @ApiProperty({ type: [String], nullable: true }) removed!: string[] | null;
  @ApiProperty({ type: [String], nullable: true }) modified!: string[] | null;
}

export class ApiBranch {
  @ApiProperty() name!: string;
  @ApiProperty({ type: ApiPayloadCommit }) commit!: ApiPayloadCommit;
  @ApiProperty() protected!: boolean;
  @ApiProperty({ type: 'integer' }) required_approvals!: number;
  @ApiProperty() enable_status_check!: boolean;
  @ApiProperty({ type: [String] }) status_check_contexts!: string[];
  @ApiProperty() user_can_push!: boolean;
  @ApiProperty() user_can_merge!: boolean;
  @ApiProperty() effective_branch_protection_name!: string;
}

export class ApiRepoCommit {
  @ApiProperty() url!: string;
  @ApiProperty({ type: ApiCommitUser }) author!: ApiCommitUser;
  @ApiProperty({ type: ApiCommitUser }) committer!: ApiCommitUser;
  @ApiProperty() message!: string;
  @ApiProperty({ type: ApiCommitMeta }) tree!: ApiCommitMeta;
  @ApiProperty({ type: ApiCommitVerification }) verification!: ApiCommitVerification;
}

export class ApiCommitAffectedFiles {
  @ApiProperty() filename!: string;
  @ApiProperty({ enum: ['added', 'modified', 'removed', 'renamed', 'copied'] }) status!: string;
}

export class ApiCommitStats {
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) additions!: number;
  @ApiProperty({ type: 'integer' }) deletions!: number;
}

export class ApiCommit {
  @ApiProperty() url!: string;
  @ApiProperty() sha!: string;
  @ApiProperty({ format: 'date-time' }) created!: string;
  @ApiProperty() html_url!: string;
  @ApiProperty({ type: ApiRepoCommit }) commit!: ApiRepoCommit;
  @ApiProperty({ type: ApiUser, nullable: true, description: 'The account whose e-mail address matches the author, if any.' })
  author!: ApiUser | null;
  @ApiProperty({ type: ApiUser, nullable: true }) committer!: ApiUser | null;
  @ApiProperty({ type: [ApiCommitMeta] }) parents!: ApiCommitMeta[];
  @ApiProperty({ type: [ApiCommitAffectedFiles], nullable: true }) files!: ApiCommitAffectedFiles[] | null;
  @ApiProperty({ type: ApiCommitStats, nullable: true }) stats!: ApiCommitStats | null;
}

export class ApiChangedFile {
  @ApiProperty() filename!: string;
  @ApiPropertyOptional() previous_filename?: string;
  @ApiProperty({ enum: ['added', 'modified', 'removed', 'renamed', 'copied'] }) status!: string;
  @ApiProperty({ type: 'integer' }) additions!: number;
  @ApiProperty({ type: 'integer' }) deletions!: number;
  @ApiProperty({ type: 'integer' }) changes!: number;
  @ApiProperty() html_url!: string;
  @ApiProperty() contents_url!: string;
  @ApiProperty() raw_url!: string;
}

/** Bellows does not verify signatures; every commit says so the way Forgejo does for unsigned ones. */
export const UNVERIFIED: ApiCommitVerification = {
  verified: false,
  reason: 'gpg.error.not_signed_commit',
  signature: '',
  payload: '',
  signer: null,
};

/** Finds the account behind a commit signature (by e-mail), as the viewer may see it. */
export type CommitAccountLookup = (signature: GitSignature) => ApiUser | null;

export function toApiCommitUser(signature: GitSignature): ApiCommitUser {
  return { name: signature.name, email: signature.email, date: signature.date };
}

export function toApiBranch(branch: Branch, urls: RepoUrls, canPush: boolean): ApiBranch {
  const { commit } = branch;
  const payloadUser = (signature: GitSignature): ApiPayloadUser => ({ name: signature.name, email: signature.email, username: '' });
  return {
    name: branch.name,
    commit: {
      id: commit.sha,
      message: commit.message,
      url: urls.commitHtml(commit.sha),
      author: payloadUser(commit.author),
      committer: payloadUser(commit.committer),
      verification: UNVERIFIED,
      timestamp: commit.committer.date,
      added: null,
      removed: null,
      modified: null,
    },
    protected: false,
    required_approvals: 0,
    enable_status_check: false,
    status_check_contexts: [],
    user_can_push: canPush,
    user_can_merge: canPush,
    effective_branch_protection_name: '',
  };
}

export interface CommitDetail {
  /** Include `files` (Forgejo's `files` query, default true). */
  files: boolean;
  /** Include `stats` (Forgejo's `stat` query, default true). */
  stats: boolean;
}

export function toApiCommit(
  commit: CommitInfo & Partial<Pick<CommitWithFiles, 'files' | 'stats'>>,
  urls: RepoUrls,
  accounts: CommitAccountLookup,
  detail: CommitDetail = { files: true, stats: true },
): ApiCommit {
  return {
    url: urls.commitApi(commit.sha),
    sha: commit.sha,
    created: commit.committer.date,
    html_url: urls.commitHtml(commit.sha),
    commit: {
      url: urls.commitApi(commit.sha),
      author: toApiCommitUser(commit.author),
      committer: toApiCommitUser(commit.committer),
      message: commit.message,
      tree: { url: urls.treeApi(commit.tree), sha: commit.tree, created: commit.committer.date },
      verification: UNVERIFIED,
    },
    author: accounts(commit.author),
    committer: accounts(commit.committer),
    parents: commit.parents.map((sha) => ({ url: urls.commitApi(sha), sha })),
    files: detail.files && commit.files ? commit.files.map((file) => ({ filename: file.filename, status: file.status })) : null,
    stats: detail.stats && commit.stats ? { ...commit.stats } : null,
  };
}

/** A file changed by a pull request; links point at `ref` (the head commit). */
export function toApiChangedFile(file: ChangedFile, urls: RepoUrls, ref: string): ApiChangedFile {
  return {
    filename: file.filename,
    ...(file.previousFilename !== undefined ? { previous_filename: file.previousFilename } : {}),
    status: file.status,
    additions: file.additions,
    deletions: file.deletions,
    changes: file.changes,
    html_url: `${urls.html}/src/commit/${ref}/${encodePath(file.filename)}`,
    contents_url: urls.contentsApi(file.filename, ref),
    raw_url: `${urls.html}/raw/commit/${ref}/${encodePath(file.filename)}`,
  };
}

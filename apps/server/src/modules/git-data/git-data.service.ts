import { Injectable, NotFoundException } from '@nestjs/common';
import { Readable } from 'node:stream';
import { withGitErrors } from '../repo-files/git-errors';
import { RepoGit } from '../repo-files/repo-git';
import { GitObjects } from '../repositories/git-objects';
import { GitStream } from '../repositories/repository-contents';
import {
  ApiAnnotatedTag,
  ApiGitTreeResponse,
  ApiReference,
  gitObjectUrl,
  toApiAnnotatedTag,
  toApiGitEntry,
  toApiReference,
} from './dto/git-data.dto';

/** Forgejo's default and largest page of tree entries (`[api] DEFAULT_GIT_TREES_PER_PAGE`). */
export const TREE_ENTRIES_PER_PAGE = 1000;

/** A page of a tree: 1-based, as Forgejo counts. */
export interface TreePage {
  page: number;
  perPage: number;
}

/** A JSON answer streamed as it is made, with its length when known. */
export interface StreamedJson {
  body: Readable;
  length: number;
}

/** Git's objects through the API (`/repos/{owner}/{repo}/git/...`), answered as Forgejo answers them. */
@Injectable()
export class GitDataService {
  constructor(private readonly objects: GitObjects) {}

  async tree(target: RepoGit, revision: string, recursive: boolean, { page, perPage }: TreePage): Promise<ApiGitTreeResponse> {
    const { sha, entries } = await withGitErrors(() => this.objects.listTree(target.path, revision, recursive));
    const start = perPage * (page - 1);
    return {
      sha,
      url: gitObjectUrl(target.urls, 'tree', sha),
      tree: entries.slice(start, start + perPage).map((entry) => toApiGitEntry(entry, target.urls)),
      truncated: start + perPage < entries.length,
      page,
      total_count: entries.length,
    };
  }

  /**
   * The blob as Forgejo's `GitBlobResponse`, its content base64-encoded while git
   * streams it: the JSON is written around the stream, so no blob is held in memory.
   */
  async blob(target: RepoGit, sha: string): Promise<StreamedJson> {
    const blob = await withGitErrors(() => this.objects.statBlob(target.path, sha));
    const head = `{"sha":${JSON.stringify(blob.sha)},"size":${blob.size},"url":${JSON.stringify(gitObjectUrl(target.urls, 'blob', blob.sha))},"encoding":"base64","content":"`;
    const tail = '"}';
    const length = Buffer.byteLength(head) + 4 * Math.ceil(blob.size / 3) + tail.length;
    return { body: Readable.from(jsonAround(head, blob.open(), tail)), length };
  }

  async annotatedTag(target: RepoGit, sha: string): Promise<ApiAnnotatedTag> {
    return toApiAnnotatedTag(await withGitErrors(() => this.objects.readAnnotatedTag(target.path, sha)), target.urls);
  }

  /** The refs under `refs/{prefix}` (all when absent); 404 when none matches, as Forgejo. */
  async refs(target: RepoGit, prefix: string | undefined): Promise<ApiReference[]> {
    const refs = await withGitErrors(() => this.objects.listRefs(target.path, prefix ? `refs/${prefix}` : 'refs/'));
    if (prefix && refs.length === 0) throw new NotFoundException(`no ref matches refs/${prefix}`);
    return refs.map((ref) => toApiReference(ref, target.urls));
  }

  commitDiff(target: RepoGit, sha: string, kind: 'diff' | 'patch'): Promise<GitStream> {
    return withGitErrors(() => this.objects.openCommitDiff(target.path, sha, kind));
  }
}

/** `head`, the stream base64-encoded (3-byte groups carried across chunks), then `tail`. */
async function* jsonAround(head: string, blob: GitStream, tail: string): AsyncGenerator<Buffer> {
  yield Buffer.from(head);
  let carry = Buffer.alloc(0);
  for await (const chunk of blob.output as AsyncIterable<Buffer>) {
    const bytes = Buffer.concat([carry, chunk]);
    const whole = bytes.length - (bytes.length % 3);
    carry = bytes.subarray(whole);
    if (whole > 0) yield Buffer.from(bytes.subarray(0, whole).toString('base64'));
  }
  yield Buffer.from(`${carry.toString('base64')}${tail}`);
}

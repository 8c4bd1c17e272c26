import type { RefPolicy } from '@bellows/domain';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { GitExit, GitStream } from '../repositories/repository-contents';

/** The two services of git's smart HTTP protocol: fetch/clone and push. */
export type GitService = 'git-upload-pack' | 'git-receive-pack';

const SERVICES: readonly GitService[] = ['git-upload-pack', 'git-receive-pack'];

export function isGitService(value: unknown): value is GitService {
  return typeof value === 'string' && (SERVICES as readonly string[]).includes(value);
}

/** Content types of the smart HTTP protocol for a service. */
export function smartHttpContentTypes(service: GitService): { advertisement: string; request: string; result: string } {
  return {
    advertisement: `application/x-${service}-advertisement`,
    request: `application/x-${service}-request`,
    result: `application/x-${service}-result`,
  };
}

/** A git command whose output goes elsewhere than through this process. */
export interface GitRun {
  /** Settles when git has exited; never rejects (inspect `exitCode`). */
  done: Promise<GitExit>;
}

export interface SmartHttpOptions {
  /** The client's `Git-Protocol` request header (e.g. "version=2"), so that protocol v2 clients get a v2 conversation. */
  gitProtocol?: string;
  /** For receive-pack: what this pusher may do to protected refs; git refuses each update the policy refuses, naming the rule. */
  refPolicy?: RefPolicy;
}

export interface ServiceRpcOptions extends SmartHttpOptions {
  /** The request body is gzip-compressed (`Content-Encoding: gzip`, which git sends for large requests). */
  gzip?: boolean;
}

/**
 * Application port: git's side of the smart HTTP protocol on a bare
 * repository (given by its path), streamed both ways. The git HTTP routes use
 * it; the git adapter's functions implement it, bound in app/ports/git.ports.ts.
 * Both throw InvalidGitInputError (repositories/git-errors) at once for a
 * service that is not one of GitService; git failing later shows in the
 * stream (its output errors, `done` reports the exit).
 */
export abstract class GitTransport {
  /**
   * The body of `GET …/info/refs?service=…`: the pkt-line service announcement and a flush
   * packet (none for protocol v2), then git's ref advertisement, streamed.
   */
  abstract advertiseRefs(repoPath: string, service: GitService, options?: SmartHttpOptions): GitStream;
  /**
   * The body of `POST …/git-upload-pack|git-receive-pack`: `input` streams into git (gunzipped
   * when asked) and git's answer streams out; nothing is buffered, and a client that goes away stops git.
   */
  abstract serviceRpc(repoPath: string, service: GitService, input: Readable, options?: ServiceRpcOptions): GitStream;
  /**
   * A whole conversation on one two-way connection (git over SSH): git advertises, then reads
   * the client's requests from `input` and answers on `output`; nothing is buffered, and
   * destroying the output (the client went away) stops git.
   */
  abstract serviceSession(repoPath: string, service: GitService, input: Readable, options?: SmartHttpOptions): GitStream;
  /**
   * The same RPC, with git writing its answer straight into `socket` (a connected plain TCP
   * socket whose response head is already written), never through this process. A client that
   * goes away stops git; the caller ends the response when `done` settles.
   */
  abstract serviceRpcIntoSocket(
    repoPath: string,
    service: GitService,
    input: Readable,
    socket: Socket,
    options?: ServiceRpcOptions,
  ): GitRun;
}

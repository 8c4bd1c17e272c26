import { createGunzip } from 'node:zlib';
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { RefPolicy } from '@bellows/domain';
import { InvalidGitInputError } from './errors';
import { refPolicyInvocation } from './ref-update-hook';
import { runGitIntoSocket, streamGit, type GitRun, type GitStream } from './git-stream';

export type GitService = 'git-upload-pack' | 'git-receive-pack';

const SERVICES: readonly GitService[] = ['git-upload-pack', 'git-receive-pack'];

export function isGitService(value: unknown): value is GitService {
  return typeof value === 'string' && (SERVICES as readonly string[]).includes(value);
}

export interface SmartHttpOptions {
  /**
   * The client's `Git-Protocol` request header (e.g. "version=2"), handed to git as
   * GIT_PROTOCOL so that protocol v2 clients get a v2 conversation.
   */
  gitProtocol?: string;
  /** For receive-pack: what this pusher may do to protected refs; each ref update is judged by git's update hook. */
  refPolicy?: RefPolicy;
}

export interface ServiceRpcOptions extends SmartHttpOptions {
  /** The request body is gzip-compressed (`Content-Encoding: gzip`, which git sends for large requests). */
  gzip?: boolean;
}

/** Content types of the smart HTTP protocol for a service. */
export function smartHttpContentTypes(service: GitService): { advertisement: string; request: string; result: string } {
  return {
    advertisement: `application/x-${service}-advertisement`,
    request: `application/x-${service}-request`,
    result: `application/x-${service}-result`,
  };
}

/**
 * The body of `GET …/info/refs?service=…`: the pkt-line service announcement and a flush
 * packet, then git's own ref advertisement, streamed. Protocol v2 has no announcement.
 */
export function advertiseRefs(repoPath: string, service: GitService, options: SmartHttpOptions = {}): GitStream {
  assertService(service);
  const protocol = protocolEnvironment(options.gitProtocol);
  const isV2 = protocol.GIT_PROTOCOL?.split(':').includes('version=2') ?? false;
  return streamGit([serviceCommand(service), '--stateless-rpc', '--advertise-refs', repoPath], {
    env: protocol,
    prefix: isV2 ? undefined : serviceAnnouncement(service),
  });
}

/**
 * The body of `POST …/git-upload-pack|git-receive-pack`: the request streams into git's
 * standard input (gunzipped on the way when asked) and git's answer streams out. Nothing is
 * buffered, backpressure holds both ways, and a client that disconnects kills git.
 */
export function serviceRpc(repoPath: string, service: GitService, input: Readable, options: ServiceRpcOptions = {}): GitStream {
  assertService(service);
  const hook = refPolicyInvocation(options.refPolicy);
  return streamGit([...hook.args, serviceCommand(service), '--stateless-rpc', repoPath], {
    env: { ...protocolEnvironment(options.gitProtocol), ...hook.env },
    input: options.gzip ? [input, createGunzip()] : input,
  });
}

/**
 * The same RPC, but git writes its answer straight into `socket`, a connected plain TCP socket
 * whose response head the caller has already written: the pack goes from git to the kernel
 * without passing through this process. Used for upload-pack, whose answer is the whole pack of
 * a clone or fetch. The caller ends the response (and the connection) when `done` settles.
 */
export function serviceRpcIntoSocket(
  repoPath: string,
  service: GitService,
  input: Readable,
  socket: Socket,
  options: ServiceRpcOptions = {},
): GitRun {
  assertService(service);
  return runGitIntoSocket([serviceCommand(service), '--stateless-rpc', repoPath], socket, {
    env: protocolEnvironment(options.gitProtocol),
    input: options.gzip ? [input, createGunzip()] : input,
  });
}

/**
 * A whole conversation of a service on one two-way connection, as git over SSH
 * has it (no `--stateless-rpc`): git advertises its refs, then reads the
 * client's requests from `input` and answers on `output`, all streamed.
 */
export function serviceSession(repoPath: string, service: GitService, input: Readable, options: SmartHttpOptions = {}): GitStream {
  assertService(service);
  const hook = refPolicyInvocation(options.refPolicy);
  return streamGit([...hook.args, serviceCommand(service), repoPath], {
    env: { ...protocolEnvironment(options.gitProtocol), ...hook.env },
    input,
  });
}

function assertService(service: string): void {
  if (!isGitService(service)) throw new InvalidGitInputError('service', service, 'must be git-upload-pack or git-receive-pack');
}

function serviceCommand(service: GitService): string {
  return service.slice('git-'.length);
}

/** A pkt-line: four hex digits of length (including themselves), then the payload. */
function pktLine(payload: string): Buffer {
  const body = Buffer.from(payload, 'utf8');
  return Buffer.concat([Buffer.from((body.length + 4).toString(16).padStart(4, '0'), 'ascii'), body]);
}

function serviceAnnouncement(service: GitService): Buffer {
  return Buffer.concat([pktLine(`# service=${service}\n`), Buffer.from('0000', 'ascii')]);
}

/** Only well-formed `key=value` lists pass to git; anything else means "protocol v0". */
function protocolEnvironment(gitProtocol: string | undefined): Record<string, string> {
  if (gitProtocol === undefined || !/^[A-Za-z0-9_.=:-]{1,100}$/.test(gitProtocol)) return {};
  return { GIT_PROTOCOL: gitProtocol };
}

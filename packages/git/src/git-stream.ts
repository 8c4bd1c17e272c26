import type { Socket } from 'node:net';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import type { ChildProcess } from 'node:child_process';
import { GitCommandError } from './errors';
import { spawnGit } from './run-git';

/** Stderr kept from a streaming command, enough for an error message. */
const MAX_STDERR = 64 * 1024;

export interface GitExit {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

export interface GitStream {
  /**
   * The command's standard output. It ends only after git exited successfully; when git fails,
   * it is destroyed with a GitCommandError so that a consumer (e.g. an HTTP response) never
   * takes a truncated output for a complete one.
   */
  output: Readable;
  /** Settles when git has exited; never rejects (inspect `exitCode`). */
  done: Promise<GitExit>;
}

export interface StreamGitOptions {
  gitDir?: string;
  env?: Record<string, string>;
  /** Streamed into git's standard input with backpressure; when it fails, git is killed. */
  input?: Readable | readonly Readable[];
  /** Bytes written to the output before git's own output (e.g. a pkt-line header). */
  prefix?: Buffer;
}

/**
 * Spawns a long-running git command whose output is streamed, never buffered. Destroying the
 * output early (a client went away) kills git, and so does a failing input.
 */
export function streamGit(args: readonly string[], options: StreamGitOptions = {}): GitStream {
  const child = spawnGit(args, options);
  const output = new PassThrough();
  const { kill, done } = watchGit(child);
  // The consumer stopped reading before git finished: nobody needs the rest.
  output.on('close', () => {
    if (!output.writableFinished) kill();
  });

  if (options.prefix !== undefined) output.write(options.prefix);
  child.stdout!.pipe(output, { end: false });

  feedInput(child, options.input, kill);

  void done.then(({ exitCode, signal, stderr }) => {
    if (exitCode === 0) output.end();
    else output.destroy(new GitCommandError(args, exitCode, stderr, signal ? `killed by ${signal}` : undefined));
  });
  return { output, done };
}

export interface GitRun {
  /** Settles when git has exited; never rejects (inspect `exitCode`). */
  done: Promise<GitExit>;
}

export interface GitIntoSocketOptions {
  env?: Record<string, string>;
  /** Streamed into git's standard input with backpressure; when it fails, git is killed. */
  input?: Readable | readonly Readable[];
}

/**
 * Spawns a long-running git command whose standard output IS the given connected socket: git
 * writes straight into the connection, so its output never passes through this process (no
 * copy, no event-loop turn per chunk, no buffers for the garbage collector). The caller owns
 * the socket and what goes on it before and after git. A client that goes away kills git (git
 * writing to a closed connection fails by itself; this also stops git that is still computing).
 */
export function runGitIntoSocket(args: readonly string[], socket: Socket, options: GitIntoSocketOptions = {}): GitRun {
  const child = spawnGit(args, { env: options.env }, ['pipe', socket, 'pipe']);
  // Node stops reading a socket it hands to a child, lest both read it. git only writes to it;
  // the rest of the request (git's input, for an HTTP request) and the client's going away
  // still come from reading it here.
  socket.resume();
  const { kill, done } = watchGit(child);
  socket.once('close', kill);
  feedInput(child, options.input, kill);
  void done.then(() => socket.off('close', kill));
  return { done };
}

/**
 * What every long-running git command needs watched: its standard error (kept up to
 * MAX_STDERR, for the error message), a kill that does nothing once git has exited, and its
 * exit, which settles `done` (never rejected: a spawn error is kept as stderr).
 */
function watchGit(child: ChildProcess): { kill: () => void; done: Promise<GitExit> } {
  let stderr = '';
  let exited = false;
  child.stderr!.on('data', (chunk: Buffer) => {
    if (stderr.length < MAX_STDERR) stderr += chunk.toString('utf8');
  });
  const done = new Promise<GitExit>((resolve) => {
    child.on('error', (error) => {
      stderr += String(error);
    });
    child.on('close', (exitCode, signal) => {
      exited = true;
      resolve({ exitCode, signal, stderr });
    });
  });
  const kill = () => {
    if (!exited) child.kill('SIGKILL');
  };
  return { kill, done };
}

/**
 * Streams `input` (one stream or a chain of them, e.g. a request and its gunzip) into git's
 * standard input with backpressure. An input that fails or breaks off kills git before its
 * stdin is closed: a request cut short must not look like a complete one that merely ended early.
 */
function feedInput(child: ChildProcess, input: Readable | readonly Readable[] | undefined, killChild: () => void): void {
  child.stdin!.on('error', () => undefined); // judged by the exit code instead
  if (input === undefined) {
    child.stdin!.end();
    return;
  }
  const stages = Array.isArray(input) ? [...input] : [input as Readable];
  for (const stage of stages) {
    stage.once('error', killChild);
    stage.once('close', () => {
      if (!stage.readableEnded) killChild();
    });
  }
  pipeline([...stages, child.stdin!] as unknown as [Readable, NodeJS.WritableStream], (error) => {
    if (error) killChild();
  });
}

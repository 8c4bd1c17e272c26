import { PassThrough, pipeline, type Readable } from 'node:stream';
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
  let stderr = '';
  let exited = false;

  child.stderr!.on('data', (chunk: Buffer) => {
    if (stderr.length < MAX_STDERR) stderr += chunk.toString('utf8');
  });
  const killChild = () => {
    if (!exited) child.kill('SIGKILL');
  };
  // The consumer stopped reading before git finished: nobody needs the rest.
  output.on('close', () => {
    if (!output.writableFinished) killChild();
  });

  if (options.prefix !== undefined) output.write(options.prefix);
  child.stdout!.pipe(output, { end: false });

  child.stdin!.on('error', () => undefined); // judged by the exit code instead
  if (options.input === undefined) {
    child.stdin!.end();
  } else {
    const stages = Array.isArray(options.input) ? [...options.input] : [options.input as Readable];
    // Kill before pipeline() closes git's stdin: a request cut short must not look like a
    // complete one that merely ended early.
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

  const done = new Promise<GitExit>((resolve) => {
    child.on('error', (error) => {
      stderr += String(error);
    });
    child.on('close', (exitCode, signal) => {
      exited = true;
      const exit = { exitCode, signal, stderr };
      if (exitCode === 0) output.end();
      else output.destroy(new GitCommandError(args, exitCode, stderr, signal ? `killed by ${signal}` : undefined));
      resolve(exit);
    });
  });
  return { output, done };
}

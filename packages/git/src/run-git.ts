import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { GitCommandError } from './errors';

/** How long a short (non-streaming) git command may run before it is killed. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Output cap of a buffered command: anything larger must use a streaming call. */
const MAX_BUFFERED_OUTPUT = 64 * 1024 * 1024;

export interface GitResult {
  stdout: Buffer;
  stderr: string;
  exitCode: number;
}

export interface RunGitOptions {
  /** The git directory (bare repository) the command works on, passed as `--git-dir`. */
  gitDir?: string;
  /** Bytes written to the command's standard input. */
  input?: Buffer | string;
  /** Extra environment, e.g. GIT_INDEX_FILE or author identity. */
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Exit codes that are answers rather than failures (e.g. 1 from `rev-parse --verify`). */
  allowedExitCodes?: readonly number[];
}

/**
 * The environment of every git child: no prompts (a server has nobody to answer them), no
 * user or system configuration leaking in, a stable language for parsed output.
 */
export function gitEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/',
    LANG: 'C',
    LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    // Paths from users are file names, never pathspec magic such as ":(glob)*".
    GIT_LITERAL_PATHSPECS: '1',
    ...extra,
  };
}

function withGitDir(args: readonly string[], gitDir: string | undefined): string[] {
  return gitDir === undefined ? [...args] : [`--git-dir=${gitDir}`, ...args];
}

/**
 * Spawns git with an argument array (never a shell). Its standard streams are pipes unless
 * `stdio` says otherwise (e.g. a socket git writes into directly).
 */
export function spawnGit(
  args: readonly string[],
  options: Pick<RunGitOptions, 'gitDir' | 'env'> = {},
  stdio: StdioOptions = ['pipe', 'pipe', 'pipe'],
): ChildProcess {
  return spawn('git', withGitDir(args, options.gitDir), {
    env: gitEnvironment(options.env),
    stdio,
    windowsHide: true,
  });
}

/** Runs a short git command to completion, buffering its output, with a bounded run time. */
export function runGit(args: readonly string[], options: RunGitOptions = {}): Promise<GitResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const allowed = options.allowedExitCodes ?? [0];
  return new Promise((resolve, reject) => {
    const child = spawnGit(args, options);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let stdoutBytes = 0;
    let failure: string | undefined;
    const timer = setTimeout(() => {
      failure = `timed out after ${timeoutMs} ms`;
      child.kill('SIGKILL');
    }, timeoutMs);

    child.stdout!.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_BUFFERED_OUTPUT) {
        failure = 'output too large to buffer';
        child.kill('SIGKILL');
        return;
      }
      stdout.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new GitCommandError(args, null, String(error), 'could not start git'));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const stderrText = Buffer.concat(stderr).toString('utf8');
      if (failure !== undefined || code === null || !allowed.includes(code)) {
        reject(new GitCommandError(args, code, stderrText, failure));
        return;
      }
      resolve({ stdout: Buffer.concat(stdout), stderr: stderrText, exitCode: code });
    });
    // A command that exits without reading its input (EPIPE) is judged by its exit code.
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(options.input ?? '');
  });
}

/** Runs git and returns its standard output as text without the final newline. */
export async function gitText(args: readonly string[], options: RunGitOptions = {}): Promise<string> {
  const { stdout } = await runGit(args, options);
  return stdout.toString('utf8').replace(/\n$/, '');
}

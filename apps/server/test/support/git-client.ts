import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The real `git` (and `git-lfs`) command line, as a user would run it, with a
 * home folder of its own (no user or system configuration leaks in) and no
 * terminal prompts: a request for credentials fails instead of hanging.
 */
export class GitClient {
  private constructor(readonly home: string) {}

  static async create(): Promise<GitClient> {
    const home = mkdtempSync(join(tmpdir(), 'bellows-git-client-'));
    writeFileSync(
      join(home, '.gitconfig'),
      '[user]\n\tname = Test User\n\temail = test@example.com\n[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n',
    );
    const client = new GitClient(home);
    await client.ok(['lfs', 'install', '--skip-repo'], home);
    return client;
  }

  /** A fresh empty folder inside the client's home. */
  folder(name: string): string {
    return mkdtempSync(join(this.home, `${name}-`));
  }

  run(args: string[], cwd: string, env: Record<string, string> = {}): Promise<GitRun> {
    return new Promise((resolve, reject) => {
      const child = spawn('git', args, {
        cwd,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: this.home,
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_TERMINAL_PROMPT: '0',
          GIT_ASKPASS: '',
          SSH_ASKPASS: '',
          LANG: 'C',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });
  }

  /** Runs git and fails the test with git's own output when it does not succeed. */
  async ok(args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
    const result = await this.run(args, cwd, env);
    if (result.code !== 0) throw new Error(`git ${args.join(' ')} failed (${result.code}):\n${result.stderr}${result.stdout}`);
    return result.stdout;
  }

  remove(): void {
    rmSync(this.home, { recursive: true, force: true });
  }
}

/** `http://user:secret@host:port/path` for a server base URL such as `http://127.0.0.1:1234/`. */
export function credentialUrl(baseUrl: string, path: string, user?: string, secret?: string): string {
  const url = new URL(path, baseUrl);
  if (user !== undefined) url.username = encodeURIComponent(user);
  if (secret !== undefined) url.password = encodeURIComponent(secret);
  return url.toString();
}

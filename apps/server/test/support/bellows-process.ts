import { ChildProcess, spawn } from 'child_process';
import { join } from 'path';

/**
 * `bellows web` in a process of its own (from the sources, through
 * bellows-from-source.js), for tests that must kill the server the hard way.
 */
export interface BellowsProcess {
  /** The server's root URL, ending in '/'. */
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (for failure messages). */
  output(): string;
  /** Sends the signal and resolves once the process is gone, with how it ended. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const LAUNCHER = join(__dirname, 'bellows-from-source.js');

/** Starts `bellows web --config FILE` and resolves once it says it is serving. */
export function startBellowsProcess(configFile: string, timeoutMs = 90_000): Promise<BellowsProcess> {
  const child = spawn(process.execPath, [LAUNCHER, 'web', '--config', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`bellows web did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const serving = /bellows is serving on (\S+)/.exec(output);
      if (serving) {
        clearTimeout(timer);
        resolve({
          url: serving[1],
          child,
          output: () => output,
          stop: (signal) => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`bellows web ended (code ${code}, signal ${signal}) before serving:\n${output}`));
    });
  });
}

import { ChildProcess } from 'child_process';

/**
 * The next message a bench's child process sends (its address once listening,
 * an answer): rejected if the child exits first, so a crashed server fails the
 * bench instead of hanging it.
 */
export function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`a bench child process exited early (${code})`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message as T);
    });
  });
}

/** Sends a request to a child process and waits for its answer. */
export function ask<T>(child: ChildProcess, message: string): Promise<T> {
  const answer = nextMessage<T>(child);
  child.send(message);
  return answer;
}

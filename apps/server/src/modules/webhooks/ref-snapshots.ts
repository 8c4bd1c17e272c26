import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RefState } from '@bellows/domain';

/**
 * The branches and tags of each repository as webhooks last saw them, one
 * small JSON file per repository under `APP_DATA_PATH/webhooks/refs` (outside
 * the bare repository, so its measured size is untouched). The next git write
 * is compared with it to learn each ref's before and after. Updates of one
 * repository are serialized in this process.
 */
export class RefSnapshots {
  private readonly queues = new Map<number, Promise<unknown>>();

  constructor(private readonly dir: string) {}

  /** Runs `work` with the stored state (undefined when none yet) and stores what it returns. */
  update<T>(repoId: number, work: (before: RefState | undefined) => Promise<{ after: RefState; result: T }>): Promise<T> {
    const previous = this.queues.get(repoId) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        const { after, result } = await work(await this.read(repoId));
        await this.write(repoId, after);
        return result;
      });
    this.queues.set(repoId, next);
    void next
      .finally(() => {
        if (this.queues.get(repoId) === next) this.queues.delete(repoId);
      })
      .catch(() => undefined);
    return next;
  }

  private async read(repoId: number): Promise<RefState | undefined> {
    try {
      return JSON.parse(await readFile(this.path(repoId), 'utf8')) as RefState;
    } catch {
      return undefined;
    }
  }

  private async write(repoId: number, state: RefState): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const temporary = `${this.path(repoId)}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(state));
    await rename(temporary, this.path(repoId));
  }

  private path(repoId: number): string {
    return join(this.dir, `${repoId}.json`);
  }
}

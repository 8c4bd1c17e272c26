import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HookEventInput, RefSnapshotStore, RefState, UnitOfWork } from '@bellows/domain';
import { WebhookEvents } from './webhook-events';

/** Writers of one repository that came first, one after another, before this one gives up (each retry reads git again). */
const MAX_ATTEMPTS = 20;

/** What a writer makes of the refs before and after: the events to queue. */
export type EventsOfChange = (before: RefState | undefined, after: RefState) => Promise<HookEventInput[]>;

/**
 * The branches and tags of each repository as webhooks last saw them, in the
 * database (RefSnapshotStore), shared by every instance. A git write reads
 * the snapshot, then git, works out the events, and in one transaction stores
 * the new snapshot if it is still the one it read and queues the events; when
 * another write (in this process or another instance) stored one since, it
 * starts again from what that one stored. So each ref move is announced once,
 * never twice nor lost, whichever instance took the push.
 *
 * Snapshots were files under `APP_DATA_PATH/webhooks/refs` before, one
 * process's: a repository without a row yet starts from its old file.
 */
export class RefSnapshots {
  constructor(
    private readonly store: RefSnapshotStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly events: WebhookEvents,
    private readonly legacyDir: string,
  ) {}

  /** Reads `readRefs()` against the stored snapshot, stores it and queues `eventsOf` the change; false when writers kept coming first. */
  async update(repoId: number, readRefs: () => Promise<RefState>, eventsOf: EventsOfChange): Promise<boolean> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const seen = await this.store.find(repoId);
      // Git after the snapshot: a snapshot stored meanwhile makes the swap fail, never pairs with older refs.
      const after = await readRefs();
      const before = seen.state ?? (seen.version === 0 ? await this.legacy(repoId) : undefined);
      const events = await eventsOf(before, after);
      const stored = await this.unitOfWork.run(async (tx) => {
        if (!(await tx.refSnapshots.replace(repoId, seen.version, after))) return false;
        for (const event of events) await this.events.enqueue(tx, event);
        return true;
      });
      if (stored) return true;
    }
    return false;
  }

  private async legacy(repoId: number): Promise<RefState | undefined> {
    try {
      return JSON.parse(await readFile(join(this.legacyDir, `${repoId}.json`), 'utf8')) as RefState;
    } catch {
      return undefined;
    }
  }
}

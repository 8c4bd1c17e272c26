import { OrphanRow, UsageDifference } from '@bellows/domain';
import { CommandError } from '../command';
import { withApplicationContext } from '../application-context';
import { parseOptions } from '../parse-options';
import { RepositoryService } from '../../modules/repositories/repository.service';
import { describeGarbage, StorageGarbage } from '../../modules/storage-garbage/storage-garbage.service';

/**
 * `bellows admin quota recalculate [--owner NAME]`: makes the stored usage
 * true again, and says each thing it fixed:
 *
 * 1. rows whose parent is gone (and stored-content rows nothing uses) are
 *    removed through their stores, so the ledger moves with them:
 *    `orphan attachment 12 (release 4 is gone): 10000 bytes removed`;
 * 2. the git size of every repository concerned is measured again on disk and
 *    stored: `owner/repo git size: stored → measured`;
 * 3. the ledger is recounted from the rows' sizes: `owner bucket: stored → counted`;
 * 4. without `--owner`, the blob sweep of `bellows admin storage gc` runs (files
 *    have no owner): `unreferenced blob attachments/ab/cd/…: 5000 bytes removed`.
 *
 * It prints `nothing to fix` when there was nothing to do. With `--owner`, only
 * orphans counted for that owner are removed.
 */
export async function adminQuotaRecalculate(args: string[], configPath: string | undefined): Promise<void> {
  const values = parseOptions(args, { owner: { type: 'string' } });
  const ownerName = typeof values.owner === 'string' ? values.owner : undefined;
  const lines = await withApplicationContext(configPath, async (app, db) => {
    const owner = ownerName === undefined ? undefined : await db.owners.findByName(ownerName);
    if (owner === null) throw new CommandError(`user or organization "${ownerName}" does not exist`);
    const orphans = await db.orphanRows.removeAll(owner?.id);
    const measured = await app.get(RepositoryService, { strict: false }).refreshAllGitSizes(owner?.id);
    const fixed = await db.quotaRecount.fix(owner?.id);
    const garbage = owner ? [] : await app.get(StorageGarbage, { strict: false }).sweep();
    const names = new Map<number, string>();
    for (const id of new Set(fixed.map((d) => d.ownerId))) names.set(id, (await db.owners.findById(id))?.name ?? `#${id}`);
    return [
      ...orphans.map(describeOrphan),
      ...measured.map((c) => `${c.fullName} git size: ${c.stored} → ${c.measured}`),
      ...fixed.map((d) => describe(d, names.get(d.ownerId)!)),
      ...garbage.map((file) => describeGarbage(file)),
    ];
  });
  process.stdout.write(lines.length ? `${lines.join('\n')}\n` : 'nothing to fix\n');
}

function describe(difference: UsageDifference, ownerName: string): string {
  return `${ownerName} ${difference.bucket}: ${difference.stored} → ${difference.counted}`;
}

function describeOrphan(orphan: OrphanRow): string {
  return `orphan ${orphan.kind} ${orphan.id} (${orphan.reason}): ${orphan.size} bytes removed`;
}

import { UsageDifference } from '@bellows/persistence-typeorm';
import { CommandError } from '../command';
import { withApplicationContext } from '../application-context';
import { parseOptions } from '../parse-options';

/**
 * `bellows admin quota recalculate [--owner NAME]`: recounts every owner's
 * usage (or one owner's) from the stored rows, prints each figure that was
 * wrong as `owner bucket: stored → counted`, and repairs the ledger.
 *
 * Sizes come from the database rows. Measuring git repositories and stored
 * files on disk arrives with the git and storage issues, which will refresh
 * the rows' sizes here before the recount.
 */
export async function adminQuotaRecalculate(args: string[], configPath: string | undefined): Promise<void> {
  const values = parseOptions(args, { owner: { type: 'string' } });
  const ownerName = typeof values.owner === 'string' ? values.owner : undefined;
  const lines = await withApplicationContext(configPath, async (_app, db) => {
    const owner = ownerName === undefined ? undefined : await db.owners.findByName(ownerName);
    if (owner === null) throw new CommandError(`user or organization "${ownerName}" does not exist`);
    const fixed = await db.quotaRecount.fix(owner?.id);
    const names = new Map<number, string>();
    for (const id of new Set(fixed.map((d) => d.ownerId))) names.set(id, (await db.owners.findById(id))?.name ?? `#${id}`);
    return fixed.map((d) => describe(d, names.get(d.ownerId)!));
  });
  process.stdout.write(lines.length ? `${lines.join('\n')}\n` : 'nothing to fix\n');
}

function describe(difference: UsageDifference, ownerName: string): string {
  return `${ownerName} ${difference.bucket}: ${difference.stored} → ${difference.counted}`;
}

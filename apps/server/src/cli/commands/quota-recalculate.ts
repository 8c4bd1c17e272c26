import { UsageDifference } from '@bellows/persistence-typeorm';
import { CommandError } from '../command';
import { withApplicationContext } from '../application-context';
import { parseOptions } from '../parse-options';
import { RepositoryService } from '../../modules/repositories/repository.service';

/**
 * `bellows admin quota recalculate [--owner NAME]`: recounts every owner's
 * usage (or one owner's), prints each figure that was wrong as
 * `owner/repo git size: stored → measured` or `owner bucket: stored → counted`,
 * and repairs them.
 *
 * First the git size of every repository concerned is measured again on disk
 * and stored (moving the ledger with it); then the ledger is recounted from
 * the rows' sizes.
 */
export async function adminQuotaRecalculate(args: string[], configPath: string | undefined): Promise<void> {
  const values = parseOptions(args, { owner: { type: 'string' } });
  const ownerName = typeof values.owner === 'string' ? values.owner : undefined;
  const lines = await withApplicationContext(configPath, async (app, db) => {
    const owner = ownerName === undefined ? undefined : await db.owners.findByName(ownerName);
    if (owner === null) throw new CommandError(`user or organization "${ownerName}" does not exist`);
    const measured = await app.get(RepositoryService, { strict: false }).refreshAllGitSizes(owner?.id);
    const fixed = await db.quotaRecount.fix(owner?.id);
    const names = new Map<number, string>();
    for (const id of new Set(fixed.map((d) => d.ownerId))) names.set(id, (await db.owners.findById(id))?.name ?? `#${id}`);
    return [...measured.map((c) => `${c.fullName} git size: ${c.stored} → ${c.measured}`), ...fixed.map((d) => describe(d, names.get(d.ownerId)!))];
  });
  process.stdout.write(lines.length ? `${lines.join('\n')}\n` : 'nothing to fix\n');
}

function describe(difference: UsageDifference, ownerName: string): string {
  return `${ownerName} ${difference.bucket}: ${difference.stored} → ${difference.counted}`;
}

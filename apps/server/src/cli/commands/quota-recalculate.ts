import { OrphanRow } from '@bellows/domain';
import { withApplicationContext } from '../application-context';
import { parseOptions } from '../parse-options';
import { FixedUsage, QuotaRecalculation } from '../../modules/storage-garbage/quota-recalculation.service';
import { describeGarbage } from '../../modules/storage-garbage/storage-garbage.service';

/**
 * `bellows admin quota recalculate [--owner NAME]`: makes the stored usage
 * true again (QuotaRecalculation), and says each thing it fixed:
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
  const report = await withApplicationContext(configPath, (app) => app.get(QuotaRecalculation, { strict: false }).recalculate(ownerName));
  const lines = [
    ...report.orphans.map(describeOrphan),
    ...report.gitSizes.map((c) => `${c.fullName} git size: ${c.stored} → ${c.measured}`),
    ...report.fixed.map(describe),
    ...report.garbage.map((file) => describeGarbage(file)),
  ];
  process.stdout.write(lines.length ? `${lines.join('\n')}\n` : 'nothing to fix\n');
}

function describe(fixed: FixedUsage): string {
  return `${fixed.ownerName} ${fixed.bucket}: ${fixed.stored} → ${fixed.counted}`;
}

function describeOrphan(orphan: OrphanRow): string {
  return `orphan ${orphan.kind} ${orphan.id} (${orphan.reason}): ${orphan.size} bytes removed`;
}

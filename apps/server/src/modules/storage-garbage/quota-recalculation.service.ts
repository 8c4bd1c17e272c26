import { Injectable, NotFoundException } from '@nestjs/common';
import { OrphanRow, OrphanRows, OwnerStore, UsageDifference, UsageRecount } from '@bellows/domain';
import { GitSizeChange, RepositoryService } from '../repositories/repository.service';
import { GarbageFile, StorageGarbage } from './storage-garbage.service';

/** A ledger figure that was fixed, with the name of its owner (`#id` once the owner is gone). */
export interface FixedUsage extends UsageDifference {
  ownerName: string;
}

/** What `bellows admin quota recalculate` did, step by step. */
export interface QuotaRecalculationReport {
  orphans: OrphanRow[];
  gitSizes: GitSizeChange[];
  fixed: FixedUsage[];
  garbage: GarbageFile[];
}

/**
 * The operator's repair of the stored usage (`bellows admin quota
 * recalculate`), for one owner or for all:
 *
 * 1. rows whose parent is gone (and stored-content rows nothing uses) are
 *    removed, the ledger moving with them (OrphanRows);
 * 2. the git size of every repository concerned is measured again on disk and stored;
 * 3. the ledger is recounted from the rows' sizes and fixed (UsageRecount);
 * 4. for all owners only, the blob sweep of `bellows admin storage gc` runs (files have no owner).
 */
@Injectable()
export class QuotaRecalculation {
  constructor(
    private readonly owners: OwnerStore,
    private readonly orphans: OrphanRows,
    private readonly recount: UsageRecount,
    private readonly repositories: RepositoryService,
    private readonly garbage: StorageGarbage,
  ) {}

  /** 404 when `ownerName` names no user or organization. */
  async recalculate(ownerName?: string): Promise<QuotaRecalculationReport> {
    const owner = ownerName === undefined ? undefined : await this.owners.findByName(ownerName);
    if (owner === null) throw new NotFoundException(`user or organization "${ownerName}" does not exist`);
    const orphans = await this.orphans.removeAll(owner?.id);
    const gitSizes = await this.repositories.refreshAllGitSizes(owner?.id);
    const differences = await this.recount.fix(owner?.id);
    const garbage = owner ? [] : await this.garbage.sweep();
    const names = new Map<number, string>();
    for (const id of new Set(differences.map((d) => d.ownerId))) names.set(id, (await this.owners.findById(id))?.name ?? `#${id}`);
    return { orphans, gitSizes, fixed: differences.map((d) => ({ ...d, ownerName: names.get(d.ownerId)! })), garbage };
  }
}

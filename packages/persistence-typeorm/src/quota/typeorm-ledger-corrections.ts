import { EntityManager } from 'typeorm';
import { LedgerCorrections, LedgerCorrectionTotals, UsageDifference } from '@bellows/domain';
import { sqlParam } from './in-transaction';

/** The `instance_counter` rows the recount adds to (the migration creates them at 0). */
const CORRECTIONS = 'quota_ledger_corrections';
const CORRECTED_BYTES = 'quota_ledger_corrected_bytes';

/**
 * The LedgerCorrections port over `instance_counter`. The recount calls
 * `record` in the transaction that rewrites the figures, so the count moves
 * exactly when the repair commits, whichever process made it.
 */
export class TypeOrmLedgerCorrections extends LedgerCorrections {
  constructor(private readonly manager: EntityManager) {
    super();
  }

  async totals(): Promise<LedgerCorrectionTotals> {
    const rows: { name: string; value: string | number }[] = await this.manager.query(
      `SELECT name, value FROM instance_counter WHERE name IN (${sqlParam(this.manager, 1)}, ${sqlParam(this.manager, 2)})`,
      [CORRECTIONS, CORRECTED_BYTES],
    );
    const value = (name: string) => Number(rows.find((row) => row.name === name)?.value ?? 0);
    return { corrections: value(CORRECTIONS), bytes: value(CORRECTED_BYTES) };
  }

  /** Adds these corrections to the counts, in the caller's transaction (`manager`). */
  static async record(manager: EntityManager, corrections: readonly UsageDifference[]): Promise<void> {
    if (corrections.length === 0) return;
    const bytes = corrections.reduce((sum, d) => sum + Math.abs(d.counted - d.stored), 0);
    const add = `UPDATE instance_counter SET value = value + ${sqlParam(manager, 1)} WHERE name = ${sqlParam(manager, 2)}`;
    await manager.query(add, [corrections.length, CORRECTIONS]);
    await manager.query(add, [bytes, CORRECTED_BYTES]);
  }
}

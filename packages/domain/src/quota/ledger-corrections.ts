/**
 * What the recount (`bellows admin quota recalculate`) has repaired in the
 * usage ledger since the instance began keeping count: how many figures it
 * rewrote, and by how many bytes they were off in all (each correction's
 * |counted − stored|). Both only ever grow.
 */
export interface LedgerCorrectionTotals {
  readonly corrections: number;
  readonly bytes: number;
}

/**
 * Port: the running totals of ledger corrections. The recount adds to them in
 * the transaction that rewrites the figures, in whichever process runs it (a
 * CLI command included), so every server reads the instance's whole count.
 */
export abstract class LedgerCorrections {
  abstract totals(): Promise<LedgerCorrectionTotals>;
}

/**
 * One part of `npm run bench` (quota, reads, writes, uploads, git…). Parts are
 * independent: each starts what it needs, measures, prints its own detailed
 * table, writes its figures to `bench/results/`, cleans up, and answers the
 * rows it adds to the summary table that `npm run bench` prints at the end
 * (and that docs/performance.md shows).
 *
 * A part lives in `bench/<folder>/<name>-bench.ts` and exports a `BenchPart`;
 * run.ts finds it there, so adding a part touches no shared file.
 */
export interface BenchPart {
  /** The name `BENCH_ONLY` selects it by, e.g. `quota`. */
  name: string;
  description: string;
  run(context: BenchContext): Promise<SummaryRow[]>;
}

export interface BenchContext {
  /** Folder for `<part>-<engine>.json` result files (created when missing). */
  resultsDir: string;
  /** Prints a line of the bench's report. */
  log(line: string): void;
  /** Writes a part's figures to `<resultsDir>/<name>.json` (the folder made when missing) and answers the file's path. */
  saveFigures(name: string, figures: unknown): string;
}

/**
 * One line of the summary: a figure of Bellows beside the baseline measured in
 * the same run, their ratio, and the goal it is held to.
 */
export interface SummaryRow {
  /** What was measured, e.g. `GET /user/quota, 50 connections`. */
  what: string;
  /** `sqlite3`, `postgres`, or `-` where the engine plays no part. */
  engine: string;
  /** Bellows' figure with its unit, e.g. `9 512 req/s`. */
  bellows: string;
  /** The baseline's figure with its unit, or `-` when the goal is absolute. */
  baseline: string;
  /** Bellows / baseline, oriented as the goal reads (null when there is no baseline). */
  ratio: number | null;
  /** The goal in words, e.g. `≥ 0.5×`. */
  goal: string;
  met: boolean;
}

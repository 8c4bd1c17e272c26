/**
 * One part of `npm run bench` (quota today; git clone/push comes later). Parts
 * are independent: each starts what it needs, measures, prints its own table,
 * writes its figures to `bench/results/`, and cleans up.
 */
export interface BenchPart {
  /** The name `BENCH_ONLY` selects it by, e.g. `quota`. */
  name: string;
  description: string;
  run(context: BenchContext): Promise<void>;
}

export interface BenchContext {
  /** Folder for `<part>-<engine>.json` result files (created when missing). */
  resultsDir: string;
  /** Prints a line of the bench's report. */
  log(line: string): void;
}
